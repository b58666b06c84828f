// The print file's proof, off the event loop (issue 27): the file seen on a white shirt at arm's length (1000 px),
// decoded with jsQR in this worker thread. Plain JavaScript, so it runs the same under tsx, vitest and node.
import { Buffer } from 'node:buffer'
import { parentPort } from 'node:worker_threads'
import jsQR from 'jsqr'
import sharp from 'sharp'

parentPort?.on('message', async ({ id, png }) => {
  try {
    const { data, info } = await sharp(Buffer.from(png))
      .flatten({ background: '#ffffff' })
      .resize(1000, 1000, { kernel: 'nearest' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true })
    const found = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height)
    parentPort?.postMessage({ id, text: found?.data ?? null })
  } catch (err) {
    parentPort?.postMessage({ id, error: err instanceof Error ? err.message : String(err) })
  }
})
