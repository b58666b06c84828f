// Support messages are kept 180 days, and deleted sooner when their sender asks (issue 27, item 6), on both databases.
import { randomBytes } from 'node:crypto'
import { eq, inArray } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { loadConfig } from '../../server/config.ts'
import { supportMessages } from '../../server/db/schema.ts'
import { deleteSupportMessagesOf, SUPPORT_RETENTION_DAYS } from '../../server/support/support-retention.ts'
import { describeEachDatabase, TestApp } from './harness.ts'

const DAY_MS = 24 * 60 * 60 * 1000
const unique = () => randomBytes(6).toString('hex')
const roomy = { max: 100_000, windowMs: 60_000 }

describeEachDatabase('support message retention', (getDatabase) => {
  const appOn = async () =>
    new TestApp(await getDatabase(), {
      config: loadConfig({ JWT_SECRET: 'test-secret-test-secret-test-secret-42', DATA_DIR: '.tmp/test-data', LOG_LEVEL: 'silent' }),
      supportOptions: { limits: { perAddress: roomy, unverifiedPerAddress: roomy } },
    })
  const stored = (t: TestApp, ids: string[]) => t.db.select({ id: supportMessages.id }).from(supportMessages).where(inArray(supportMessages.id, ids))
  const keep = async (t: TestApp, email: string, ageDays: number) => {
    const [row] = await t.db
      .insert(supportMessages)
      .values({ name: 'Ada', email, message: 'Hello', captcha: 'not-required', mailStatus: 'stored', createdAt: new Date(t.clock.now().getTime() - ageDays * DAY_MS) })
      .returning({ id: supportMessages.id })
    return row?.id ?? ''
  }

  it(`deletes messages older than ${SUPPORT_RETENTION_DAYS} days and keeps younger ones`, async () => {
    const t = await appOn()
    const old = await keep(t, `old.${unique()}@example.test`, SUPPORT_RETENTION_DAYS + 1)
    const young = await keep(t, `young.${unique()}@example.test`, SUPPORT_RETENTION_DAYS - 1)
    const email = `new.${unique()}@example.test`
    expect((await t.request('POST', '/api/public/support/contact', { body: { name: 'Bea', email, message: 'Where is my shirt?' } })).status).toBe(201)
    expect(await stored(t, [old, young])).toEqual([{ id: young }])
    expect(await t.db.select({ id: supportMessages.id }).from(supportMessages).where(eq(supportMessages.email, email))).toHaveLength(1)
  })

  it("deletes every message of a sender who asks, whatever the case of the address, and no one else's", async () => {
    const t = await appOn()
    const marker = unique()
    const mine = [await keep(t, `Ada.${marker}@Example.test`, 3), await keep(t, `ada.${marker}@example.test`, 1)]
    const theirs = await keep(t, `bea.${marker}@example.test`, 1)
    expect(await deleteSupportMessagesOf(t.db, ` ADA.${marker}@example.TEST `)).toBe(2)
    expect(await stored(t, [...mine, theirs])).toEqual([{ id: theirs }])
  })
})
