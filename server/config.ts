// Environment -> typed configuration, with the defaults of design.md section 2 and a clear message for a bad value.
import { createECDH, hkdfSync, randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import * as v from 'valibot'
import { parseAllowHosts } from './outbound/address-policy.ts'

/** pino's levels; 'silent' writes nothing (the test suites use it). */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

const url = (name: string) => v.pipe(v.string(), v.url(`${name} must be an absolute URL, for example http://localhost:8080`))

const EnvSchema = v.object({
  PORT: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d+$/, 'PORT must be a whole number from 0 to 65535'),
      v.transform(Number),
      v.maxValue(65535, 'PORT must be a whole number from 0 to 65535'),
    ),
    '8080',
  ),
  HOST: v.optional(v.pipe(v.string(), v.minLength(1, 'HOST must not be empty')), '127.0.0.1'),
  PUBLIC_URL: v.optional(url('PUBLIC_URL')),
  DATA_DIR: v.optional(v.pipe(v.string(), v.minLength(1, 'DATA_DIR must not be empty')), './data'),
  DATABASE_URL: v.optional(
    v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')),
  ),
  JWT_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, 'JWT_SECRET must be at least 32 characters'))),
  ADDRESS_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, 'ADDRESS_SECRET must be at least 32 characters'))),
  PRINTFUL_TOKEN: v.optional(v.string()),
  PRINTFUL_API_URL: v.optional(url('PRINTFUL_API_URL'), 'https://api.printful.com'),
  PRINTFUL_STORE_ID: v.optional(v.string()),
  PRINTFUL_WEBHOOK_SECRET: v.optional(
    v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{16,200}$/, 'PRINTFUL_WEBHOOK_SECRET must be 16-200 letters, digits, _ or -')),
  ),
  PRINTFUL_WEBHOOK_SECRET_PREVIOUS: v.optional(
    v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{16,200}$/, 'PRINTFUL_WEBHOOK_SECRET_PREVIOUS must be 16-200 letters, digits, _ or -')),
  ),
  GOOGLE_CLIENT_ID: v.optional(v.string()),
  GOOGLE_CLIENT_SECRET: v.optional(v.string()),
  OIDC_ISSUER: v.optional(
    v.pipe(
      url('OIDC_ISSUER'),
      // Tokens and keys come from there: plain http only for a provider on this machine (the test provider).
      v.check(
        (value) => /^https:\/\//i.test(value) || /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?(\/|$)/i.test(value),
        'OIDC_ISSUER must be an https:// address (http:// only for a provider on localhost)',
      ),
    ),
    'https://accounts.google.com',
  ),
  TURNSTILE_SITE_KEY: v.optional(v.string()),
  TURNSTILE_SECRET_KEY: v.optional(v.string()),
  TURNSTILE_VERIFY_URL: v.optional(
    url('TURNSTILE_VERIFY_URL'),
    'https://challenges.cloudflare.com/turnstile/v0/siteverify',
  ),
  SMTP_URL: v.optional(v.string()),
  SUPPORT_EMAIL_TO: v.optional(v.string()),
  MAIL_FROM: v.optional(v.string()),
  RATE_LIMIT_SCALE: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d+(\.\d+)?$/, 'RATE_LIMIT_SCALE must be a positive number, for example 1 or 10'),
      v.transform(Number),
      v.minValue(0.01, 'RATE_LIMIT_SCALE must be a positive number, for example 1 or 10'),
    ),
    '1',
  ),
  TRUST_PROXY: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^(true|false|[0-9])$/i, 'TRUST_PROXY must be true (one proxy), false, or the number of proxies in front of the server'),
      v.transform((value) => (/^true$/i.test(value) ? 1 : /^false$/i.test(value) ? 0 : Number(value))),
    ),
    'false',
  ),
  DEMO_USERNAME: v.optional(
    v.pipe(v.string(), v.regex(/^[A-Za-z0-9_.-]{3,40}$/, 'DEMO_USERNAME must be 3-40 letters, digits, _ . or -')),
    'demo',
  ),
  SCAN_COUNTING: v.optional(v.picklist(['on', 'off'], 'SCAN_COUNTING must be on or off'), 'on'),
  SCAN_FLUSH_MS: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d+$/, 'SCAN_FLUSH_MS must be a whole number of milliseconds from 100 to 60000'),
      v.transform(Number),
      v.minValue(100, 'SCAN_FLUSH_MS must be a whole number of milliseconds from 100 to 60000'),
      v.maxValue(60_000, 'SCAN_FLUSH_MS must be a whole number of milliseconds from 100 to 60000'),
    ),
    '5000',
  ),
  LINK_PREVIEW_ALLOW_HOSTS: v.optional(
    v.pipe(
      v.string(),
      v.regex(
        /^\s*(\[[0-9a-f:.]+\]|[a-z0-9.-]+):\d{1,5}\s*(,\s*(\[[0-9a-f:.]+\]|[a-z0-9.-]+):\d{1,5}\s*)*,?\s*$/i,
        'LINK_PREVIEW_ALLOW_HOSTS must be a comma-separated list of host:port, for example 127.0.0.1:4000',
      ),
    ),
  ),
  VAPID_PUBLIC_KEY: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{87}$/, 'VAPID_PUBLIC_KEY must be an uncompressed P-256 public key in base64url (87 characters)'))),
  VAPID_PRIVATE_KEY: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/, 'VAPID_PRIVATE_KEY must be a P-256 private key in base64url (43 characters)'))),
  VAPID_SUBJECT: v.optional(
    v.pipe(v.string(), v.regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/i, 'VAPID_SUBJECT must be a mailto: address or an https:// URL')),
  ),
  PUSH_SERVICE_HOSTS: v.optional(
    v.pipe(
      v.string(),
      v.regex(
        /^\s*(\*\.)?[a-z0-9.-]+(:\d{1,5})?\s*(,\s*(\*\.)?[a-z0-9.-]+(:\d{1,5})?\s*)*,?\s*$/i,
        'PUSH_SERVICE_HOSTS must be a comma-separated list of host names (*.example.com for its subdomains, host:port for another port)',
      ),
    ),
  ),
  LOG_LEVEL: v.optional(v.picklist(LOG_LEVELS, `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`), 'info'),
  LOG_BUFFER_BYTES: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d+$/, 'LOG_BUFFER_BYTES must be a whole number of bytes from 16384 to 1073741824'),
      v.transform(Number),
      v.minValue(16_384, 'LOG_BUFFER_BYTES must be a whole number of bytes from 16384 to 1073741824'),
      v.maxValue(1_073_741_824, 'LOG_BUFFER_BYTES must be a whole number of bytes from 16384 to 1073741824'),
    ),
    '4194304',
  ),
})

export type Config = {
  port: number
  host: string
  publicUrl: string
  dataDir: string
  databaseUrl: string | undefined
  jwtSecret: string
  /**
   * The key of every stored value derived from a client address (rate-limit keys, visitor idempotency scopes, the scan
   * salt of the day): ADDRESS_SECRET, or else derived from the JWT secret, so servers that share one share this too
   * (decision 127).
   */
  addressSecret: string
  printfulToken: string | undefined
  printfulApiUrl: string
  /** Sent as X-PF-Store-Id for account-level tokens. */
  printfulStoreId: string | undefined
  /** The secret path segment of POST /api/webhooks/printful/{secret}; unset -> webhooks answer 404. */
  printfulWebhookSecret: string | undefined
  /** Also accepted while a rotation is under way (README: rotating the webhook secret); unset once it is done. */
  printfulWebhookSecretPrevious: string | undefined
  googleClientId: string | undefined
  googleClientSecret: string | undefined
  oidcIssuer: string
  turnstileSiteKey: string | undefined
  turnstileSecretKey: string | undefined
  turnstileVerifyUrl: string
  smtpUrl: string | undefined
  supportEmailTo: string | undefined
  /** From of account mail (verification, reset); unset: SUPPORT_EMAIL_TO, else no-reply@ PUBLIC_URL's host. */
  mailFrom: string
  demoUsername: string
  /** Multiplies every rate limit's allowance (docs/decisions/005-rate-limit-scale.md). */
  rateLimitScale: number
  /** Proxies in front of the server whose X-Forwarded-For entries are believed; 0 = the socket address (decision 075). */
  trustProxy: number
  /** Structured request and error logs at this level and above (server/http/logging.ts). */
  logLevel: LogLevel
  /** What a slow standard output may hold back before new log lines are dropped and counted (server/http/logging.ts). */
  logBufferBytes: number
  /** Scan counts (decision 105): off counts nothing; the counts gathered in memory are written every scanFlushMs. */
  scanCounting: boolean
  scanFlushMs: number
  /** `host:port` pairs link previews may fetch although private or off the default port (LINK_PREVIEW_ALLOW_HOSTS). */
  linkPreviewAllowHosts: string[]
  /** The VAPID key pair of Web Push (base64url): VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, else generated once in DATA_DIR. */
  vapidPublicKey: string
  vapidPrivateKey: string
  /** Who the push services may contact about our pushes: VAPID_SUBJECT, else mailto: MAIL_FROM. */
  vapidSubject: string
  /** Hosts a push subscription's endpoint may name (PUSH_SERVICE_HOSTS; server/notifications/push-endpoint.ts). */
  pushServiceHosts: string[]
}

/** The browsers' own push services (Chrome/Edge on Android, Firefox, Safari, Edge on Windows). */
export const DEFAULT_PUSH_SERVICE_HOSTS = 'fcm.googleapis.com, updates.push.services.mozilla.com, *.push.apple.com, *.notify.windows.com'

export class ConfigError extends Error {}

/** Empty strings count as unset, so `PORT= npm start` behaves like no PORT at all. */
function withoutEmpty(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined && e[1] !== ''))
}

/** Reads the secret from DATA_DIR, creating it once, so tokens survive restarts without any setup. */
function persistedSecret(dataDir: string): string {
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
function persistedVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
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

/** A key of its own from the JWT secret (HKDF): one secret to keep, and neither key reveals the other. */
function derivedAddressSecret(jwtSecret: string): string {
  return Buffer.from(hkdfSync('sha256', jwtSecret, 'qrtee', 'client address keys', 32)).toString('base64url')
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = v.safeParse(EnvSchema, withoutEmpty(env))
  if (!parsed.success) {
    const lines = parsed.issues.map((issue) => `  ${v.getDotPath(issue) ?? 'environment'}: ${issue.message}`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const e = parsed.output
  // Half a Google setup would show a working button that then fails at Google: refuse it at start instead.
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError('Invalid configuration:\n  GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together (Google sign-in needs both), or neither')
  }
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError('Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together, or neither (then a pair is generated in DATA_DIR)')
  }
  const dataDir = path.resolve(e.DATA_DIR)
  const jwtSecret = e.JWT_SECRET ?? persistedSecret(dataDir)
  const vapid = e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } : persistedVapidKeys(dataDir)
  const mailFrom = e.MAIL_FROM ?? e.SUPPORT_EMAIL_TO ?? `no-reply@${new URL(e.PUBLIC_URL ?? 'http://localhost').hostname}`
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    jwtSecret,
    addressSecret: e.ADDRESS_SECRET ?? derivedAddressSecret(jwtSecret),
    printfulToken: e.PRINTFUL_TOKEN,
    printfulApiUrl: e.PRINTFUL_API_URL.replace(/\/+$/, ''),
    printfulStoreId: e.PRINTFUL_STORE_ID,
    printfulWebhookSecret: e.PRINTFUL_WEBHOOK_SECRET,
    printfulWebhookSecretPrevious: e.PRINTFUL_WEBHOOK_SECRET_PREVIOUS,
    googleClientId: e.GOOGLE_CLIENT_ID,
    googleClientSecret: e.GOOGLE_CLIENT_SECRET,
    oidcIssuer: e.OIDC_ISSUER,
    turnstileSiteKey: e.TURNSTILE_SITE_KEY,
    turnstileSecretKey: e.TURNSTILE_SECRET_KEY,
    turnstileVerifyUrl: e.TURNSTILE_VERIFY_URL,
    smtpUrl: e.SMTP_URL,
    supportEmailTo: e.SUPPORT_EMAIL_TO,
    mailFrom,
    demoUsername: e.DEMO_USERNAME,
    rateLimitScale: e.RATE_LIMIT_SCALE,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    logBufferBytes: e.LOG_BUFFER_BYTES,
    scanCounting: e.SCAN_COUNTING === 'on',
    scanFlushMs: e.SCAN_FLUSH_MS,
    linkPreviewAllowHosts: parseAllowHosts(e.LINK_PREVIEW_ALLOW_HOSTS),
    vapidPublicKey: vapid.publicKey,
    vapidPrivateKey: vapid.privateKey,
    vapidSubject: e.VAPID_SUBJECT ?? `mailto:${mailFrom}`,
    pushServiceHosts: parseAllowHosts(e.PUSH_SERVICE_HOSTS ?? DEFAULT_PUSH_SERVICE_HOSTS),
  }
}
