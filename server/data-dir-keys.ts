// Owns the keys a server keeps in DATA_DIR when the environment gives none: the JWT secret and the VAPID key pair,
// each created once (mode 600) and read back on every start, so they survive restarts without any setup.
import { createECDH, randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/** Reads the secret from DATA_DIR, creating it once, so tokens survive restarts without any setup. */
export function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(dataDir, { recursive: true })
  const secret = randomBytes(48).toString('base64url')
  writeFileSync(file, secret, { mode: 0o600 })
  return secret
}

/**
 * The VAPID key pair kept in DATA_DIR beside the JWT secret, created once: a browser's subscription is bound to the
 * public key, so a new pair would silently end every subscription. Servers sharing a database must share it too.
 */
export function persistedVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.join(dataDir, 'vapid-keys.json')
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string }
  mkdirSync(dataDir, { recursive: true })
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  // The private key is a 32-byte number; a shorter one (leading zero bytes) is padded back to 32.
  const privateKey = ecdh.getPrivateKey()
  const keys = { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: Buffer.concat([Buffer.alloc(32 - privateKey.length), privateKey]).toString('base64url') }
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 })
  return keys
}
