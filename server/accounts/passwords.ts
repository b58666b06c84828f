// Password hashing (argon2id) and the constant-work check that keeps unknown emails indistinguishable from wrong passwords.
import { randomBytes } from 'node:crypto'
import { hash, verify } from '@node-rs/argon2'

// @node-rs/argon2's defaults are argon2id, m=19 MiB, t=2, p=1: the OWASP Password Storage Cheat Sheet's first
// recommended setting. The algorithm is left at its default because the library exports it as a `const enum`,
// which isolated modules cannot import; tests assert the stored hash starts with `$argon2id$`.
export const hashPassword = (password: string): Promise<string> => hash(password)

/** False for a wrong password and for a hash that cannot be parsed (never throws on bad input). */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

let dummyHash: Promise<string> | undefined

/**
 * Spends the same argon2 work as a real check when no account matches, so a login for an unknown email takes
 * about as long as a wrong password (OWASP Authentication Cheat Sheet, "Authentication Responses"). Always false.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hash(randomBytes(16).toString('base64url'))
  await verifyPassword(await dummyHash, password)
  return false
}
