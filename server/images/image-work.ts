// Bounds the sharp work of this process (upload re-encodes and variant encodes): a few jobs at once, a short queue,
// and a clear "busy" beyond it, so a burst of uploads or cold variants cannot take every core or pile up memory.
import { availableParallelism } from 'node:os'
import { ApiError } from '../http/http.ts'

export const IMAGE_BUSY_MESSAGE = 'The server is busy processing other images. Please try again in a few seconds.'

export class ImageBusyError extends ApiError {
  constructor() {
    super(503, IMAGE_BUSY_MESSAGE, { 'Retry-After': '5' })
  }
}

/** A counting semaphore with a bounded FIFO queue; a slot is handed straight to the next waiter. */
export class WorkGate {
  private running = 0
  private readonly waiting: Array<() => void> = []

  constructor(
    readonly maxRunning: number,
    readonly maxWaiting: number,
  ) {}

  get active(): number {
    return this.running
  }

  /** True when a new job would be refused rather than queued. */
  get full(): boolean {
    return this.running >= this.maxRunning && this.waiting.length >= this.maxWaiting
  }

  /** Runs `job` when a slot is free; throws ImageBusyError at once when the queue is full too. */
  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running < this.maxRunning) this.running++
    else if (this.waiting.length >= this.maxWaiting) throw new ImageBusyError()
    else await new Promise<void>((resolve) => this.waiting.push(resolve))
    try {
      return await job()
    } finally {
      const next = this.waiting.shift()
      if (next) next()
      else this.running--
    }
  }
}

/**
 * One gate for every sharp job of the process. libvips already spreads one job over the cores, so more jobs at once
 * than cores only adds memory; a waiting upload holds its bytes (up to 10 MB), hence the short queue.
 */
export const imageWork = new WorkGate(Math.max(1, Math.min(4, availableParallelism())), 16)
