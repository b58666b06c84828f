// The soak's steps (what three devices, their owner, a visitor, the network and the clock may do) and how they are generated and printed.
import fc from 'fast-check'
import type { Poison, PushFault, RequestFault } from './network.ts'

export type { Poison }

export const DEVICES = ['a', 'b', 'c'] as const
export type DeviceName = (typeof DEVICES)[number]

export const ITEM_FIELDS = ['name', 'price', 'brand', 'description', 'productUrl'] as const
export type ItemField = (typeof ITEM_FIELDS)[number]
export const PROFILE_FIELDS = ['description', 'contactInfo', 'isPublic', 'profileType', 'redirectUrl'] as const
export type ProfileField = (typeof PROFILE_FIELDS)[number]
/** Fields whose values repeat (a switch, a choice of four): exempt from the "ran twice" and "seen, then overwritten" checks. */
export const REPEATING_FIELDS: readonly string[] = ['isPublic', 'profileType', 'image']
export const PROFILE_TYPES = ['WISHLIST', 'CUSTOM_TEXT', 'SOCIAL_LINKS', 'REDIRECT'] as const

/**
 * One thing that happens. `item` (and `link`) picks among the device's local items at the time (modulo their count),
 * so a step stays meaningful when shrinking removes the steps before it.
 */
export type WriteStep =
  | { t: 'create'; d: DeviceName; image: boolean; poison?: Poison }
  | { t: 'edit'; d: DeviceName; item: number; fields: ItemField[]; poison?: Poison }
  | { t: 'delete'; d: DeviceName; item: number }
  | { t: 'item-image'; d: DeviceName; item: number; remove: boolean }
  | { t: 'profile'; d: DeviceName; fields: ProfileField[]; poison?: Poison }
  | { t: 'profile-photo'; d: DeviceName; remove: boolean }
  /** A social link added, its address edited, or removed (sent link by link, decision 157). */
  | { t: 'link'; d: DeviceName; op: 'add' | 'edit' | 'remove'; link: number }

export type Step =
  | WriteStep
  | { t: 'offline' | 'online' | 'sync' | 'restart'; d: DeviceName }
  /** Every device that is online syncs at the same time. */
  | { t: 'sync-all' }
  /** The device's scheduler runs as the worker runs it (triggers, debounce, backoff, `waitForUploads: false`). */
  | { t: 'scheduled'; d: DeviceName; trigger: 'write' | 'online' | 'visible' }
  /** The owner writes on a device while its pass is running (the write's device syncs). */
  | { t: 'while-syncing'; write: WriteStep }
  | { t: 'push-fault'; d: DeviceName; fault: PushFault }
  | { t: 'request-fault'; d: DeviceName; fault: RequestFault }
  /** Every access token expires (the server's clock moves 16 minutes). */
  | { t: 'expire-tokens' }
  /** The clock jumps: past the 48-hour idempotency purge, or past 30 days (refresh tokens and tombstones expire). */
  | { t: 'clock'; hours: 49 | 721 }
  /** The app updates: the device's database opens at the next schema version, which resets the cursor. */
  | { t: 'upgrade'; d: DeviceName }
  /**
   * Another owner signs in on the device and out again, then the owner signs back in. `logout`: the owner logged out
   * from the menu first (cancelled at the warning when changes are unsent); `revoked`: the session ended by itself.
   */
  | { t: 'switch-owner'; d: DeviceName; how: 'logout' | 'revoked' }
  /** A visitor buys one of the items on the server. */
  | { t: 'purchase'; item: number }
  /** The owner orders a shirt (Order tab) and Printful takes it on; or Printful moves an order on. Each says so by webhook. */
  | { t: 'order' }
  | { t: 'order-update'; order: number }

const device = fc.constantFrom(...DEVICES)
const item = fc.nat({ max: 20 })
const poison: fc.Arbitrary<Poison | undefined> = fc.oneof(
  { weight: 14, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: fc.constantFrom<Poison>('refuse', 'fail') },
)
// Batches are short (a pass follows a few writes): k mostly hits the first operations, so faults fire.
const k = fc.oneof({ weight: 4, arbitrary: fc.constant(0) }, { weight: 2, arbitrary: fc.constant(1) }, { weight: 1, arbitrary: fc.nat({ max: 3 }) })

const pushFault: fc.Arbitrary<PushFault> = fc.oneof(
  fc.record({ kind: fc.constant('fail' as const), k, status: fc.constantFrom(500 as const, 502 as const, 503 as const) }),
  fc.record({ kind: fc.constant('unauthorized' as const), k }),
  fc.record({ kind: fc.constant('lose-after' as const), k }),
  fc.record({ kind: fc.constant('lose-before' as const), k }),
  fc.constant({ kind: 'drop' as const }),
)

const requestFault: fc.Arbitrary<RequestFault> = fc.record({
  on: fc.constantFrom('pull' as const, 'upload' as const, 'refresh' as const),
  kind: fc.constantFrom('bad-gateway' as const, 'lose-response' as const, 'drop' as const),
})

const writeArbitrary: fc.Arbitrary<WriteStep> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ t: fc.constant('create' as const), d: device, image: fc.nat({ max: 3 }).map((n) => n === 0), poison }) },
  { weight: 5, arbitrary: fc.record({ t: fc.constant('edit' as const), d: device, item, fields: fc.subarray([...ITEM_FIELDS], { minLength: 1 }), poison }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('delete' as const), d: device, item }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('item-image' as const), d: device, item, remove: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ t: fc.constant('profile' as const), d: device, fields: fc.subarray([...PROFILE_FIELDS], { minLength: 1 }), poison }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('profile-photo' as const), d: device, remove: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('link' as const), d: device, op: fc.constantFrom('add' as const, 'add' as const, 'edit' as const, 'remove' as const), link: item }) },
)

export const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  { weight: 17, arbitrary: writeArbitrary },
  { weight: 3, arbitrary: fc.record({ t: fc.constantFrom('offline' as const, 'online' as const), d: device }) },
  { weight: 4, arbitrary: fc.record({ t: fc.constant('sync' as const), d: device }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('scheduled' as const), d: device, trigger: fc.constantFrom('write' as const, 'online' as const, 'visible' as const) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('restart' as const), d: device }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('sync-all' as const) }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('while-syncing' as const), write: writeArbitrary }) },
  { weight: 5, arbitrary: fc.record({ t: fc.constant('push-fault' as const), d: device, fault: pushFault }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('request-fault' as const), d: device, fault: requestFault }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('expire-tokens' as const) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('clock' as const), hours: fc.constantFrom(49 as const, 721 as const) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('upgrade' as const), d: device }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('switch-owner' as const), d: device, how: fc.constantFrom('logout' as const, 'revoked' as const) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('purchase' as const), item }) },
  // An order renders its print file (seconds on a loaded machine): about one run in twenty places one.
  {
    weight: 1,
    arbitrary: fc.oneof({ weight: 1, arbitrary: fc.record({ t: fc.constant('order' as const) }) }, { weight: 8, arbitrary: fc.record({ t: fc.constant('order-update' as const), order: item }) }),
  },
)

/** A run: 10 to 30 steps (a run is short, so 200 of them fit in CI). */
export const scenarioArbitrary = (maxLength = 30) => fc.array(stepArbitrary, { minLength: 10, maxLength })

/** One line per step, for the failure message. */
export function describeSteps(steps: readonly Step[]): string {
  return steps.map((step, index) => `${String(index).padStart(2)} ${JSON.stringify(step)}`).join('\n')
}
