import fs from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createLogOutput, REQUEST_BATCH_MS } from './log-output.ts'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function openFile() {
  const dir = fs.mkdtempSync(path.join(tmpdir(), 'qrtee-log-output-'))
  const file = path.join(dir, 'out.log')
  const fd = fs.openSync(file, 'w')
  return { fd, read: () => fs.readFileSync(file, 'utf8'), close: () => (fs.closeSync(fd), fs.rmSync(dir, { recursive: true })) }
}

/** Waits until the output has written `lines` lines (its writes are asynchronous), for a few seconds at most. */
async function linesOf(read: () => string, lines: number): Promise<string[]> {
  for (let waited = 0; waited < 5000; waited += 10) {
    const written = read().split('\n').filter(Boolean)
    if (written.length >= lines) return written
    await sleep(10)
  }
  return read().split('\n').filter(Boolean)
}

afterEach(() => vi.restoreAllMocks())

describe('the log output (decision 180)', () => {
  it('writes the request lines of many turns in a few writes, not one per turn', async () => {
    const out = openFile()
    const writes = vi.spyOn(fs, 'write')
    const output = createLogOutput(out.fd, 4 * 1024 * 1024)
    // A busy server: 30 turns of the event loop, 10 requests answered in each, each turn long enough for the
    // previous write to finish (else SonicBoom gathers them itself).
    for (let turn = 0; turn < 30; turn++) {
      for (let i = 0; i < 10; i++) output.writeRequestLine(`{"n":${turn * 10 + i}}\n`)
      await sleep(1)
    }
    const written = await linesOf(out.read, 300)
    expect(written.map((line) => (JSON.parse(line) as { n: number }).n)).toEqual(Array.from({ length: 300 }, (_, i) => i))
    // One per REQUEST_BATCH_MS of those turns (a few on a slow machine); handed over per turn, it was about 30.
    expect(writes.mock.calls.filter(([fd]) => fd === out.fd).length).toBeLessThan(10)
    out.close()
  })

  it('hands a request line over within the batch time when no other comes', async () => {
    const out = openFile()
    const output = createLogOutput(out.fd, 4 * 1024 * 1024)
    output.writeRequestLine('{"n":1}\n')
    await sleep(REQUEST_BATCH_MS)
    expect(await linesOf(out.read, 1)).toEqual(['{"n":1}'])
    out.close()
  })

  it('writes gathered request lines in front of any other line, in the order they were logged', async () => {
    const out = openFile()
    const output = createLogOutput(out.fd, 4 * 1024 * 1024)
    output.writeRequestLine('{"n":1}\n')
    output.writeRequestLine('{"n":2}\n')
    output.write('{"n":3,"msg":"a warning"}\n')
    output.writeRequestLine('{"n":4}\n')
    const written = await linesOf(out.read, 4)
    expect(written.map((line) => (JSON.parse(line) as { n: number }).n)).toEqual([1, 2, 3, 4])
    out.close()
  })

  it('hands a full batch over at the end of its turn, without waiting for the timer', async () => {
    const out = openFile()
    const writes = vi.spyOn(fs, 'write')
    // A 16 KiB bound makes batches of 4 KiB: 50 lines of 100 bytes fill one.
    const output = createLogOutput(out.fd, 16 * 1024)
    const line = `{"pad":"${'x'.repeat(90)}"}\n`
    for (let i = 0; i < 50; i++) output.writeRequestLine(line)
    // Nothing in flight during the turn (a fatal error in it is flushed in order at exit), written right after it.
    const ofOut = () => writes.mock.calls.filter(([fd]) => fd === out.fd)
    expect(ofOut()).toHaveLength(0)
    await new Promise((resolve) => setImmediate(resolve))
    expect(ofOut()).toHaveLength(1)
    expect(await linesOf(out.read, 50)).toHaveLength(50)
    expect(output.dropped()).toBe(0)
    out.close()
  })

  it('writes lines of any script byte for byte, across batches, and a line longer than a batch whole', async () => {
    const out = openFile()
    // 4 KiB batches: the lines below fill several, and the long one is larger than one.
    const output = createLogOutput(out.fd, 16 * 1024)
    const lines = Array.from({ length: 120 }, (_, n) => `${JSON.stringify({ n, path: `/profile/ünïcødé-✓-😀-${'é'.repeat(n % 7)}` })}\n`)
    lines.splice(60, 0, `${JSON.stringify({ n: 'long', path: 'ß'.repeat(3000) })}\n`)
    for (const [i, line] of lines.entries()) {
      output.writeRequestLine(line)
      if (i % 25 === 0) await new Promise((resolve) => setImmediate(resolve))
    }
    await linesOf(out.read, lines.length)
    expect(out.read()).toBe(lines.join(''))
    expect(output.dropped()).toBe(0)
    out.close()
  })
})
