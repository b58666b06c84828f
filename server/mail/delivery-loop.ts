// Owns when a stored outbox is worked off (support mail, account mail, the provider cancellations of deleted accounts):
// one drain at a time per process, a kick during a drain runs one more after it, the next look timed by the earliest row
// still due, a database error tried again later, and the backoff of a row that failed.
export type MailRetry = {
  /** Wait after the first failed attempt; each further failure doubles it, up to `maxMs`. */
  firstMs: number
  maxMs: number
  /** A claimed row whose sender died is tried again after this long. */
  leaseMs: number
}

export const DEFAULT_MAIL_RETRY: MailRetry = { firstMs: 5_000, maxMs: 60 * 60_000, leaseMs: 2 * 60_000 }

/** When nothing is due, the outbox still looks again this often (rows stored by another server). */
const IDLE_RECHECK_MS = 10 * 60_000
/** After a database error the outbox waits this long before trying again. */
const DATABASE_RETRY_MS = 30_000

/** Backoff for the attempt after `attempts` failures, with up to 20% jitter so servers do not retry in step. */
export function retryDelayMs(attempts: number, retry: MailRetry, random = Math.random): number {
  const base = Math.min(retry.maxMs, retry.firstMs * 2 ** Math.max(0, attempts - 1))
  return Math.round(base * (1 + 0.2 * random()))
}

/** Sends what is due and answers when the earliest row still pending is due (undefined: none is). */
export type Drain = () => Promise<Date | undefined>

export class DeliveryLoop {
  private timer: NodeJS.Timeout | undefined
  private running: Promise<void> | undefined
  private again = false
  private isStopped = false

  constructor(
    private readonly drain: Drain,
    private readonly onDatabaseError: (err: unknown) => void,
  ) {}

  /** Delivers whatever is due now, in the background; never throws and never rejects. */
  kick(): void {
    if (this.isStopped) return
    if (this.running) {
      this.again = true
      return
    }
    clearTimeout(this.timer)
    this.running = this.drain()
      .then((nextDue) => this.schedule(nextDue === undefined ? IDLE_RECHECK_MS : Math.min(IDLE_RECHECK_MS, nextDue.getTime() - Date.now())))
      .catch((err: unknown) => {
        this.onDatabaseError(err)
        this.schedule(DATABASE_RETRY_MS)
      })
      .finally(() => {
        this.running = undefined
        if (this.again) {
          this.again = false
          this.kick()
        }
      })
  }

  get stopped(): boolean {
    return this.isStopped
  }

  /** Waits for the delivery in progress (tests). */
  async idle(): Promise<void> {
    while (this.running) await this.running
  }

  stop(): void {
    this.isStopped = true
    clearTimeout(this.timer)
  }

  private schedule(delayMs: number) {
    clearTimeout(this.timer)
    if (this.isStopped) return
    // unref: a pending retry never keeps a test run or a shutting-down process alive.
    this.timer = setTimeout(() => this.kick(), Math.max(50, delayMs)).unref()
  }
}

/** An outbox worked off by a DeliveryLoop: `kick`, `idle` and `stop` for its owner, the drain for its subclass. */
export abstract class LoopedOutbox {
  private readonly loop: DeliveryLoop

  constructor(onDatabaseError: (err: unknown) => void) {
    this.loop = new DeliveryLoop(() => this.drain(), onDatabaseError)
  }

  /** Sends what is due and answers when the earliest row still pending is due (undefined: none is). */
  protected abstract drain(): Promise<Date | undefined>

  protected get stopped(): boolean {
    return this.loop.stopped
  }

  /** Works off whatever is due now, in the background; never throws and never rejects. */
  kick(): void {
    this.loop.kick()
  }

  /** Waits for the work in progress (tests). */
  idle(): Promise<void> {
    return this.loop.idle()
  }

  stop(): void {
    this.loop.stop()
  }
}
