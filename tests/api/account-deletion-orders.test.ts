// Deleting an account cancels its draft orders at Printful (issue 27), against the fake Printful over HTTP: the
// cancel is recorded in the deletion's transaction, retried through an outage, picked up by a restarted server and
// sent once by two servers; an order past draft stays with Printful, and the export says which is which.
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { loadConfig } from '../../server/config.ts'
import { orders, providerCancellations } from '../../server/db/schema.ts'
import type { AppDeps } from '../../server/deps.ts'
import { printfulProvider } from '../../server/orders/print-provider/printful.ts'
import { providerCancellationsFor } from '../../server/orders/provider-cancellations.ts'
import { type FakePrintful, startFakePrintful } from '../fakes/printful.ts'
import { describeEachDatabase, TestApp } from './harness.ts'
import { captureLogs } from './log-capture.ts'
import { type Owner, signUpOwner } from './owner-helpers.ts'

const recipient = { name: 'Ada Lovelace', address1: '1 Main St', city: 'Austin', country_code: 'US', state_code: 'TX', zip: '78701' }
const FAST_RETRY = { firstMs: 50, maxMs: 200, leaseMs: 60_000 }

// Two orders with their print files on PGlite under a loaded machine take longer than the default 30 s.
vi.setConfig({ testTimeout: 120_000 })

let fake: FakePrintful
beforeAll(async () => {
  fake = await startFakePrintful()
})
afterAll(() => fake.close())

/** Waits for a condition, never for a fixed time: the machine may be slow. */
async function until(check: () => boolean | Promise<boolean>, what: string) {
  for (let i = 0; i < 2000; i += 1) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  throw new Error(`timed out waiting for ${what}`)
}

describeEachDatabase('account deletion cancels draft orders at Printful', (getDatabase) => {
  const logs = captureLogs()
  const config = loadConfig({ JWT_SECRET: 'test-secret-test-secret-test-secret-42', DATA_DIR: '.tmp/test-data', LOG_LEVEL: 'silent' })
  const provider = () => printfulProvider({ token: fake.token, apiUrl: fake.url, timeoutMs: 5000, sleep: async () => {} })
  const appOn = async (overrides: Partial<AppDeps> = {}) =>
    new TestApp(await getDatabase(), { config, printProvider: provider(), logger: logs.logger, providerCancelRetry: FAST_RETRY, ...overrides })

  async function orderOf(t: TestApp, owner: Owner): Promise<{ id: string; providerOrderId: string; status: string }> {
    const res = await t.request('POST', '/api/public/printful/orders', {
      token: owner.token,
      body: { recipient, shipping: 'STANDARD', items: [{ variant_id: 4013, quantity: 1 }] },
    })
    expect(res.status).toBe(201)
    return res.json
  }
  const deleteAccount = async (t: TestApp, owner: Owner) =>
    expect((await t.request('DELETE', '/api/users/me', { token: owner.token, body: { currentPassword: owner.password } })).status).toBe(204)
  const statusAtPrintful = (providerOrderId: string) => fake.orders.find((o) => String(o.id) === providerOrderId)?.status
  const cancelsOf = (providerOrderId: string) => fake.requests.filter((r) => r.method === 'DELETE' && r.path === `/orders/${providerOrderId}`).length
  const pending = async (t: TestApp, providerOrderId: string) =>
    t.db
      .select()
      .from(providerCancellations)
      .where(and(eq(providerCancellations.provider, 'printful'), eq(providerCancellations.providerOrderId, providerOrderId)))

  it('the export says which orders remain with Printful; deletion cancels the draft and leaves the order in production', async () => {
    const t = await appOn()
    const owner = await signUpOwner(t, 'leaver')
    const draft = await orderOf(t, owner)
    const printing = await orderOf(t, owner)
    fake.update(printing.providerOrderId, { status: 'inprocess' })
    await t.db.update(orders).set({ status: 'inprocess' }).where(eq(orders.id, printing.id))

    const exported = (await t.request('GET', '/api/users/me/export', { token: owner.token })).json
    const withProvider = Object.fromEntries(exported.orders.map((o: { id: string; withProvider: string }) => [o.id, o.withProvider]))
    expect(withProvider).toEqual({ [draft.id]: 'until-account-deletion', [printing.id]: 'kept-by-provider' })

    await deleteAccount(t, owner)
    await until(() => statusAtPrintful(draft.providerOrderId) === 'canceled', 'the draft to be cancelled')
    await providerCancellationsFor(t.deps).idle()
    expect(await pending(t, draft.providerOrderId)).toEqual([])
    expect(statusAtPrintful(printing.providerOrderId)).toBe('inprocess')
    expect(cancelsOf(printing.providerOrderId)).toBe(0)
    providerCancellationsFor(t.deps).stop()
  })

  it('a Printful outage during the cancel is retried later, and the cancel still happens', async () => {
    const t = await appOn()
    const owner = await signUpOwner(t, 'outage')
    const draft = await orderOf(t, owner)
    // A 500, then a 429 answered twice (the client's own short retry): two failed attempts before Printful answers.
    fake.inject({ kind: 'error', status: 500, message: 'Internal error' }, { kind: 'rate-limit', retryAfter: '1' }, { kind: 'rate-limit', retryAfter: '1' })
    await deleteAccount(t, owner)
    await until(() => statusAtPrintful(draft.providerOrderId) === 'canceled', 'the cancel after the outage')
    expect(cancelsOf(draft.providerOrderId)).toBe(4)
    await providerCancellationsFor(t.deps).idle()
    expect(await pending(t, draft.providerOrderId)).toEqual([])
    expect(logs.text()).toContain('provider order not cancelled; kept for a later attempt')
    providerCancellationsFor(t.deps).stop()
  })

  it('a draft that Printful moved into production meanwhile is refused, left for fulfilment and not retried', async () => {
    const t = await appOn()
    const owner = await signUpOwner(t, 'late')
    const draft = await orderOf(t, owner)
    fake.update(draft.providerOrderId, { status: 'inprocess' }) // our copy still says draft: no webhook yet
    await deleteAccount(t, owner)
    await until(() => cancelsOf(draft.providerOrderId) === 1, 'the cancel to be tried')
    await until(async () => (await pending(t, draft.providerOrderId)).length === 0, 'the refused row to be dropped')
    expect(statusAtPrintful(draft.providerOrderId)).toBe('inprocess')
    expect(logs.text()).toContain('left for fulfilment')
    providerCancellationsFor(t.deps).stop()
  })

  describe('a server that stopped before cancelling', () => {
    it('leaves the cancel recorded, and a restarted server sends it, once even with two servers', async () => {
      const before = await appOn()
      providerCancellationsFor(before.deps).stop() // the server goes down right after the deletion commits
      const owner = await signUpOwner(before, 'restart')
      const draft = await orderOf(before, owner)
      await deleteAccount(before, owner)
      expect(await pending(before, draft.providerOrderId)).toMatchObject([{ attempts: 0 }])
      expect(statusAtPrintful(draft.providerOrderId)).toBe('draft')

      // Two servers start on the same database; each kicks its worker at start, as server/main.ts does.
      const [one, two] = [await appOn(), await appOn()]
      const workers = [providerCancellationsFor(one.deps), providerCancellationsFor(two.deps)]
      for (const worker of workers) worker.kick()
      await until(() => statusAtPrintful(draft.providerOrderId) === 'canceled', 'the restarted server to cancel')
      for (const worker of workers) await worker.idle()
      expect(cancelsOf(draft.providerOrderId)).toBe(1)
      expect(await pending(one, draft.providerOrderId)).toEqual([])
      for (const worker of workers) worker.stop()
    })
  })
})
