import { randomUUID } from 'node:crypto'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { processImage } from './image-processing.ts'
import { imageVariant } from './image-variants.ts'
import { IMAGE_BUSY_MESSAGE, imageWork, WorkGate } from './image-work.ts'

const settle = () => new Promise((resolve) => setImmediate(resolve))

/** A job that runs until released, recording how many jobs run at once and in which order they started. */
function probe() {
  const state = { running: 0, peak: 0, started: [] as number[] }
  const releases = new Map<number, () => void>()
  const job = (id: number) => async () => {
    state.running++
    state.peak = Math.max(state.peak, state.running)
    state.started.push(id)
    await new Promise<void>((resolve) => releases.set(id, resolve))
    state.running--
    return id
  }
  return { state, job, release: (id: number) => releases.get(id)?.() }
}

describe('WorkGate', () => {
  it('runs at most maxRunning jobs at once, starts the waiting ones in arrival order, and finishes them all', async () => {
    const gate = new WorkGate(2, 10)
    const { state, job, release } = probe()
    const results = [0, 1, 2, 3, 4].map((id) => gate.run(job(id)))
    await settle()
    expect(state.started).toEqual([0, 1])
    release(1)
    await settle()
    expect(state.started).toEqual([0, 1, 2])
    for (const id of [0, 2, 3, 4]) {
      release(id)
      await settle()
    }
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3, 4])
    expect(state.peak).toBe(2)
    expect(gate.active).toBe(0)
  })

  it('answers 503 with Retry-After at once when every slot and the queue are taken', async () => {
    const gate = new WorkGate(1, 1)
    const { job, release } = probe()
    const running = gate.run(job(0))
    const queued = gate.run(job(1))
    expect(gate.full).toBe(true)
    await expect(gate.run(job(2))).rejects.toMatchObject({ status: 503, message: IMAGE_BUSY_MESSAGE, headers: { 'Retry-After': '5' } })
    release(0)
    await settle()
    release(1)
    expect(await Promise.all([running, queued])).toEqual([0, 1])
  })

  it('frees the slot of a job that fails', async () => {
    const gate = new WorkGate(1, 0)
    await expect(gate.run(() => Promise.reject(new Error('broken image')))).rejects.toThrow('broken image')
    expect(await gate.run(async () => 'next')).toBe('next')
  })
})

describe('sharp work of uploads and variants', () => {
  it('a burst of uploads and cold variants never has more sharp tasks in flight than the gate allows', async () => {
    const photo = new Uint8Array(
      await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 10, g: 120, b: 200 } } })
        .jpeg()
        .toBuffer(),
    )
    const peak = { queue: 0, process: 0 }
    // sharp's own counters: tasks waiting for a libuv thread, and tasks libvips is processing. Each is exact; their sum
    // is not (a task moving from one to the other between the two reads counts twice), so each is bounded on its own.
    const sample = () => {
      const { queue, process } = sharp.counters()
      peak.queue = Math.max(peak.queue, queue)
      peak.process = Math.max(peak.process, process)
    }
    const uploads = Array.from({ length: 6 }, () => processImage(photo, 1600))
    const variants = Array.from({ length: 6 }, () => imageVariant(randomUUID(), photo, 480))
    let finished = false
    const done = Promise.all([...uploads, ...variants]).finally(() => (finished = true))
    while (!finished) {
      await settle()
      sample()
    }
    const results = await done
    expect(results.every((r) => r.bytes.byteLength > 0)).toBe(true)
    expect(peak.process).toBeGreaterThan(0)
    expect(peak.process).toBeLessThanOrEqual(imageWork.maxRunning)
    expect(peak.queue).toBeLessThanOrEqual(imageWork.maxRunning)
  })

  it('encodes one cold variant once for many simultaneous requests', async () => {
    const photo = new Uint8Array(await sharp({ create: { width: 800, height: 600, channels: 3, background: '#336699' } }).jpeg().toBuffer())
    const id = randomUUID()
    const answers = await Promise.all(Array.from({ length: 5 }, () => imageVariant(id, photo, 720)))
    expect(new Set(answers).size).toBe(1)
  })
})
