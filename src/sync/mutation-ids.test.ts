import { describe, expect, it } from 'vitest'
import type { OutboxEntry } from '../local/db.ts'
import { dropsMutationId, inMutationOrder } from './mutation-ids.ts'
import type { EntryOutcome } from './outbox.ts'

const entry = (seq: number, mutationId?: number): OutboxEntry => ({
  seq,
  method: 'PUT',
  path: `/api/wishlist-items/${seq}`,
  idempotencyKey: `k${seq}`,
  target: { entity: 'item', id: `item-${seq}`, kind: 'update', fields: ['name'] },
  imageRef: null,
  status: 'pending',
  createdAt: '2030-01-01T00:00:00Z',
  attempts: 0,
  lastError: null,
  ignoreFailure: false,
  ...(mutationId === undefined ? {} : { mutationId }),
})

describe('inMutationOrder', () => {
  it('keeps outbox order when no entry was sent before', () => {
    expect(inMutationOrder([entry(1), entry(2), entry(3)]).map((e) => e.seq)).toEqual([1, 2, 3])
  })

  it('sends entries whose answer is unknown first, in id order, then the rest in outbox order', () => {
    // Entry 1 was refused and retried (no id any more); 4 and 5 went out and their answer was lost.
    const order = inMutationOrder([entry(1), entry(2), entry(4, 8), entry(5, 7), entry(6)])
    expect(order.map((e) => e.seq)).toEqual([5, 4, 1, 2, 6])
  })

  it('never leaves an entry with an id out of a full batch', () => {
    const many = Array.from({ length: 5 }, (_, i) => entry(i + 1))
    expect(inMutationOrder([...many, entry(9, 3)], 3).map((e) => e.seq)).toEqual([9, 1, 2])
  })
})

describe('dropsMutationId', () => {
  const cases: [number, EntryOutcome, boolean][] = [
    [424, 'not-attempted', true],
    [409, 'refused', true],
    [413, 'refused', true],
    [503, 'retry-later', false],
    [409, 'retry-later', false],
    [401, 'unauthorized', false],
    [208, 'done', false],
  ]
  it.each(cases)('status %i (%s) drops the id: %s', (status, outcome, drops) => {
    expect(dropsMutationId(status, outcome)).toBe(drops)
  })
})
