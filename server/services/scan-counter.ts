// Owns the scan counts of one server (decision 105): gathered in memory on the hot path, written every few seconds in
// one additive statement that several servers may run at once, with visitors counted by a hash under a daily salt.
import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Config } from '../config.ts'
import type { Database } from '../db/client.ts'
import { scanSalts } from '../db/schema.ts'
import type { Logger } from '../logging.ts'
import { upsertStatement } from './scan-flush-statement.ts'
import { isCountableScan, type OwnerMarker, type ScanInput } from './scan-rules.ts'

export { isBotAgent, isCountableScan, type OwnerMarker, type ScanInput } from './scan-rules.ts'
export { visitorHash, visitorKey } from './scan-flush-statement.ts'

const DEFAULT_SCAN_FLUSH_MS = 5_000
/** Bounds of what waits in memory (a long database outage): beyond them new days/profiles, or new visitors, drop. */
const MAX_PENDING_ENTRIES = 100_000
const MAX_PENDING_VISITORS = 100_000

export type ScanCounterOptions = {
  flushMs?: number
  /** The clock of the app (tests move it across midnight). */
  now?: () => Date
  logger?: Pick<Logger, 'warn' | 'info' | 'error'>
  /** false: count() does nothing (SCAN_COUNTING=off, and benchmarks comparing with and without counting). */
  enabled?: boolean
}

/**
 * One profile's day in memory: its scans, and its visitors (agents by client address) until the flush salts and hashes
 * them. Nested rather than one joined key, so a scan builds no string: the address is the socket's, kept per connection.
 */
export type Pending = { profileId: string; day: string; scans: number; visitors: Map<string, Set<string>>; distinct: number }

const DAY_MS = 24 * 60 * 60 * 1000
let lastDay = { number: NaN, text: '' }

/** The UTC calendar day of a time, YYYY-MM-DD (remembered: every scan asks, and the answer changes once a day). */
export function utcDay(ms: number): string {
  const number = Math.floor(ms / DAY_MS)
  if (number !== lastDay.number) lastDay = { number, text: new Date(number * DAY_MS).toISOString().slice(0, 10) }
  return lastDay.text
}

export class ScanCounter {
  /** By day, then by profile id: the hot path looks up two short keys it already holds. */
  private pending = new Map<string, Map<string, Pending>>()
  private entryCount = 0
  private visitorCount = 0
  private salt: { day: string; value: Uint8Array } | undefined
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
    private readonly options: ScanCounterOptions = {},
  ) {
    const clock = options.now
    this.nowMs = clock ? () => clock().getTime() : Date.now
    this.flushMs = options.flushMs ?? DEFAULT_SCAN_FLUSH_MS
    this.enabled = options.enabled ?? true
    // From the start, not from the first scan: a finished day's salt and hashes must go when the day ends even if no
    // visitor comes for days after a restart (and even with counting switched off since).
    this.startTimer()
  }

  /**
   * Counts the request if it is a scan (scan-rules.ts); never touches the database. `ownerMarker` is the profile's
   * shareableId, which the owner's marker cookie is compared with. Answers whether it counted.
   */
  count(input: ScanInput, ownerMarker?: OwnerMarker): boolean {
    if (!this.enabled || this.closed || !isCountableScan(input, ownerMarker)) return false
    const today = utcDay(this.nowMs())
    const day = input.nowMs === undefined ? today : utcDay(input.nowMs)
    const entry = this.entryOf(input.profileId, day)
    if (!entry) return false
    entry.scans += 1
    // A visitor is only told apart on the day itself: an older day's salt is gone, so a late report adds a scan only.
    if (day === today) this.addVisitor(entry, input.clientAddress, input.userAgent)
    this.startTimer()
    return true
  }

  /** The number of scans waiting for the next flush (tests, and the shutdown line). */
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
      entry = { profileId, day, scans: 0, visitors: new Map(), distinct: 0 }
      profiles.set(profileId, entry)
      this.entryCount += 1
    }
    return entry
  }

  private addVisitor(entry: Pending, address: string, agent: string): void {
    const agents = entry.visitors.get(address)
    if (agents?.has(agent) || this.visitorCount >= MAX_PENDING_VISITORS) return
    if (agents) agents.add(agent)
    else entry.visitors.set(address, new Set([agent]))
    entry.distinct += 1
    this.visitorCount += 1
  }

  /** Puts back what a failed write took, merged with what was counted meanwhile. */
  private restore(batch: Pending[]): void {
    for (const lost of batch) {
      const entry = this.entryOf(lost.profileId, lost.day)
      if (!entry) continue
      entry.scans += lost.scans
      for (const [address, agents] of lost.visitors) for (const agent of agents) this.addVisitor(entry, address, agent)
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
    try {
      const salts = await this.saltsOf(batch, today)
      await this.database.db.execute(upsertStatement(batch, today, salts))
      this.cleanedDay = today
      // The statement deleted the finished days' salts; this memory lets go of them too.
      if (this.salt && this.salt.day < today) this.salt = undefined
      if (this.failing) this.options.logger?.info({}, 'scan counts are written again')
      this.failing = false
    } catch (err) {
      this.restore(batch)
      if (!this.failing) this.options.logger?.warn({ err, scans: this.pendingScans() }, 'scan counts kept in memory: the database refused them')
      this.failing = true
      throw err
    }
  }

  /**
   * The salts the batch's visitors are hashed under: today's, and a finished day's the database still holds (a flush
   * just past midnight, or after an outage), so a visitor stored earlier that day is not counted a second time.
   */
  private async saltsOf(batch: Pending[], today: string): Promise<Map<string, Uint8Array>> {
    const salts = new Map<string, Uint8Array>()
    for (const day of new Set(batch.filter((entry) => entry.distinct > 0).map((entry) => entry.day))) {
      const salt = day === today ? await this.saltOf(today) : await this.finishedSaltOf(day)
      if (salt) salts.set(day, salt)
    }
    return salts
  }

  /** A finished day's salt, never drawn anew: gone (another server's flush deleted it) means none. */
  private async finishedSaltOf(day: string): Promise<Uint8Array | undefined> {
    if (this.salt?.day === day) return this.salt.value
    const [row] = await this.database.db.select({ salt: scanSalts.salt }).from(scanSalts).where(eq(scanSalts.day, day))
    return row ? new Uint8Array(row.salt) : undefined
  }

  /** Today's salt, the same on every server of the database: the first to need it draws it. */
  private async saltOf(day: string): Promise<Uint8Array> {
    if (this.salt?.day === day) return this.salt.value
    const db = this.database.db
    await db.insert(scanSalts).values({ day, salt: new Uint8Array(randomBytes(32)) }).onConflictDoNothing()
    const [row] = await db.select({ salt: scanSalts.salt }).from(scanSalts).where(eq(scanSalts.day, day))
    if (!row) throw new Error(`the scan salt of ${day} is missing`)
    this.salt = { day, value: new Uint8Array(row.salt) }
    return this.salt.value
  }
}

/** The counter of a server: its database, its clock, and the configured switch and flush interval. */
export function createScanCounter(deps: { database: Database; config: Config; now?: () => Date }, logger?: ScanCounterOptions['logger']): ScanCounter {
  return new ScanCounter(deps.database, { enabled: deps.config.scanCounting, flushMs: deps.config.scanFlushMs, now: deps.now, logger })
}
