// The soak's steps carried out: the owner's writes (owner-writes.ts), passes, the network, the clock, the app's updates, other owners and visitors.
import { sweepOrphanImages } from '../../../server/images/orphan-images.ts'
import { ItemNotFoundError } from '../../../src/local/write-errors.ts'
import { SCHEMA_VERSIONS } from '../../../src/local/db.ts'
import type { SyncResult } from '../../../src/sync/engine.ts'
import { seenIn, type Soak } from './context.ts'
import { letTimePass, nextVersions, openDevice, settleDevice, type Device } from './device.ts'
import type { DeviceName, Step } from './model.ts'
import { countSeen } from './network.ts'
import { signInAgain, switchOwner } from './owner.ts'
import { performWrite } from './owner-writes.ts'
import { orderMovesOn, placeOrder, purchase } from './visitor.ts'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
/** Each device opens at most this many newer schema versions in a run. */
const MAX_UPGRADES = 2
const WRITES = new Set<Step['t']>(['create', 'edit', 'delete', 'item-image', 'profile', 'profile-photo', 'link'])

/** What a direct pass or a scheduled one ended with, judged: a sign-out is expected only after the 30-day jump. */
export function judgePass(soak: Soak, d: Device, result: SyncResult, how: 'pass' | 'scheduled') {
  countSeen(soak.log, `${how} ${result}`)
  if (result === 'signed-out' && !d.sessionExpired) soak.problems.push(`device ${d.name}'s ${how} pass ended signed-out`)
  if (result === 'interrupted' && how === 'pass') soak.problems.push(`device ${d.name}'s sync ended interrupted`)
  if (result === 'synced' && d.sessionExpired) soak.problems.push(`device ${d.name} synced 30 days on without signing in again`)
}

export async function sync(soak: Soak, d: Device): Promise<SyncResult> {
  const result = await d.engine.syncOnce()
  judgePass(soak, d, result, 'pass')
  if (result === 'signed-out' && d.sessionExpired) await signInAgain(d, soak.owner, soak.problems)
  return result
}

export async function perform(soak: Soak, step: Step): Promise<void> {
  const { t } = soak
  const device = (name: DeviceName) => soak.devices.get(name) as Device
  const seen = seenIn(soak)
  // After another owner's visit the device is the owner's again but empty until a pull: nothing to write on yet.
  if ('d' in step && WRITES.has(step.t) && (await device(step.d).db.profile.count()) === 0) return seen('write skipped: nothing pulled yet')
  switch (step.t) {
    case 'create':
    case 'edit':
    case 'delete':
    case 'item-image':
    case 'profile':
    case 'profile-photo':
    case 'link':
      return performWrite(soak, step)
    case 'offline':
    case 'online':
      device(step.d).net.setOnline(step.t === 'online')
      return
    case 'sync':
      await sync(soak, device(step.d))
      return
    case 'sync-all':
      await Promise.all([...soak.devices.values()].map((d) => sync(soak, d)))
      return
    case 'scheduled': {
      const d = device(step.d)
      d.scheduler.trigger(step.trigger)
      await letTimePass(d)
      if (d.tokens.current === null && d.sessionExpired) await signInAgain(d, soak.owner, soak.problems)
      return
    }
    case 'restart':
    case 'upgrade': {
      // The tab closes and opens again (an update opens the next schema version): the engine's memory is gone, the
      // database and the stored tokens stay.
      const d = device(step.d)
      await settleDevice(d)
      const versions = step.t === 'upgrade' && d.versions.length < SCHEMA_VERSIONS.length + MAX_UPGRADES ? nextVersions(d.versions) : d.versions
      if (versions !== d.versions) seen('database upgraded')
      d.scheduler.stop()
      d.db.close()
      const reopened = openDevice(d.name, d.dbName, d.tokens, d.net, versions, (dev, result) => judgePass(soak, dev, result, 'scheduled'))
      reopened.sessionExpired = d.sessionExpired
      soak.devices.set(d.name, reopened)
      return
    }
    case 'while-syncing': {
      const pass = sync(soak, device(step.write.d))
      try {
        await perform(soak, step.write)
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
    case 'clock': {
      for (const d of soak.devices.values()) await settleDevice(d)
      t.clock.advance(step.hours * HOUR)
      if (step.hours > 30 * 24) for (const d of soak.devices.values()) d.sessionExpired = true
      // The hourly sweep of images nothing references (decision 158) runs on the jumped clock, as every server would.
      const swept = await sweepOrphanImages(t.db, t.clock.now(), undefined, { owners: [soak.owner.userId] })
      if (swept.images > 0) seen('orphan images swept')
      seen(`clock +${step.hours} h`)
      return
    }
    case 'switch-owner': {
      const d = device(step.d)
      if (d.sessionExpired) return
      await switchOwner(d, step.how, soak.owner, soak.other, seen, soak.problems)
      return
    }
    case 'purchase': {
      const status = await purchase(t, soak.owner, step.item)
      if (status !== undefined) seen(`purchase ${status}`)
      return
    }
    case 'order': {
      if (!soak.printful) return
      seen(`order ${await placeOrder(t, soak.owner)}`)
      seen(`webhook ${await orderMovesOn(t, soak.printful, soak.owner, 0)}`)
      return
    }
    case 'order-update': {
      const status = soak.printful && (await orderMovesOn(t, soak.printful, soak.owner, step.order))
      if (status !== undefined) seen(`webhook ${status}`)
      return
    }
  }
}
