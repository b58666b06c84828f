// Runs one soak scenario: three engine devices of a fresh owner against the in-process server, the steps, the heal, the oracle.
import { openOwnerDatabase, type OwnerDatabase } from '../../../src/local/db.ts'
import { claimLocalDataFor, userIdFromAccessToken } from '../../../src/local/session.ts'
import { ItemNotFoundError } from '../../../src/local/write-errors.ts'
import * as writes from '../../../src/local/writes.ts'
import { createSyncEngine, type SyncEngine, type SyncResult } from '../../../src/sync/engine.ts'
import { createMemoryLocks } from '../../../src/api/locks.ts'
import { createMemoryTokenStore, type MemoryTokenStore } from '../../../src/sync/testing.ts'
import { createTransport, type TokenPair } from '../../../src/sync/transport.ts'
import { accessTokenKey } from '../../../server/http/access-token.ts'
import { startSession } from '../../../server/accounts/sessions.ts'
import type { TestApp } from '../harness.ts'
import { createAccount } from '../../../server/accounts/accounts.ts'
import { fixture } from '../upload-helpers.ts'
import { DEVICES, type DeviceName, type ItemField, type ProfileField, type Step } from './model.ts'
import { countSeen, deviceNetwork, settled, type DeviceNetwork, type ServerLog } from './network.ts'
import { itemSubject, newIntents, violations, type Intents } from './oracle.ts'

type Device = { name: DeviceName; dbName: string; db: OwnerDatabase; tokens: MemoryTokenStore; engine: SyncEngine; net: DeviceNetwork }

const MINUTE = 60_000
/** Passes per device in the heal before the run counts as not settling. */
const HEAL_ROUNDS = 6
const IMAGES = [
  new Blob([fixture('small.png')], { type: 'image/png' }),
  new Blob([fixture('small.gif')], { type: 'image/gif' }),
  new Blob([fixture('small.webp')], { type: 'image/webp' }),
]

/** A device as a browser would run it: its own database, its tokens (localStorage survives a restart), its engine. */
async function openDevice(name: DeviceName, dbName: string, pair: TokenPair, net: DeviceNetwork): Promise<Device> {
  const db = openOwnerDatabase(dbName)
  const tokens = createMemoryTokenStore(pair)
  await claimLocalDataFor(db, userIdFromAccessToken(pair.token) ?? '')
  // Refresh resends at once: the soak's clock jumps are the only "time" there is.
  const transport = createTransport({ fetch: net.fetch, baseUrl: 'http://localhost', tokens, locks: createMemoryLocks(), timeoutMs: 10_000, refreshRetryDelaysMs: [0, 0, 0] })
  return { name, dbName, db, tokens, engine: createSyncEngine(db, transport), net }
}

/** Unique values per write, so the oracle can tell every write apart. */
function valueFor(field: ItemField | Exclude<ProfileField, 'isPublic'>, n: number, subject: 'item' | 'profile'): string | number {
  if (field === 'price') return n + 0.25
  if (field === 'description') return `${subject} description number ${n}`
  if (field === 'contactInfo') return `contact-${n}@example.test`
  return `${field} ${n}`
}

export type ScenarioOutcome = { problems: string[]; executed: number; seen: Record<string, number> }

/** `forgetful`: the server runs resent writes again (see network.ts), to show the soak notices. */
export async function runScenario(t: TestApp, steps: readonly Step[], { forgetful = false } = {}): Promise<ScenarioOutcome> {
  // A fresh owner per run, made as registration makes it (account, profile, address) but without argon2: nobody
  // signs in with a password here. Each device gets a sign-in of its own (its own token family), as a login gives.
  const suffix = crypto.randomUUID().slice(0, 12)
  const created = await createAccount(t.db, { username: `soak_${suffix}`, email: `soak.${suffix}@example.test`, passwordHash: null }, t.clock.now())
  if (!created.ok) throw new Error(`could not create the soak's owner: ${created.conflict}`)
  const session = () => startSession(t.db, accessTokenKey(t.deps.config.jwtSecret), created.userId, t.clock.now())
  const pairs: Record<DeviceName, TokenPair> = { a: await session(), b: await session(), c: await session() }
  const log: ServerLog = { executed: [], seen: {} }
  const running = new Set<Promise<unknown>>()
  const intents: Intents = newIntents()
  const problems: string[] = []
  let counter = 0
  const seen = (what: string) => countSeen(log, what)

  const devices = new Map<DeviceName, Device>()
  for (const name of DEVICES) {
    const device = await openDevice(name, `soak-${name}-${crypto.randomUUID()}`, pairs[name], deviceNetwork(t, name, log, running, forgetful))
    devices.set(name, device)
    const first = await device.engine.syncOnce()
    if (first !== 'synced') throw new Error(`device ${name}'s first sync answered ${first}`)
  }
  const initialProfile = (await t.request('GET', '/api/profiles', { token: pairs.a.token })).json
  const device = (name: DeviceName) => devices.get(name) as Device
  const write = (d: DeviceName, subject: string, field: string, value: unknown) => intents.writes.push({ device: d, subject, field, value })

  async function sync(d: Device): Promise<SyncResult> {
    const result = await d.engine.syncOnce()
    if (result === 'signed-out' || result === 'interrupted') problems.push(`device ${d.name}'s sync ended ${result}`)
    seen(`pass ${result}`)
    return result
  }

  async function pickItem(d: Device, index: number) {
    const items = await d.db.items.orderBy('position').toArray()
    return items.length === 0 ? undefined : items[index % items.length]
  }

  async function editItem(d: Device, id: string, fields: readonly ItemField[]) {
    const changes: Record<string, string | number> = {}
    for (const field of fields) changes[field] = valueFor(field, ++counter, 'item')
    await writes.updateItem(d.db, id, changes)
    for (const [field, value] of Object.entries(changes)) write(d.name, itemSubject(id), field, value)
  }

  async function perform(step: Step) {
    switch (step.t) {
      case 'create': {
        const d = device(step.d)
        const n = ++counter
        const fields = { name: `name ${n}`, price: n + 0.25, brand: `brand ${n}`, description: `item description number ${n}` }
        const image = step.image ? IMAGES[n % IMAGES.length] : undefined
        const id = await writes.createItem(d.db, fields, image)
        intents.created.set(id, d.name)
        for (const [field, value] of Object.entries(fields)) write(d.name, itemSubject(id), field, value)
        if (image) write(d.name, itemSubject(id), 'image', 'set')
        return
      }
      case 'edit': {
        const d = device(step.d)
        const item = await pickItem(d, step.item)
        if (item) await editItem(d, item.id, step.fields)
        return
      }
      case 'delete': {
        const d = device(step.d)
        const item = await pickItem(d, step.item)
        if (!item) return
        await writes.deleteItem(d.db, item.id)
        intents.deleted.add(item.id)
        return
      }
      case 'item-image': {
        const d = device(step.d)
        const item = await pickItem(d, step.item)
        if (!item) return
        if (step.remove) await writes.removeItemImage(d.db, item.id)
        else await writes.attachItemImage(d.db, item.id, IMAGES[++counter % IMAGES.length] as Blob)
        write(d.name, itemSubject(item.id), 'image', step.remove ? 'remove' : 'set')
        return
      }
      case 'profile': {
        const d = device(step.d)
        const profile = await d.db.profile.toCollection().first()
        if (!profile) throw new Error(`device ${d.name} has no profile`)
        const settings: Record<string, string | number | boolean> = {}
        for (const field of step.fields) settings[field] = field === 'isPublic' ? !profile.isPublic : valueFor(field, ++counter, 'profile')
        await writes.updateProfileSettings(d.db, settings)
        for (const [field, value] of Object.entries(settings)) write(d.name, 'profile', field, value)
        return
      }
      case 'profile-photo': {
        const d = device(step.d)
        if (step.remove) await writes.removeProfilePhoto(d.db)
        else await writes.setProfilePhoto(d.db, IMAGES[++counter % IMAGES.length] as Blob)
        write(d.name, 'profile', 'image', step.remove ? 'remove' : 'set')
        return
      }
      case 'offline':
      case 'online':
        device(step.d).net.setOnline(step.t === 'online')
        return
      case 'sync':
        await sync(device(step.d))
        return
      case 'sync-all':
        await Promise.all([...devices.values()].map(sync))
        return
      case 'restart': {
        // The tab closes and opens again: the engine's memory is gone, the database and the stored tokens stay.
        const d = device(step.d)
        const pair = d.tokens.current
        d.db.close()
        if (!pair) throw new Error(`device ${d.name} lost its tokens`)
        devices.set(d.name, await openDevice(d.name, d.dbName, pair, d.net))
        return
      }
      case 'while-syncing': {
        const pass = sync(device(step.write.d))
        try {
          await perform(step.write)
        } catch (error) {
          // The pass's pull removed the item (deleted on another device) between the pick and the write: the form
          // would say so; nothing was written.
          if (!(error instanceof ItemNotFoundError)) throw error
        }
        await pass
        return
      }
      case 'push-fault': {
        // One expiry per pass: a second 401 right after a refresh means the fresh token is refused (a sign-out).
        if (step.fault.kind === 'unauthorized' && device(step.d).net.armed('unauthorized') > 0) return
        device(step.d).net.armPush(step.fault)
        return
      }
      case 'request-fault': {
        // A refresh whose answer was lost rotated the token: the transport resends it at once, up to three times, and
        // only while no answer comes (a 5xx ends the pass). If every resend fails and the clock then jumps past the 30 s
        // grace window, the family is revoked and the owner signed out: decision 086's accepted trade-off, not a
        // fault to soak. So three refresh faults at most, and no 5xx behind a lost refresh answer.
        const net = device(step.d).net
        if (step.fault.on === 'refresh' && net.armed('refresh') >= 3) return
        if (step.fault.on === 'refresh' && step.fault.kind === 'bad-gateway' && net.armed('refresh', 'lose-response') > 0) return
        net.armRequest(step.fault)
        return
      }
      case 'expire-tokens':
        t.clock.advance(16 * MINUTE)
        return
    }
  }

  for (const step of steps) await perform(step)

  // Heal: every device online, pass after pass until a round in which the server ran nothing new. Faults still armed
  // fire during the heal (each once), so it gets a round more for each.
  for (const d of devices.values()) d.net.setOnline(true)
  await settled(running)
  const rounds = HEAL_ROUNDS + Math.max(...[...devices.values()].map((d) => d.net.armedTotal()))
  let quiet = false
  for (let round = 0; round < rounds && !quiet; round++) {
    const before = log.executed.length
    const results: SyncResult[] = []
    for (const d of devices.values()) results.push(await sync(d))
    quiet = results.every((result) => result === 'synced') && log.executed.length === before
  }
  if (!quiet) problems.push(`the devices did not settle within ${rounds} rounds`)
  await settled(running)

  const token = device('a').tokens.current?.token ?? ''
  const own = (await t.request('GET', '/api/profiles', { token })).json
  const { wishlist, ...profile } = own
  const states = []
  for (const d of devices.values()) {
    states.push({
      device: d.name,
      profile: await d.db.profile.toCollection().first(),
      items: await d.db.items.toArray(),
      unsent: await d.db.outbox.count(),
      pendingImages: await d.db.pendingImages.count(),
    })
  }
  problems.push(...violations(intents, { initialProfile, server: { profile: own, items: wishlist }, devices: states, executed: log.executed }))
  // Every photo the server points at can be fetched.
  for (const url of [profile.profileImageUrl, ...wishlist.map((item: { imageUrl: string | null }) => item.imageUrl)]) {
    if (typeof url === 'string' && url.startsWith('/api/uploads/') && (await t.app.request(url)).status !== 200) problems.push(`image ${url} is not served`)
  }
  for (const d of devices.values()) {
    d.db.close()
    indexedDB.deleteDatabase(d.dbName)
  }
  return { problems, executed: log.executed.length, seen: log.seen }
}
