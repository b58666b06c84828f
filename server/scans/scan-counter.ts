// Owns the scan counts of one server (decisions 105, 128): gathered in memory on the hot path, written every few seconds
// in one statement that several servers may run at once, with visitors told apart by a hash under a daily salt that
// only memory holds (decision 127).
import type { Config } from '../config.ts'
import { scanSaltOf } from '../http/address-keys.ts'
import type { Database } from '../db/client.ts'
import type { Logger } from '../http/logging.ts'
import { DEFAULT_RATE_LIMITS, type Limit } from '../http/rate-limit.ts'
import type { Pending, Visit } from './pending-scans.ts'
import { flushStatement } from './scan-flush-statement.ts'
import { isCountableScan, type OwnerMarker, type ScanInput } from './scan-rules.ts'

export { isBotAgent, isCountableScan, type OwnerMarker, type ScanInput } from './scan-rules.ts'
export { visitorHash, visitorKey } from './scan-flush-statement.ts'

const DEFAULT_SCAN_FLUSH_MS = 5_000
/** Bounds of what waits in memory (a long database outage): beyond them new days/profiles, or new visitors, drop. */
const MAX_PENDING_ENTRIES = 100_000
const MAX_PENDING_VISITORS = 100_000
/** A visitor's scans of one profile count at most once in this long (decision 128). */
export const SCAN_REPEAT_MS = 30 * 60 * 1000

export type ScanCounterOptions = {
  /** The address secret (config.addressSecret): the day's salt and the per-address limit's keys derive from it. */
  secret: string
  /** The rate-limit namespace (AppDeps.rateLimitNamespace): servers counting together share it; unset is ''. */
  namespace?: string
  /** Scans that count per address on all servers together; unset means DEFAULT_RATE_LIMITS.scansPerAddress. */
  perAddress?: Limit
  flushMs?: number
  /** The clock of the app (tests move it across midnight). */
  now?: () => Date
  logger?: Pick<Logger, 'warn' | 'info' | 'error'>
  /** false: count() does nothing (SCAN_COUNTING=off, and benchmarks comparing with and without counting). */
  enabled?: boolean
}

const DAY_MS = 24 * 60 * 60 * 1000
let lastDay = { number: NaN, text: '' }

/** The UTC calendar day of a time, YYYY-MM-DD (remembered: every scan asks, and the answer changes once a day). */
export function utcDay(ms: number): string {
  const number = Math.floor(ms / DAY_MS)
  if (number !== lastDay.number) lastDay = { number, text: new Date(number * DAY_MS).toISOString().slice(0, 10) }
  return lastDay.text
}

/** Adds a scan at `at` unless the visit has one within SCAN_REPEAT_MS of it; answers whether it was added. */
function addTime(visit: Visit, at: number, key: string | undefined): boolean {
  let index = visit.times.length
  while (index > 0 && (visit.times[index - 1] ?? 0) > at) index -= 1
  const before = visit.times[index - 1]
  const after = visit.times[index]
  if ((before !== undefined && at - before < SCAN_REPEAT_MS) || (after !== undefined && after - at < SCAN_REPEAT_MS)) return false
  visit.times.splice(index, 0, at)
  visit.keys.splice(index, 0, key)
  return true
}

export class ScanCounter {
  /** By day, then by profile id: the hot path looks up two short keys it already holds. */
  private pending = new Map<string, Map<string, Pending>>()
  private entryCount = 0
  private visitorCount = 0
  /** Report keys waiting for the flush, so a report resent before it is not counted twice. */
  private reportKeys = new Set<string>()
  /** The salts of the days this server counted, today's and a finished day's until its scans are written. */
  private salts = new Map<string, Uint8Array>()
  private cleanedDay: string | undefined
  private timer: NodeJS.Timeout | undefined
  private queue: Promise<unknown> = Promise.resolve()
  private failing = false
  private closed = false
  private readonly nowMs: () => number
  private readonly flushMs: number
  readonly enabled: boolean

  constructor(
    private readonly database: Database,
    private readonly options: ScanCounterOptions,
  ) {
    const clock = options.now
    this.nowMs = clock ? () => clock().getTime() : Date.now
    this.flushMs = options.flushMs ?? DEFAULT_SCAN_FLUSH_MS
    this.enabled = options.enabled ?? true
    // From the start, not from the first scan: a finished day's hashes and salt must go when the day ends even if no
    // visitor comes for days after a restart (and even with counting switched off since).
    this.startTimer()
  }

  /**
   * Takes the request if it is a scan (scan-rules.ts); never touches the database. `ownerMarker` is the profile's
   * shareableId, which the owner's marker cookie is compared with; `reportKey` the key a report was sent with. Answers
   * whether it is a scan; whether it adds to the count is decided with the flush (30-minute rule, per-address limit).
   */
  count(input: ScanInput, ownerMarker?: OwnerMarker, reportKey?: string): boolean {
    if (!this.enabled || this.closed || !isCountableScan(input, ownerMarker)) return false
    const nowMs = this.nowMs()
    const today = utcDay(nowMs)
    // The salt is taken while its day lasts, so a batch gathered before midnight can still be hashed after it.
    if (!this.salts.has(today)) this.salts.set(today, scanSaltOf(this.options.secret, today))
    const at = input.nowMs ?? nowMs
    const entry = this.entryOf(input.profileId, input.nowMs === undefined ? today : utcDay(at))
    if (!entry) return true
    entry.scans += 1
    if (reportKey !== undefined && this.reportKeys.has(reportKey)) return true
    const visit = this.visitOf(entry, input.clientAddress, input.userAgent, entry.day === today)
    if (visit && addTime(visit, at, reportKey) && reportKey !== undefined) this.reportKeys.add(reportKey)
    this.startTimer()
    return true
  }

  /** The number of scans waiting for the next flush, before the 30-minute rule (tests, and the shutdown line). */
  pendingScans(): number {
    let scans = 0
    for (const entry of this.entries()) scans += entry.scans
    return scans
  }

  /** Writes what was gathered; on failure keeps it for the next flush and rejects. One flush at a time. */
  flush(): Promise<void> {
    const run = this.queue.then(() => this.write())
    this.queue = run.catch(() => undefined)
    return run
  }

  /** Stops the timer and writes the rest; a database that is down at shutdown loses them, with a line saying so. */
  async close(): Promise<void> {
    this.closed = true
    if (this.timer) clearInterval(this.timer)
    this.timer = undefined
    try {
      await this.flush()
    } catch (err) {
      this.options.logger?.error({ err, scans: this.pendingScans() }, 'scan counts could not be written at shutdown')
    }
  }

  private *entries(): Generator<Pending> {
    for (const profiles of this.pending.values()) yield* profiles.values()
  }

  private entryOf(profileId: string, day: string): Pending | undefined {
    let profiles = this.pending.get(day)
    if (!profiles) {
      profiles = new Map()
      this.pending.set(day, profiles)
    }
    let entry = profiles.get(profileId)
    if (!entry) {
      if (this.entryCount >= MAX_PENDING_ENTRIES) return undefined
      entry = { profileId, day, scans: 0, visitors: new Map() }
      profiles.set(profileId, entry)
      this.entryCount += 1
    }
    return entry
  }

  private visitOf(entry: Pending, address: string, agent: string, visitor: boolean): Visit | undefined {
    let agents = entry.visitors.get(address)
    let visit = agents?.get(agent)
    if (!visit) {
      if (this.visitorCount >= MAX_PENDING_VISITORS) return undefined
      visit = { times: [], keys: [], visitor }
      if (!agents) {
        agents = new Map()
        entry.visitors.set(address, agents)
      }
      agents.set(agent, visit)
      this.visitorCount += 1
    }
    visit.visitor ||= visitor
    return visit
  }

  /** Puts back what a failed write took, merged with what was counted meanwhile. */
  private restore(batch: Pending[]): void {
    for (const lost of batch) {
      const entry = this.entryOf(lost.profileId, lost.day)
      if (!entry) continue
      entry.scans += lost.scans
      for (const [address, agents] of lost.visitors) {
        for (const [agent, old] of agents) {
          const visit = this.visitOf(entry, address, agent, old.visitor)
          if (!visit) continue
          old.times.forEach((at, i) => {
            const key = old.keys[i]
            if (key !== undefined && this.reportKeys.has(key)) return
            if (addTime(visit, at, key) && key !== undefined) this.reportKeys.add(key)
          })
        }
      }
    }
    if (this.entryCount > 0) this.startTimer()
  }

  private startTimer() {
    if (this.timer || this.closed) return
    this.timer = setInterval(() => {
      if (this.entryCount === 0 && this.cleanedDay === utcDay(this.nowMs())) return
      this.flush().catch(() => undefined)
    }, this.flushMs)
    // Counting must never keep a process (or a test worker) alive.
    this.timer.unref()
  }

  private async write(): Promise<void> {
    const today = utcDay(this.nowMs())
    const batch = [...this.entries()]
    if (batch.length === 0 && this.cleanedDay === today) return
    this.pending = new Map()
    this.entryCount = 0
    this.visitorCount = 0
    this.reportKeys = new Set()
    try {
      // Today's salt, and a finished day's this server still holds (a flush just past midnight, or after an outage).
      if (!this.salts.has(today)) this.salts.set(today, scanSaltOf(this.options.secret, today))
      const { secret, namespace = '', perAddress = DEFAULT_RATE_LIMITS.scansPerAddress } = this.options
      const sweep = this.cleanedDay !== today
      await this.database.db.execute(flushStatement({ batch, today, salts: this.salts, limit: { secret, namespace, perAddress }, nowMs: Date.now(), sweep }))
      this.cleanedDay = today
      // The finished days' hashes are deleted; their salts leave memory now, and no server derives them again.
      for (const day of this.salts.keys()) if (day < today) this.salts.delete(day)
      if (this.failing) this.options.logger?.info({}, 'scan counts are written again')
      this.failing = false
    } catch (err) {
      this.restore(batch)
      if (!this.failing) this.options.logger?.warn({ err, scans: this.pendingScans() }, 'scan counts kept in memory: the database refused them')
      this.failing = true
      throw err
    }
  }
}

/** The counter of a server: its database, its clock, its address secret and limits, and the configured switch. */
export function createScanCounter(
  deps: { database: Database; config: Config; now?: () => Date; rateLimits?: { scansPerAddress?: Limit }; rateLimitNamespace?: string },
  logger?: ScanCounterOptions['logger'],
): ScanCounter {
  return new ScanCounter(deps.database, {
    secret: deps.config.addressSecret,
    namespace: deps.rateLimitNamespace,
    perAddress: deps.rateLimits?.scansPerAddress,
    enabled: deps.config.scanCounting,
    flushMs: deps.config.scanFlushMs,
    now: deps.now,
    logger,
  })
}
