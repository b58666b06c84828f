import { describe, expect, it } from 'vitest'
import type { OutboxEntry } from '../local/db.ts'
import { classifyOutcome, nextBatch, withUploadedImage } from './outbox.ts'

const entry = (seq: number, overrides: Partial<OutboxEntry> = {}): OutboxEntry => ({
  seq,
  method: 'PUT',
  path: `/api/wishlist-items/${seq}`,
  body: { name: 'x' },
  idempotencyKey: `key-${seq}-xxxxxxxx`,
  target: { entity: 'item', id: String(seq), kind: 'update', fields: ['name'] },
  imageRef: null,
  status: 'pending',
  createdAt: '2030-01-01T00:00:00.000Z',
  attempts: 0,
  lastError: null,
  ignoreFailure: false,
  ...overrides,
})

describe('classifyOutcome', () => {
  const table: [status: number, overrides: Partial<OutboxEntry>, outcome: string][] = [
    [200, {}, 'done'],
    [201, { method: 'POST' }, 'done'],
    [204, { method: 'DELETE' }, 'done'],
    [400, {}, 'failed'],
    [403, {}, 'failed'],
    [404, {}, 'failed'],
    [404, { method: 'DELETE' }, 'done'],
    [422, {}, 'failed'],
    [422, { ignoreFailure: true }, 'done'],
    [401, {}, 'unauthorized'],
    [408, {}, 'transient'],
    [409, {}, 'transient'],
    [429, {}, 'transient'],
    [500, {}, 'transient'],
    [502, { ignoreFailure: true }, 'transient'],
    [503, {}, 'transient'],
  ]
  for (const [status, overrides, outcome] of table) {
    it(`${overrides.method ?? 'PUT'} answered ${status}${overrides.ignoreFailure ? ' (failure ignored)' : ''} is ${outcome}`, () => {
      expect(classifyOutcome(status, entry(1, overrides))).toBe(outcome)
    })
  }
})

describe('nextBatch', () => {
  it('takes pending entries in order up to the batch size', () => {
    const entries = Array.from({ length: 250 }, (_, index) => entry(index + 1))
    expect(nextBatch(entries).map((e) => e.seq)).toEqual(entries.slice(0, 100).map((e) => e.seq))
  })

  it('skips failed entries: the entries behind them still go', () => {
    expect(nextBatch([entry(1), entry(2, { status: 'failed' }), entry(3)]).map((e) => e.seq)).toEqual([1, 3])
  })

  it('stops before an entry whose image is not uploaded yet', () => {
    expect(nextBatch([entry(1), entry(2, { imageRef: 'blob' }), entry(3)]).map((e) => e.seq)).toEqual([1])
  })
})

describe('withUploadedImage', () => {
  it('puts the server id where the placeholder was and leaves other fields alone', () => {
    expect(withUploadedImage({ name: 'x', storedImageId: 'pending-image' }, 'pending-image', 'abc')).toEqual({ name: 'x', storedImageId: 'abc' })
  })
})
