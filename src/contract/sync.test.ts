import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { nestsAtMost } from './request-body.ts'
import { IDEMPOTENCY_KEY_MESSAGE, IdempotencyKeySchema, PUSH_BODY_DEPTH_MAX, PUSH_BODY_DEPTH_MESSAGE, SyncPushSchema } from './sync.ts'

/** `levels` arrays inside each other around a number: [[[1]]] has three. */
const nestedArrays = (levels: number): unknown => JSON.parse('['.repeat(levels) + '1' + ']'.repeat(levels))
const nestedObjects = (levels: number): unknown => JSON.parse('{"a":'.repeat(levels) + '1' + '}'.repeat(levels))

describe('nestsAtMost', () => {
  it.each([
    ['a number', 1, 0, true],
    ['null', null, 0, true],
    ['an empty object at most 1 level', {}, 1, true],
    ['an empty object at most 0 levels', {}, 0, false],
    ["a profile update's social links (3 levels)", { socialLinks: [{ platform: 'x', url: 'https://x.example' }] }, 3, true],
    ['the same at most 2 levels', { socialLinks: [{ platform: 'x', url: 'https://x.example' }] }, 2, false],
    ['16 levels of arrays at most 16', nestedArrays(16), 16, true],
    ['17 levels of arrays at most 16', nestedArrays(17), 16, false],
    ['17 levels of objects at most 16', nestedObjects(17), 16, false],
    ['a wide flat array', Array.from({ length: 10_000 }, (_, i) => i), 1, true],
  ])('%s: %s', (_name, value, max, expected) => {
    expect(nestsAtMost(value, max)).toBe(expected)
  })

  it('walks a body of 200,000 levels without overflowing the stack', () => {
    expect(nestsAtMost(nestedArrays(200_000), PUSH_BODY_DEPTH_MAX)).toBe(false)
    expect(() => JSON.stringify(nestedArrays(200_000))).toThrow(RangeError)
  })
})

describe('push schema', () => {
  const op = (overrides: Record<string, unknown>) => ({ operations: [{ method: 'PUT', path: '/api/profiles', body: {}, idempotencyKey: 'key-1', ...overrides }] })
  const firstMessage = (input: unknown) => {
    const result = v.safeParse(SyncPushSchema, input)
    return result.success ? undefined : result.issues[0].message
  }

  it.each([
    ['a space', 'has space'],
    ['a non-ASCII letter', 'schlüssel'],
    ['a line break', 'key\r\nX-Injected: 1'],
    ['nothing', ''],
    ['201 characters', 'k'.repeat(201)],
  ])('refuses an operation key with %s', (_name, idempotencyKey) => {
    expect(firstMessage(op({ idempotencyKey }))).toBe(IDEMPOTENCY_KEY_MESSAGE)
  })

  it('accepts the keys the outbox makes (UUIDs) and any visible ASCII up to 200 characters', () => {
    expect(firstMessage(op({ idempotencyKey: crypto.randomUUID() }))).toBeUndefined()
    expect(firstMessage(op({ idempotencyKey: '~!x'.repeat(66) }))).toBeUndefined()
    expect(v.is(IdempotencyKeySchema, 'k'.repeat(200))).toBe(true)
  })

  it('refuses an operation body nested deeper than the bound, with a message', () => {
    expect(firstMessage(op({ body: nestedArrays(PUSH_BODY_DEPTH_MAX + 1) }))).toBe(PUSH_BODY_DEPTH_MESSAGE)
    expect(firstMessage(op({ body: nestedArrays(100_000) }))).toBe(PUSH_BODY_DEPTH_MESSAGE)
    expect(firstMessage(op({ body: nestedArrays(PUSH_BODY_DEPTH_MAX) }))).toBeUndefined()
  })
})
