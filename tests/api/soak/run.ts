// Runs one soak scenario: three engine devices of a fresh owner against the in-process server, the steps, the heal, the owner's answers, the oracle.
import { and, eq, isNotNull } from 'drizzle-orm'
import { images, profiles, wishlistItems } from '../../../server/db/schema.ts'
import { ORPHAN_IMAGE_GRACE_MS, sweepOrphanImages } from '../../../server/images/orphan-images.ts'
import { SCHEMA_VERSIONS } from '../../../src/local/db.ts'
import { failedOutboxEntries, localSyncStatusQuery } from '../../../src/local/queries.ts'
import { claimLocalDataFor } from '../../../src/local/session.ts'
import type { SyncResult } from '../../../src/sync/engine.ts'
import { describeSyncStatus } from '../../../src/sync/status.ts'
import type { TestApp } from '../harness.ts'
import { newTokens, openDevice, settleDevice, type Device } from './device.ts'
import { DEVICES, type Step } from './model.ts'
import { deviceNetwork, normalServer, settled, type ServerLog, type ServerSwitches } from './network.ts'
import { newIntents, violations } from './oracle.ts'
import { waitingViolations } from './oracle-waiting.ts'
import { answerFailed, newOwner, type SoakOwner } from './owner.ts'
import { seenIn, type Soak } from './context.ts'
import { judgePass, perform, sync } from './steps.ts'
import { serverGifts } from './visitor.ts'
import type { FakePrintful } from '../../fakes/printful.ts'

/** Passes per device in a heal before the run counts as not settling. */
const HEAL_ROUNDS = 6
/** How many times the owner answers failed entries, each followed by a heal. */
const OWNER_TURNS = 3

export type ScenarioOutcome = { problems: string[]; executed: number; seen: Record<string, number> }

/** `broken`: a broken server (network.ts), to show the soak notices. */
export async function runScenario(t: TestApp, steps: readonly Step[], broken: Partial<ServerSwitches> = {}, printful?: FakePrintful): Promise<ScenarioOutcome> {
  const switches: ServerSwitches = { ...normalServer(), ...broken }
  const owner = await newOwner(t, 'soak')
  let other: SoakOwner | undefined
  const log: ServerLog = { executed: [], seen: {} }
  const running = new Set<Promise<unknown>>()
  const soak: Soak = { t, owner, other: async () => (other ??= await newOwner(t, 'other')), devices: new Map(), intents: newIntents(), log, problems: [], counter: 0, printful }

  for (const name of DEVICES) {
    const tokens = newTokens(await owner.signIn())
    const net = deviceNetwork(t, name, log, running, switches)
    const d = openDevice(name, `soak-${name}-${crypto.randomUUID()}`, tokens, net, SCHEMA_VERSIONS, (dev, result) => judgePass(soak, dev, result, 'scheduled'))
    await claimLocalDataFor(d.db, owner.userId)
    soak.devices.set(name, d)
    const first = await d.engine.syncOnce()
    if (first !== 'synced') throw new Error(`device ${name}'s first sync answered ${first}`)
  }
  const token = async () => (await owner.signIn()).token
  const initialProfile = (await t.request('GET', '/api/profiles', { token: await token() })).json

  for (const step of steps) await perform(soak, step)

  // Heal, with poisoned writes still refused: then only they (and what waits behind them) may wait, for the owner.
  const poisonFails = steps.map((step) => (step.t === 'while-syncing' ? step.write : step)).filter((step) => 'poison' in step && step.poison === 'fail').length
  await heal(soak, running, HEAL_ROUNDS + 3 * poisonFails)
  const waiting = []
  for (const d of soak.devices.values()) {
    const status = await localSyncStatusQuery(d.db)
    waiting.push({
      device: d.name,
      entries: await d.db.outbox.orderBy('seq').toArray(),
      shownFailed: (await failedOutboxEntries(d.db)).length,
      badge: describeSyncStatus(status, true).state,
      failsFired: d.net.failsFired,
      imagesSwept: (log.seen['orphan images swept'] ?? 0) > 0,
    })
  }
  soak.problems.push(...waitingViolations(waiting, log.executed))
  // The owner answers: the server's bug is fixed; refused entries are discarded, the others retried. Then heal again
  // (nothing to heal when nothing waited: the first heal ended with a quiet round). A retried write may fail anew for
  // another reason (a retried create whose image the sweep removed meanwhile: 'Image not found'), which the owner
  // sees and answers in turn, as a person would.
  switches.poisonFixed = true
  for (let turn = 0; turn < OWNER_TURNS; turn++) {
    let answered = 0
    for (const d of soak.devices.values()) answered += await answerFailed(d, soak.intents, seenIn(soak))
    if (answered === 0) break
    await heal(soak, running, HEAL_ROUNDS)
  }

  const own = (await t.request('GET', '/api/profiles', { token: await token() })).json
  const { purchases, orders } = await serverGifts(t, owner)
  const { wishlist, ...profile } = own
  const states = []
  for (const d of soak.devices.values()) {
    states.push({
      device: d.name,
      profile: await d.db.profile.toCollection().first(),
      items: await d.db.items.toArray(),
      purchases: await d.db.purchases.toArray(),
      orders: await d.db.orders.toArray(),
      unsent: await d.db.outbox.count(),
      pendingImages: await d.db.pendingImages.count(),
    })
  }
  // A day later the orphan sweep has run: nothing the owner's rows do not reference is left.
  t.clock.advance(ORPHAN_IMAGE_GRACE_MS + 60 * 60_000)
  await sweepOrphanImages(t.db, t.clock.now(), undefined, { owners: [owner.userId] })
  const server = { profile: own, items: wishlist, purchases, orders, unreferencedImages: await unreferencedImages(t, owner.userId) }
  soak.problems.push(...violations(soak.intents, { owner: owner.userId, initialProfile, server, devices: states, executed: log.executed }))
  // Every photo the server points at can be fetched.
  for (const url of [profile.profileImageUrl, ...wishlist.map((item: { imageUrl: string | null }) => item.imageUrl)]) {
    if (typeof url === 'string' && url.startsWith('/api/uploads/') && (await t.app.request(url)).status !== 200) soak.problems.push(`image ${url} is not served`)
  }
  for (const d of soak.devices.values()) {
    d.scheduler.stop()
    d.db.close()
    indexedDB.deleteDatabase(d.dbName)
  }
  return { problems: soak.problems, executed: log.executed.length, seen: log.seen }
}

/**
 * Every device online, pass after pass until a round in which every pass synced and the server ran nothing new.
 * Faults still armed fire during the heal (each once), so it gets a round more for each.
 */
async function heal(soak: Soak, running: Set<Promise<unknown>>, baseRounds: number) {
  const devices = [...soak.devices.values()]
  for (const d of devices) d.net.setOnline(true)
  for (const d of devices) await settleDevice(d)
  await settled(running)
  const rounds = baseRounds + Math.max(...devices.map((d: Device) => d.net.armedTotal()))
  let quiet = false
  for (let round = 0; round < rounds && !quiet; round++) {
    const before = soak.log.executed.length
    const results: SyncResult[] = []
    for (const d of soak.devices.values()) results.push(await sync(soak, d))
    quiet = results.every((result) => result === 'synced') && soak.log.executed.length === before
  }
  if (!quiet) soak.problems.push(`the devices did not settle within ${rounds} rounds`)
  for (const d of soak.devices.values()) await settleDevice(d)
  await settled(running)
}

/** The owner's images that no product and no profile photo references. */
async function unreferencedImages(t: TestApp, userId: string): Promise<string[]> {
  const stored = await t.db.select({ id: images.id }).from(images).where(eq(images.userId, userId))
  const items = await t.db.select({ id: wishlistItems.storedImageId }).from(wishlistItems).where(and(eq(wishlistItems.userId, userId), isNotNull(wishlistItems.storedImageId)))
  const photos = await t.db.select({ id: profiles.profileImageId }).from(profiles).where(and(eq(profiles.userId, userId), isNotNull(profiles.profileImageId)))
  const used = new Set([...items, ...photos].map((row) => row.id))
  return stored.map((row) => row.id).filter((id) => !used.has(id))
}
