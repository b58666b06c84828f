// The process's log output: a bounded, asynchronous buffer in front of standard output that batches request lines,
// drops and counts what a blocked reader leaves no room for, and writes what is left synchronously at exit.
import { writeSync } from 'node:fs'
import { type DestinationStream, pino } from 'pino'

export type LogOutput = DestinationStream & {
  /** Lines dropped since the process started because the buffer was full. */
  dropped: () => number
  /** A request line, gathered with the others of the current batch (decisions 165 and 180). */
  writeRequestLine: (line: string) => void
}

export const isLogOutput = (stream: DestinationStream): stream is LogOutput => 'writeRequestLine' in stream

const DROP_REPORT_MS = 1000
/** How long a request line may wait for others before it is handed over (decision 180). */
export const REQUEST_BATCH_MS = 50
/** A batch this large is handed over at once; a quarter of the bound, so a blocked reader drops whole batches. */
const MAX_REQUEST_BATCH_BYTES = 64 * 1024

/**
 * Lines are appended to a buffer and written by the event loop (pino's SonicBoom, sync: false): a request only encodes
 * its line into the current batch. Request lines are gathered for up to REQUEST_BATCH_MS, or until a batch is full
 * (then at the end of the turn), and handed over as its bytes, so a busy server writes a few dozen times a second
 * rather than once or more per turn of the event loop;
 * any other line takes the gathered ones with it, in front, so the order is kept. When the reader falls behind (a
 * full pipe), the buffer grows up to `bufferBytes`; past that, NEW lines are dropped whole (never a part of one, never
 * the old ones already queued) and counted, and a 'log lines dropped' warning says how many, written once there is
 * room again (checked every second). On exit the buffer is written synchronously (pino's flushSync, then the gathered
 * request lines), so a fatal line logged just before process.exit is written (decisions 120, 165, 180 and 183).
 */
export function createLogOutput(fd: number, bufferBytes: number): LogOutput {
  // Buffer mode: a batch goes to write(2) as the bytes it was gathered in. With strings, SonicBoom measured every
  // batch (flattening it), encoded it for the write and encoded it again when the write completed (decision 183).
  const stream = pino.destination({ dest: fd, sync: false, maxLength: bufferBytes, contentMode: 'buffer' })
  const batchBytes = Math.min(MAX_REQUEST_BATCH_BYTES, Math.floor(bufferBytes / 4))
  let dropped = 0
  let unreported = 0
  let reporting = false
  let reportLost = false
  /** The batch being filled, `used` bytes of it so far; batches filled in this turn wait in `full`. */
  let batch: Buffer | undefined
  let used = 0
  const full: Buffer[] = []
  let gatheredBytes = 0
  let handOverTimer: NodeJS.Timeout | undefined
  let fullBatchScheduled = false
  stream.on('drop', (data: Buffer) => {
    if (reporting) reportLost = true
    else {
      const lines = linesIn(data)
      dropped += lines
      unreported += lines
    }
  })
  // In buffer mode SonicBoom takes Buffers; pino's types know only its string mode.
  const write = stream.write.bind(stream) as unknown as (data: Buffer) => boolean
  /** Takes the gathered lines out, with `after` behind them (the caller writes the result in one piece). */
  const takeGathered = (after?: Buffer): Buffer => {
    if (handOverTimer !== undefined) {
      clearTimeout(handOverTimer)
      handOverTimer = undefined
    }
    const pieces = full.splice(0)
    if (batch && used > 0) pieces.push(batch.subarray(0, used))
    if (after) pieces.push(after)
    batch = undefined
    used = 0
    gatheredBytes = 0
    return pieces.length === 1 && pieces[0] ? pieces[0] : Buffer.concat(pieces)
  }
  const handOver = () => {
    const taken = takeGathered()
    if (taken.length > 0) write(taken)
  }
  const scheduleFullBatch = () => {
    if (fullBatchScheduled) return
    fullBatchScheduled = true
    // At the end of this turn, not now: an asynchronous write started mid-turn could still be in flight if this turn
    // ends in a fatal error, and land after the exit's synchronous flush, out of order.
    setImmediate(() => {
      fullBatchScheduled = false
      if (full.length > 0) handOver()
    })
  }
  const writeRequestLine = (line: string) => {
    // Batches are handed over at batchBytes, so only a line too long for the bound is dropped here, never held.
    if (gatheredBytes + line.length > bufferBytes) {
      dropped++
      unreported++
      return
    }
    // UTF-8 takes at most three bytes per UTF-16 unit: a line that might not fit closes the batch first.
    const most = line.length * 3
    if (batch && used + most > batch.length) {
      full.push(batch.subarray(0, used))
      batch = undefined
      scheduleFullBatch()
    }
    if (!batch) {
      batch = Buffer.allocUnsafe(Math.max(batchBytes, most))
      used = 0
    }
    const bytes = batch.write(line, used)
    used += bytes
    gatheredBytes += bytes
    if (handOverTimer === undefined && !fullBatchScheduled) {
      handOverTimer = setTimeout(handOver, REQUEST_BATCH_MS)
      // The exit flush writes what is gathered; a pending batch alone must not keep a finished process alive.
      handOverTimer.unref()
    }
  }
  // Once a second at most, and only after a loss: the count goes into the buffer like any line (if the buffer is still
  // full it is dropped too, uncounted, and tried again next time).
  const reportTimer = setInterval(() => {
    if (unreported === 0) return
    // The gathered request lines go first, outside the report: a drop of theirs is counted like any other.
    handOver()
    const count = unreported
    reporting = true
    reportLost = false
    write(Buffer.from(`${JSON.stringify({ level: 'warn', time: new Date().toISOString(), dropped: count, droppedTotal: dropped, msg: 'log lines dropped' })}\n`))
    reporting = false
    if (!reportLost) unreported -= count
  }, DROP_REPORT_MS)
  reportTimer.unref()
  process.on('exit', () => {
    if ((stream as unknown as { destroyed: boolean }).destroyed) return
    const last = takeGathered()
    try {
      stream.flushSync()
      writeAllSync(fd, last)
    } catch {
      // A closed or broken output at exit: nothing is left to tell.
    }
  })
  return Object.assign(stream, {
    dropped: () => dropped,
    writeRequestLine,
    // With the gathered lines in front, in one write: were they handed over first, SonicBoom could start writing them
    // asynchronously and a fatal line right behind them be written by the exit flush before they land.
    write: (line: string) => write(gatheredBytes === 0 ? Buffer.from(line) : takeGathered(Buffer.from(line))),
  })
}

/** As SonicBoom's flushSync: a full non-blocking pipe answers EAGAIN, so wait a little and go on (for 10 s at most). */
function writeAllSync(fd: number, data: Buffer): void {
  let rest = data
  for (let tries = 0; rest.length > 0 && tries < 1000; tries++) {
    try {
      rest = rest.subarray(writeSync(fd, rest))
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') throw err
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10)
    }
  }
}

const NEWLINE = 0x0a
const linesIn = (data: Buffer): number => {
  let lines = 0
  for (let at = data.indexOf(NEWLINE); at !== -1; at = data.indexOf(NEWLINE, at + 1)) lines++
  return Math.max(lines, 1)
}
