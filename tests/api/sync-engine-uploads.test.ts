// Issue 10, defect 7: a photo on a slow uplink holds back neither the other entries nor the pulls; an upload is aborted
// when it stalls, never because it is slow; a stalled upload goes again later and lands once.
import 'fake-indexeddb/auto'
import { eq } from 'drizzle-orm'
import { beforeAll, expect, it } from 'vitest'
import { images, users } from '../../server/db/schema.ts'
import type { ProgressFetch, Timers } from '../../src/api/progress-upload.ts'
import { itemsQuery, pendingOutboxCount } from '../../src/local/queries.ts'
import { createItem, updateItem } from '../../src/local/writes.ts'
import { createDevice, type Device } from '../../src/sync/testing.ts'
import type { FetchLike } from '../../src/sync/transport.ts'
import { UPLOAD_STALL_MS } from '../../src/sync/uploads.ts'
import { describeEachDatabase, TestApp } from './harness.ts'
import { signUpOwner, type Owner } from './owner-helpers.ts'
import { fixture } from './upload-helpers.ts'

const fields = (name: string, price = 25) => ({ name, description: 'Something I would love to get', price, brand: 'Acme' })
const photo = () => new Blob([fixture('small.png')], { type: 'image/png' })
/** 8 MB at 1 Mbit/s: the time the throttled link takes for the photo's body. */
const SLOW_UPLOAD_SECONDS = 64

/** Timers that move only when the test says so: the fake time of the link and of the engine's stall watch. */
function manualClock() {
  let now = 0
  let nextId = 1
  const pending = new Map<number, { at: number; run: () => void }>()
  const timers: Timers = {
    setTimeout: (run, ms) => {
      pending.set(nextId, { at: now + ms, run })
      return nextId++
    },
    clearTimeout: (id) => void pending.delete(id as number),
  }
  return {
    timers,
    advance(ms: number) {
      const until = now + ms
      for (;;) {
        const due = [...pending.entries()].filter(([, timer]) => timer.at <= until).sort((a, b) => a[1].at - b[1].at)[0]
        if (!due) break
        pending.delete(due[0])
        now = due[1].at
        due[1].run()
      }
      now = until
    },
  }
}

type Attempt = { seconds: number; stallAfterSeconds?: number }

/**
 * A throttled uplink for uploads: each attempt sends its body over `seconds` of fake time, one progress event a
 * second, or stops moving after `stallAfterSeconds`; a finished body reaches the real app. Every other call goes
 * straight to the app.
 */
function throttledLink(t: TestApp, clock: ReturnType<typeof manualClock>, attempts: Attempt[]) {
  const link = { attempts: 0, aborts: 0, longestSeconds: 0, transmitting: false }
  const progressFetch: ProgressFetch = (input, init, onProgress) =>
    new Promise<Response>((resolve, reject) => {
      const attempt = attempts[Math.min(link.attempts, attempts.length - 1)] ?? { seconds: 1 }
      link.attempts += 1
      link.transmitting = true
      let seconds = 0
      let timer: unknown
      const onAbort = () => {
        link.aborts += 1
        link.transmitting = false
        clock.timers.clearTimeout(timer)
        reject(init.signal.reason)
      }
      init.signal.addEventListener('abort', onAbort, { once: true })
      const tick = () => {
        if (attempt.stallAfterSeconds !== undefined && seconds >= attempt.stallAfterSeconds) return
        seconds += 1
        link.longestSeconds = Math.max(link.longestSeconds, seconds)
        onProgress()
        if (seconds < attempt.seconds) {
          timer = clock.timers.setTimeout(tick, 1_000)
          return
        }
        link.transmitting = false
        init.signal.removeEventListener('abort', onAbort)
        Promise.resolve(t.app.request(input, { ...init, signal: undefined })).then(resolve, reject)
      }
      timer = clock.timers.setTimeout(tick, 1_000)
    })
  return { link, progressFetch }
}

/** Runs `work` to its end, moving fake time a second at a time while the link waits for it. */
async function drive<T>(clock: ReturnType<typeof manualClock>, link: { transmitting: boolean }, work: Promise<T>): Promise<T> {
  let settled = false
  const result = work.finally(() => {
    settled = true
  })
  while (!settled) {
    if (link.transmitting) clock.advance(1_000)
    await new Promise((resolve) => setTimeout(resolve, 2))
  }
  return result
}

describeEachDatabase('a photo on a slow uplink', (getDatabase) => {
  let t: TestApp
  let appFetch: FetchLike
  beforeAll(async () => {
    t = new TestApp(await getDatabase())
    appFetch = (input, init) => Promise.resolve(t.app.request(input, init))
  })

  async function phoneAndLaptop(owner: Owner, attempts: Attempt[]) {
    const clock = manualClock()
    const { link, progressFetch } = throttledLink(t, clock, attempts)
    const login = await t.request('POST', '/api/auth/login', { body: { email: owner.email, password: owner.password } })
    const phone = await createDevice({ fetch: appFetch, tokens: owner, uploads: { progressFetch, timers: clock.timers } })
    const laptop = await createDevice({ fetch: appFetch, tokens: login.json })
    expect(await phone.engine.syncOnce()).toBe('synced')
    expect(await laptop.engine.syncOnce()).toBe('synced')
    return { phone, laptop, clock, link }
  }

  const serverItems = async (owner: Owner) =>
    ((await t.request('GET', '/api/profiles', { token: owner.token })).json.wishlist as { id: string; name: string; storedImageId: string | null }[])
      .map(({ id, name, storedImageId }) => ({ id, name, storedImageId }))
      .sort((a, b) => a.name.localeCompare(b.name))
  const localItems = async (device: Device) =>
    (await itemsQuery(device.db)).map(({ id, name, storedImageId }) => ({ id, name, storedImageId })).sort((a, b) => a.name.localeCompare(b.name))
  const storedImages = async (owner: Owner) => {
    const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, owner.email))
    return (await t.db.select({ id: images.id }).from(images).where(eq(images.userId, user?.id ?? ''))).map((row) => row.id)
  }

  it('while a slow photo uploads, another entry is pushed and pulls bring the other device\'s changes; the photo is not aborted after 30 s', async () => {
    const owner = await signUpOwner(t, 'uplink')
    const { phone, laptop, clock, link } = await phoneAndLaptop(owner, [{ seconds: SLOW_UPLOAD_SECONDS }])
    const fromLaptop = await createItem(laptop.db, fields('From the laptop'))
    expect(await laptop.engine.syncOnce()).toBe('synced')

    const withPhoto = await createItem(phone.db, fields('With a photo'), photo())
    const textOnly = await createItem(phone.db, fields('Text only'))
    // The worker's way: the pass ends after push and pull, the upload goes on beside it.
    expect(await phone.engine.syncOnce({ waitForUploads: false })).toBe('synced')
    expect(link.transmitting).toBe(true)
    expect(await serverItems(owner)).toEqual([
      { id: fromLaptop, name: 'From the laptop', storedImageId: null },
      { id: textOnly, name: 'Text only', storedImageId: null },
      { id: withPhoto, name: 'With a photo', storedImageId: null },
    ])
    expect((await localItems(phone)).map((item) => item.name)).toEqual(['From the laptop', 'Text only', 'With a photo'])

    // Still uploading: a later pull is not held behind it either.
    await updateItem(laptop.db, fromLaptop, { name: 'Renamed on the laptop' })
    expect(await laptop.engine.syncOnce()).toBe('synced')
    expect(await phone.engine.syncOnce({ waitForUploads: false })).toBe('synced')
    expect(link.transmitting).toBe(true)
    expect((await localItems(phone)).map((item) => item.name)).toContain('Renamed on the laptop')

    await drive(clock, link, phone.engine.uploadsSettled())
    expect(link).toMatchObject({ attempts: 1, aborts: 0, longestSeconds: SLOW_UPLOAD_SECONDS })
    expect(SLOW_UPLOAD_SECONDS * 1_000).toBeGreaterThan(UPLOAD_STALL_MS)
    // The entry that waited for the image goes in the next pass.
    expect(await phone.engine.syncOnce()).toBe('synced')
    expect(await laptop.engine.syncOnce()).toBe('synced')

    const [imageId] = await storedImages(owner)
    const expected = [
      { id: fromLaptop, name: 'Renamed on the laptop', storedImageId: null },
      { id: textOnly, name: 'Text only', storedImageId: null },
      { id: withPhoto, name: 'With a photo', storedImageId: imageId },
    ]
    expect(imageId).toMatch(/^[0-9a-f-]{36}$/)
    expect(await serverItems(owner)).toEqual(expected)
    expect(await localItems(phone)).toEqual(expected)
    expect(await localItems(laptop)).toEqual(expected)
    expect(await pendingOutboxCount(phone.db)).toBe(0)
    expect(await phone.db.pendingImages.count()).toBe(0)
  })

  it('a stalled upload is aborted after 30 s without progress, the rest syncs, and it is retried later and lands once', async () => {
    const owner = await signUpOwner(t, 'stall')
    const { phone, laptop, clock, link } = await phoneAndLaptop(owner, [{ seconds: 20, stallAfterSeconds: 5 }, { seconds: 3 }])
    const fromLaptop = await createItem(laptop.db, fields('From the laptop'))
    expect(await laptop.engine.syncOnce()).toBe('synced')
    const withPhoto = await createItem(phone.db, fields('With a photo'), photo())
    const textOnly = await createItem(phone.db, fields('Text only'))

    // The pass that waits for its uploads: push and pull go, the stalled upload is cut, the pass asks to retry later.
    expect(await drive(clock, link, phone.engine.syncOnce())).toBe('retry-later')
    expect(link).toMatchObject({ attempts: 1, aborts: 1, longestSeconds: 5 })
    expect(await storedImages(owner)).toEqual([])
    const before = [
      { id: fromLaptop, name: 'From the laptop', storedImageId: null },
      { id: textOnly, name: 'Text only', storedImageId: null },
      { id: withPhoto, name: 'With a photo', storedImageId: null },
    ]
    expect(await serverItems(owner)).toEqual(before)
    expect(await localItems(phone)).toEqual(before)
    expect(await phone.db.pendingImages.toArray()).toMatchObject([{ status: 'pending' }])
    expect(await pendingOutboxCount(phone.db)).toBe(1)

    // The scheduler's next pass (after its backoff) sends the same upload again, with the same key.
    expect(await drive(clock, link, phone.engine.syncOnce())).toBe('synced')
    expect(link).toMatchObject({ attempts: 2, aborts: 1 })
    const imageIds = await storedImages(owner)
    expect(imageIds).toHaveLength(1)
    const after = before.map((item) => (item.id === withPhoto ? { ...item, storedImageId: imageIds[0] } : item))
    expect(await serverItems(owner)).toEqual(after)
    expect(await localItems(phone)).toEqual(after)
    expect(await pendingOutboxCount(phone.db)).toBe(0)
  })

  it('a stall with no pass waiting is reported by the next pass (backoff) and retried by the one after', async () => {
    const owner = await signUpOwner(t, 'stall-bg')
    const { phone, clock, link } = await phoneAndLaptop(owner, [{ seconds: 20, stallAfterSeconds: 2 }, { seconds: 2 }])
    const withPhoto = await createItem(phone.db, fields('With a photo'), photo())
    expect(await phone.engine.syncOnce({ waitForUploads: false })).toBe('synced')
    await drive(clock, link, phone.engine.uploadsSettled())
    expect(link).toMatchObject({ attempts: 1, aborts: 1 })

    expect(await phone.engine.syncOnce({ waitForUploads: false })).toBe('retry-later')
    expect(link.attempts).toBe(1)
    expect(await drive(clock, link, phone.engine.syncOnce())).toBe('synced')
    expect(link).toMatchObject({ attempts: 2, aborts: 1 })
    const [imageId] = await storedImages(owner)
    expect(await serverItems(owner)).toEqual([{ id: withPhoto, name: 'With a photo', storedImageId: imageId }])
    expect(await localItems(phone)).toEqual([{ id: withPhoto, name: 'With a photo', storedImageId: imageId }])
  })
})
