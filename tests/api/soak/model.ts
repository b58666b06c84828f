// The soak's steps (what three devices and the network may do) and how they are generated and printed.
import fc from 'fast-check'
import type { PushFault, RequestFault } from './network.ts'

export const DEVICES = ['a', 'b', 'c'] as const
export type DeviceName = (typeof DEVICES)[number]

export const ITEM_FIELDS = ['name', 'price', 'brand', 'description'] as const
export type ItemField = (typeof ITEM_FIELDS)[number]
export const PROFILE_FIELDS = ['description', 'contactInfo', 'isPublic'] as const
export type ProfileField = (typeof PROFILE_FIELDS)[number]

/**
 * One thing that happens. `item` picks among the device's local items at the time (modulo their count), so a step
 * stays meaningful when shrinking removes the steps before it.
 */
export type WriteStep =
  | { t: 'create'; d: DeviceName; image: boolean }
  | { t: 'edit'; d: DeviceName; item: number; fields: ItemField[] }
  | { t: 'delete'; d: DeviceName; item: number }
  | { t: 'item-image'; d: DeviceName; item: number; remove: boolean }
  | { t: 'profile'; d: DeviceName; fields: ProfileField[] }
  | { t: 'profile-photo'; d: DeviceName; remove: boolean }

export type Step =
  | WriteStep
  | { t: 'offline' | 'online' | 'sync' | 'restart'; d: DeviceName }
  /** Every device that is online syncs at the same time. */
  | { t: 'sync-all' }
  /** The owner writes on a device while its pass is running (the write's device syncs). */
  | { t: 'while-syncing'; write: WriteStep }
  | { t: 'push-fault'; d: DeviceName; fault: PushFault }
  | { t: 'request-fault'; d: DeviceName; fault: RequestFault }
  /** Every access token expires (the server's clock moves 16 minutes). */
  | { t: 'expire-tokens' }

const device = fc.constantFrom(...DEVICES)
const item = fc.nat({ max: 20 })
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
  { weight: 4, arbitrary: fc.record({ t: fc.constant('create' as const), d: device, image: fc.nat({ max: 3 }).map((n) => n === 0) }) },
  { weight: 5, arbitrary: fc.record({ t: fc.constant('edit' as const), d: device, item, fields: fc.subarray([...ITEM_FIELDS], { minLength: 1 }) }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('delete' as const), d: device, item }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('item-image' as const), d: device, item, remove: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ t: fc.constant('profile' as const), d: device, fields: fc.subarray([...PROFILE_FIELDS], { minLength: 1 }) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('profile-photo' as const), d: device, remove: fc.boolean() }) },
)

export const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  { weight: 17, arbitrary: writeArbitrary },
  { weight: 3, arbitrary: fc.record({ t: fc.constantFrom('offline' as const, 'online' as const), d: device }) },
  { weight: 5, arbitrary: fc.record({ t: fc.constant('sync' as const), d: device }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('restart' as const), d: device }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('sync-all' as const) }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('while-syncing' as const), write: writeArbitrary }) },
  { weight: 5, arbitrary: fc.record({ t: fc.constant('push-fault' as const), d: device, fault: pushFault }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('request-fault' as const), d: device, fault: requestFault }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('expire-tokens' as const) }) },
)

/** A run: 10 to 30 steps (a run is short, so 200 of them fit in CI). */
export const scenarioArbitrary = (maxLength = 30) => fc.array(stepArbitrary, { minLength: 10, maxLength })

/** One line per step, for the failure message. */
export function describeSteps(steps: readonly Step[]): string {
  return steps.map((step, index) => `${String(index).padStart(2)} ${JSON.stringify(step)}`).join('\n')
}
