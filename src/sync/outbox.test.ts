import { describe, expect, it } from 'vitest'
import type { OutboxEntry } from '../local/db.ts'
import { ANSWER_TABLE, classifyAnswer, nextBatch, withUploadedImage, type Answer, type EntryOutcome } from './outbox.ts'

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

describe('classifyAnswer: the table every answer goes through', () => {
  type Row = [answer: Answer, overrides: Partial<OutboxEntry>, outcome: EntryOutcome]
  const table: Row[] = [
    [{ status: 200 }, {}, 'done'],
    [{ status: 201 }, { method: 'POST' }, 'done'],
    [{ status: 204 }, { method: 'DELETE' }, 'done'],
    [{ status: 424 }, {}, 'not-attempted'],
    [{ status: 401 }, {}, 'unauthorized'],
    [{ status: 500 }, {}, 'retry-later'],
    [{ status: 502 }, { ignoreFailure: true }, 'retry-later'],
    [{ status: 503 }, {}, 'retry-later'],
    [{ status: 408 }, {}, 'retry-later'],
    [{ status: 425 }, {}, 'retry-later'],
    [{ status: 429 }, {}, 'retry-later'],
    // The same Idempotency-Key still running (the server sends Retry-After) is not a refusal...
    [{ status: 409, retryAfter: '1' }, {}, 'retry-later'],
    // ...but a full wishlist, a create of an item deleted elsewhere or an id taken will answer 409 again.
    [{ status: 409 }, { method: 'POST' }, 'refused'],
    [{ status: 409, retryAfter: null }, {}, 'refused'],
    [{ status: 404 }, { method: 'DELETE' }, 'done'],
    [{ status: 404 }, {}, 'refused'],
    [{ status: 400 }, {}, 'refused'],
    [{ status: 403 }, {}, 'refused'],
    [{ status: 413 }, {}, 'refused'],
    [{ status: 415 }, {}, 'refused'],
    [{ status: 422 }, {}, 'refused'],
    [{ status: 422 }, { ignoreFailure: true }, 'done'],
    [{ status: 409 }, { ignoreFailure: true }, 'done'],
    [{ status: 302 }, {}, 'refused'],
  ]
  for (const [answer, overrides, outcome] of table) {
    const label = `${overrides.method ?? 'PUT'} answered ${answer.status}${answer.retryAfter ? ' with Retry-After' : ''}${overrides.ignoreFailure ? ' (cleanup)' : ''}`
    it(`${label} is ${outcome}`, () => {
      expect(classifyAnswer(answer, entry(1, overrides))).toBe(outcome)
    })
  }

  it('every row of the table is reached by some answer above', () => {
    const reached = new Set(table.map(([answer, overrides]) => ANSWER_TABLE.findIndex((row) => row.matches(answer, entry(1, overrides)))))
    expect([...reached].sort((a, b) => a - b)).toEqual(ANSWER_TABLE.map((_row, index) => index))
  })
})

describe('nextBatch', () => {
  const item = (id: string, kind: 'create' | 'update' | 'delete' = 'update') => ({ target: { entity: 'item' as const, id, kind, fields: ['name'] } })

  it('takes pending entries in order up to the batch size', () => {
    const entries = Array.from({ length: 250 }, (_, index) => entry(index + 1))
    expect(nextBatch(entries).map((e) => e.seq)).toEqual(entries.slice(0, 100).map((e) => e.seq))
  })

  it('a refused entry holds back the later entries of the same item, and only those', () => {
    const entries = [entry(1, { ...item('a', 'create'), status: 'failed' }), entry(2, item('b')), entry(3, item('a')), entry(4, item('b')), entry(5, item('c'))]
    expect(nextBatch(entries).map((e) => e.seq)).toEqual([2, 4, 5])
  })

  it('a refused profile change holds back later profile changes and the cleanup of the previous photo', () => {
    const profile = { target: { entity: 'profile' as const, fields: ['description'] } }
    const cleanup = { target: { entity: 'upload' as const, id: 'old' }, method: 'DELETE' as const, ignoreFailure: true }
    const entries = [entry(1, { ...profile, status: 'failed' }), entry(2, item('a')), entry(3, profile), entry(4, cleanup)]
    expect(nextBatch(entries).map((e) => e.seq)).toEqual([2])
  })

  it('a refused or waiting image holds back later image changes and the delete of its item, never its text edits', () => {
    const image = (id: string) => ({ target: { entity: 'item' as const, id, kind: 'update' as const, fields: ['storedImageId', 'imageUrl', 'localImageId'] } })
    const photo = { target: { entity: 'profile' as const, fields: ['profileImageId', 'profileImageUrl', 'localImageId'] } }
    const settings = { target: { entity: 'profile' as const, fields: ['description'] } }
    const entries = [
      entry(1, { ...image('a'), status: 'failed' }),
      entry(2, item('a')),
      entry(3, image('a')),
      entry(4, { ...photo, imageRef: 'blob' }),
      entry(5, settings),
      entry(6, photo),
      entry(7, { ...item('a', 'delete'), method: 'DELETE' }),
    ]
    expect(nextBatch(entries).map((e) => e.seq)).toEqual([2, 5])
  })

  it("an image change waits for its item's refused create", () => {
    const image = { target: { entity: 'item' as const, id: 'a', kind: 'update' as const, fields: ['storedImageId', 'imageUrl', 'localImageId'] } }
    expect(nextBatch([entry(1, { ...item('a', 'create'), status: 'failed' }), entry(2, image), entry(3, item('b'))]).map((e) => e.seq)).toEqual([3])
  })

  it('an entry waiting for its image upload holds back its own item only', () => {
    expect(nextBatch([entry(1, item('a')), entry(2, { ...item('b'), imageRef: 'blob' }), entry(3, item('b')), entry(4, item('c'))]).map((e) => e.seq)).toEqual([1, 4])
  })
})

describe('withUploadedImage', () => {
  it('puts the server id where the placeholder was and leaves other fields alone', () => {
    expect(withUploadedImage({ name: 'x', storedImageId: 'pending-image' }, 'pending-image', 'abc')).toEqual({ name: 'x', storedImageId: 'abc' })
  })
})
