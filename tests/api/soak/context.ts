// The state of one soak run that its steps share: the server, the owner, the devices, the intents and what was seen.
import type { FakePrintful } from '../../fakes/printful.ts'
import type { TestApp } from '../harness.ts'
import type { Device } from './device.ts'
import type { DeviceName } from './model.ts'
import { countSeen, type ServerLog } from './network.ts'
import type { Intents } from './oracle.ts'
import type { SoakOwner } from './owner.ts'

export type Soak = {
  t: TestApp
  owner: SoakOwner
  /** Another owner who signs in on a device now and then (made on first use). */
  other: () => Promise<SoakOwner>
  devices: Map<DeviceName, Device>
  intents: Intents
  log: ServerLog
  problems: string[]
  counter: number
  /** The fake Printful behind the server, when it has one (orders and webhooks). */
  printful?: FakePrintful
}

export const seenIn = (soak: Soak) => (what: string) => countSeen(soak.log, what)
