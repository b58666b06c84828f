// The owner's QR print file (design.md section 6): a transparent PNG of {PUBLIC_URL}/profile/{shareableId}, error
// correction H, a 4-module quiet zone, at least 3000 px wide; its proof, decoding our own bytes back (jsQR, in a
// worker thread); and its storage with the owner's orders (issue 27).
import { Worker } from 'node:worker_threads'
import { eq, sql } from 'drizzle-orm'
import sharp from 'sharp'
import type { Db } from '../db/client.ts'
import { printFiles } from '../db/schema.ts'
import { imageWork } from '../images/image-work.ts'
import { PRINT_QUIET_ZONE_MODULES, printCode } from '../../src/lib/print-code.ts'

export const PRINT_FILE_MIN_WIDTH = 3000
export const QUIET_ZONE_MODULES = PRINT_QUIET_ZONE_MODULES
/** Printful wants at least 150 DPI at print size; 3000 px at 300 DPI prints 25 cm, well above that at chest size. */
const PRINT_DPI = 300

export type PrintFile = { png: Buffer; width: number; modulePixels: number; url: string }

/** Black modules on a transparent background, `modulePixels` per module, sized to the first width >= 3000 px. */
export async function renderPrintFile(url: string): Promise<PrintFile> {
  // The cells the Order tab's preview draws too (src/lib/print-code.ts).
  const { side, dark } = printCode(url)
  const pixels = Buffer.alloc(side * side * 4) // all transparent
  for (const [row, col] of dark) pixels[(row * side + col) * 4 + 3] = 255 // opaque black

  const modulePixels = Math.ceil(PRINT_FILE_MIN_WIDTH / side)
  const width = side * modulePixels
  const png = await sharp(pixels, { raw: { width: side, height: side, channels: 4 } })
    .resize(width, width, { kernel: 'nearest' })
    .withMetadata({ density: PRINT_DPI })
    .png({ compressionLevel: 9, palette: false })
    .toBuffer()
  return { png, width, modulePixels, url }
}

/** What a scanner reads from the file, seen on a white shirt (transparent -> white); null when nothing decodes. */
export function decodePrintFile(png: Buffer): Promise<string | null> {
  // jsQR on a 1000 px view takes hundreds of milliseconds of one core: in a worker thread, never on the event loop.
  const id = nextJob++
  const worker = decoder()
  return new Promise<string | null>((resolve, reject) => {
    jobs.set(id, { resolve, reject })
    worker.postMessage({ id, png })
  })
}

type Job = { resolve: (text: string | null) => void; reject: (err: Error) => void }
const jobs = new Map<number, Job>()
let nextJob = 0
let worker: Worker | undefined

/** One decoding thread for the process, started on first use; a crashed one fails its jobs and is started anew. */
function decoder(): Worker {
  if (worker) return worker
  const started = new Worker(new URL('./print-file-decode.worker.mjs', import.meta.url))
  // Holds the process open only while it has work.
  started.unref()
  const failAll = (err: Error) => {
    if (worker === started) worker = undefined
    for (const job of jobs.values()) job.reject(err)
    jobs.clear()
  }
  started.on('message', ({ id, text, error }: { id: number; text?: string | null; error?: string }) => {
    const job = jobs.get(id)
    jobs.delete(id)
    if (error !== undefined) job?.reject(new Error(error))
    else job?.resolve(text ?? null)
  })
  started.on('error', failAll)
  started.on('exit', () => failAll(new Error('The print file decoder stopped')))
  worker = started
  return started
}

export class UnscannablePrintFileError extends Error {}

/** The stored print file of an owner's orders, if it encodes `url` (the profile's address today). */
export async function storedPrintFile(db: Db, userId: string, url: string): Promise<Buffer | null> {
  const [row] = await db.select({ url: printFiles.url, png: printFiles.png }).from(printFiles).where(eq(printFiles.userId, userId)).limit(1)
  return row && row.url === url ? Buffer.from(row.png) : null
}

/**
 * The owner's print file for an order: the stored one, or rendered, decoded back in the worker (it must read exactly
 * `url`, else it throws and no order is sent), and stored, so the provider's fetches are served from storage.
 */
export async function provenPrintFile(db: Db, userId: string, url: string): Promise<Buffer> {
  const stored = await storedPrintFile(db, userId, url)
  if (stored) return stored
  const file = await imageWork.run(() => renderPrintFile(url))
  if ((await decodePrintFile(file.png)) !== url) throw new UnscannablePrintFileError(`The print file of ${url} does not decode to its address`)
  await db
    .insert(printFiles)
    .values({ userId, url, png: file.png })
    .onConflictDoUpdate({ target: printFiles.userId, set: { url, png: file.png, createdAt: sql`now()` } })
  return file.png
}

/** The address the provider fetches the file from. */
export function printFileAddress(publicUrl: string, shareableId: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/api/public/print-files/${encodeURIComponent(shareableId)}.png`
}
