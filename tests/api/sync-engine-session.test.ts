// Every request of a sync pass is bound to the owner it was built for: another owner's sign-in during a push never
// sends the first owner's outbox with the newcomer's token.
import 'fake-indexeddb/auto'
import { beforeAll, expect, it } from 'vitest'
import { pendingOutboxCount } from '../../src/local/queries.ts'
import { updateProfileSettings } from '../../src/local/writes.ts'
import { createDevice } from '../../src/sync/testing.ts'
import type { FetchLike } from '../../src/sync/transport.ts'
import { describeEachDatabase, TestApp } from './harness.ts'
import { signUpOwner } from './owner-helpers.ts'

describeEachDatabase('a sign-in as another owner during a push', (getDatabase) => {
  let t: TestApp
  beforeAll(async () => {
    t = new TestApp(await getDatabase())
  })
  const appFetch: FetchLike = (input, init) => Promise.resolve(t.app.request(input, init))

  it("the batch taken for the first owner is not sent with the second owner's token", async () => {
    const first = await signUpOwner(t, 'first')
    const second = await signUpOwner(t, 'second')
    const device = await createDevice({ fetch: appFetch, tokens: first })
    expect(await device.engine.syncOnce()).toBe('synced')
    await updateProfileSettings(device.db, { description: "The first owner's words" })

    // Logout and the second owner's sign-in land in the shared token store right after the batch was taken (its
    // entries are marked sent), before the push reads the token it is sent with.
    let armed = true
    const read = device.tokens.read.bind(device.tokens)
    device.tokens.read = async () => {
      if (armed && (await device.db.outbox.filter((entry) => entry.sent === true).count()) > 0) {
        armed = false
        device.tokens.current = { token: second.token, refreshToken: second.refreshToken }
      }
      return read()
    }

    expect(await device.engine.syncOnce()).toBe('interrupted')
    expect(armed).toBe(false)
    // The second owner's profile is untouched; the first owner's change is still queued on the device, not lost.
    expect((await t.request('GET', '/api/profiles', { token: second.token })).json.description).not.toBe("The first owner's words")
    expect((await t.request('GET', '/api/profiles', { token: first.token })).json.description).not.toBe("The first owner's words")
    expect(await pendingOutboxCount(device.db)).toBe(1)
    // The next pass sees another owner's tokens over this owner's data and stops: nothing of it is sent.
    expect(await device.engine.syncOnce()).toBe('signed-out')
    expect((await t.request('GET', '/api/profiles', { token: second.token })).json.description).not.toBe("The first owner's words")
  })
})
