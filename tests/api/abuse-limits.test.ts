import pg from 'pg'
import sharp from 'sharp'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { loadConfig } from '../../server/config.ts'
import type { AppDeps } from '../../server/deps.ts'
import { memoryRateLimitStore, postgresRateLimitStore, withFallback } from '../../server/http/rate-limit-stores.ts'
import { TOO_MANY } from '../../server/http/rate-limit.ts'
import { IMAGE_MESSAGES } from '../../src/contract/images.ts'
import { imageWork } from '../../server/images/image-work.ts'
import { describeEachDatabase, TestApp } from './harness.ts'
import { createItem, signUpOwner } from './owner-helpers.ts'
import { download, fixture, upload } from './upload-helpers.ts'

const MINUTE = 60_000
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`
type Answer = Awaited<ReturnType<TestApp['request']>>

/** The configuration of a server behind one TLS proxy (TRUST_PROXY=1), or of one facing clients directly. */
const configWith = (env: Record<string, string> = {}) =>
  loadConfig({ JWT_SECRET: 'test-secret-test-secret-test-secret-42', DATA_DIR: '.tmp/test-data', LOG_LEVEL: 'silent', ...env })
const behindProxy = configWith({ TRUST_PROXY: '1' })
const fromAddress = (address: string) => ({ 'X-Forwarded-For': `${address}` })

type AbuseCase = {
  name: string
  deps: Partial<AppDeps>
  /** Sends the requests of the case and answers them in order. */
  act: (t: TestApp) => Promise<Answer[]>
  statuses: number[]
  /** The message of the last answer, a 429 or 413. */
  message: RegExp | string
}

async function ownerWithItems(t: TestApp, count: number) {
  const owner = await signUpOwner(t, 'abused')
  const items = []
  for (let i = 0; i < count; i++) items.push(await createItem(t, owner, { name: `Gift ${i}` }))
  return { owner, items }
}

const buy = (t: TestApp, shareableId: string, wishlistItemId: string, headers: Record<string, string> = {}) =>
  t.request('POST', `/api/public/profiles/${shareableId}/purchases`, { body: { wishlistItemId }, headers })

const login = (t: TestApp, email: string, headers: Record<string, string> = {}) =>
  t.request('POST', '/api/auth/login', { body: { email, password: 'a wrong guess' }, headers })

const roomy = { max: 100_000, windowMs: MINUTE }

const cases: AbuseCase[] = [
  {
    name: 'visitor purchases from one network past the per-address limit (other networks still buy)',
    deps: { config: behindProxy, rateLimits: { visitorPurchasePerAddress: { max: 2, windowMs: 10 * MINUTE }, visitorPurchasePerProfile: roomy } },
    act: async (t) => {
      const { owner, items } = await ownerWithItems(t, 4)
      const venue = fromAddress('198.51.100.10')
      return [
        await buy(t, owner.shareableId, items[0]!.id, venue),
        await buy(t, owner.shareableId, items[1]!.id, venue),
        await buy(t, owner.shareableId, items[2]!.id, fromAddress('198.51.100.11')),
        await buy(t, owner.shareableId, items[3]!.id, venue),
      ]
    },
    statuses: [201, 201, 201, 429],
    message: new RegExp(`^${TOO_MANY.purchasesFromAddress}\\. Please try again in \\d+ minutes?\\.$`),
  },
  {
    name: 'visitor purchases of one wishlist from rotating addresses past the per-profile limit (other wishlists still sell)',
    deps: { config: behindProxy, rateLimits: { visitorPurchasePerAddress: roomy, visitorPurchasePerProfile: { max: 2, windowMs: 10 * MINUTE } } },
    act: async (t) => {
      const target = await ownerWithItems(t, 3)
      const other = await ownerWithItems(t, 1)
      return [
        await buy(t, target.owner.shareableId, target.items[0]!.id, fromAddress('203.0.113.1')),
        await buy(t, target.owner.shareableId, target.items[1]!.id, fromAddress('203.0.113.2')),
        await buy(t, other.owner.shareableId, other.items[0]!.id, fromAddress('203.0.113.3')),
        await buy(t, target.owner.shareableId, target.items[2]!.id, fromAddress('203.0.113.4')),
      ]
    },
    statuses: [201, 201, 201, 429],
    message: new RegExp(`^${TOO_MANY.purchasesOfProfile}\\. Please try again in \\d+ minutes?\\.$`),
  },
  {
    name: 'uploads of one owner past the per-user limit (another owner still uploads)',
    deps: { rateLimits: { uploadsPerUser: { max: 2, windowMs: 15 * MINUTE } } },
    act: async (t) => {
      const owner = await t.signUp('uploader')
      const other = await t.signUp('uploader')
      return [
        await upload(t, owner.token, fixture('small.png')),
        await upload(t, owner.token, fixture('small.png')),
        await upload(t, other.token, fixture('small.png')),
        await upload(t, owner.token, fixture('small.png')),
      ]
    },
    statuses: [201, 201, 201, 429],
    message: new RegExp(`^${TOO_MANY.uploads}\\. Please try again in \\d+ minutes?\\.$`),
  },
  {
    name: 'sign-in guesses at one account from rotating X-Forwarded-For addresses behind TRUST_PROXY meet the per-account limit',
    // One attempt per address: were the header ignored, every attempt would share one address and meet its limit of 1.
    deps: { config: behindProxy, rateLimits: { loginPerAccount: { max: 3, windowMs: 15 * MINUTE }, loginPerAddress: { max: 1, windowMs: 15 * MINUTE } } },
    act: async (t) => {
      const { email } = await t.signUp('guessed')
      const answers = []
      for (let i = 1; i <= 4; i++) answers.push(await login(t, email, fromAddress(`192.0.2.${i}`)))
      return answers
    },
    statuses: [401, 401, 401, 429],
    message: new RegExp(`^${TOO_MANY.attempts}\\. Please try again in \\d+ minutes?\\.$`),
  },
  {
    name: 'without TRUST_PROXY, X-Forwarded-For is ignored: rotating it does not escape the per-address limit',
    deps: { config: configWith(), rateLimits: { loginPerAccount: roomy, loginPerAddress: { max: 2, windowMs: 15 * MINUTE } } },
    act: async (t) => {
      const answers = []
      for (let i = 1; i <= 3; i++) answers.push(await login(t, `spray.${unique()}@example.test`, fromAddress(`192.0.2.${i}`)))
      return answers
    },
    statuses: [401, 401, 429],
    message: new RegExp(`^${TOO_MANY.attempts}\\. Please try again in \\d+ minutes?\\.$`),
  },
]

describeEachDatabase('abuse limits: visitor purchases, uploads, sign-in behind a proxy', (getDatabase) => {
  it.each(cases)('$name', async ({ deps, act, statuses, message }) => {
    const t = new TestApp(await getDatabase(), deps)
    const answers = await act(t)
    expect(answers.map((a) => a.status)).toEqual(statuses)
    const last = answers.at(-1)!
    expect(last.json).toEqual({ message: expect.stringMatching(message) })
    if (last.status === 429) {
      const retryAfter = Number(last.headers.get('retry-after'))
      expect(retryAfter).toBeGreaterThan(0)
      expect(retryAfter).toBeLessThanOrEqual(15 * 60)
    }
  })

  it("a stranger's guesses lock out only the stranger's address: the owner signing in from elsewhere gets in", async () => {
    const t = new TestApp(await getDatabase(), {
      config: behindProxy,
      rateLimits: { loginPerAccountAndAddress: { max: 3, windowMs: 15 * MINUTE }, loginPerAccount: { max: 50, windowMs: 60 * MINUTE } },
    })
    const owner = await t.signUp('targeted')
    const guesses = []
    for (let i = 0; i < 4; i++) guesses.push((await login(t, owner.email, fromAddress('203.0.113.66'))).status)
    expect(guesses).toEqual([401, 401, 401, 429])
    const signIn = await t.request('POST', '/api/auth/login', { body: { email: owner.email, password: owner.password }, headers: fromAddress('198.51.100.7') })
    expect(signIn.status).toBe(200)
  })

  it("refused purchases (unknown or bought items) do not use up a wishlist's allowance: the real purchase still goes through", async () => {
    const t = new TestApp(await getDatabase(), {
      config: behindProxy,
      rateLimits: { visitorPurchasePerProfile: { max: 2, windowMs: 10 * MINUTE }, visitorPurchasePerAddress: roomy },
    })
    const { owner, items } = await ownerWithItems(t, 2)
    const buy = (wishlistItemId: string, address: string) =>
      t.request('POST', `/api/public/profiles/${owner.shareableId}/purchases`, { body: { wishlistItemId }, headers: fromAddress(address) })
    expect((await buy(items[0]!.id, '192.0.2.10')).status).toBe(201)
    const refused = []
    for (let i = 0; i < 5; i++) refused.push((await buy(crypto.randomUUID(), `192.0.2.${20 + i}`)).status)
    refused.push((await buy(items[0]!.id, '192.0.2.30')).status)
    expect(refused).toEqual([404, 404, 404, 404, 404, 409])
    expect((await buy(items[1]!.id, '192.0.2.40')).status).toBe(201)
    // The allowance itself still holds: a third real purchase would be past it.
    expect((await buy(crypto.randomUUID(), '192.0.2.50')).status).toBe(429)
  })

  describe('a rate-limit store that cannot be reached', () => {
    // Nothing listens on port 1: every query of this store fails at once, as with PostgreSQL gone.
    const deadPool = new pg.Pool({ host: '127.0.0.1', port: 1, user: 'nobody', database: 'none' })
    afterAll(() => deadPool.end())

    it('neither crashes nor opens: sign-in still answers, and the limit is counted by this server alone', async () => {
      const store = withFallback(postgresRateLimitStore(deadPool), memoryRateLimitStore(), { timeoutMs: 500 })
      const t = new TestApp(await getDatabase(), { rateLimitStore: store, rateLimits: { loginPerAccount: { max: 2, windowMs: 15 * MINUTE } } })
      const { email } = await t.signUp('unshared')
      expect((await login(t, email)).status).toBe(401)
      expect((await login(t, email)).status).toBe(401)
      expect((await login(t, email)).status).toBe(429)
    })
  })

  describe('storage quota before decoding', () => {
    let hugePixels: Uint8Array
    beforeAll(async () => {
      // 36 megapixels, under the 40 MP cap: small on disk, slow to decode, so only the quota can refuse it early.
      const image = sharp({ create: { width: 6000, height: 6000, channels: 3, background: { r: 200, g: 30, b: 60 } } })
      hugePixels = new Uint8Array(await image.jpeg({ quality: 50 }).toBuffer())
    })
    afterEach(() => {
      vi.restoreAllMocks()
    })

    it('an owner with no room left gets 413 with the quota message for a huge-pixel file, and nothing is decoded', async () => {
      const database = await getDatabase()
      const roomyApp = new TestApp(database)
      const owner = await roomyApp.signUp('fullquota')
      const first = await upload(roomyApp, owner.token, fixture('small.png'))
      expect(first.status).toBe(201)
      const stored = (await download(roomyApp, first.json.url)).bytes.byteLength
      // The same database, with a quota the first image fills exactly.
      const full = new TestApp(database, { storageQuotaBytes: stored })
      const decoder = vi.spyOn(imageWork, 'run')

      const res = await upload(full, owner.token, hugePixels, { type: 'image/jpeg', name: 'huge.jpg' })
      expect(res.status).toBe(413)
      expect(res.json).toEqual({ message: IMAGE_MESSAGES.quota })
      expect(decoder).not.toHaveBeenCalled()
    })
  })
})
