import { describe, expect, it } from 'vitest'
import { orderIdentity } from './order-identity.ts'

const owner = '0b6f3d4e-2a1c-4f5e-9d8b-7c6a5e4d3c2b'
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describe('orderIdentity', () => {
  it('derives the same ids for the same owner and Idempotency-Key, every time', () => {
    const first = orderIdentity(owner, 'key-1')
    expect(orderIdentity(owner, 'key-1')).toEqual(first)
    expect(first.derived).toBe(true)
  })

  it('is a UUID whose hex digits are the external id, at most 32 characters as Printful allows', () => {
    const { id, externalId } = orderIdentity(owner, 'b7e0c0de-1234-4abc-8def-0123456789ab')
    expect(id).toMatch(uuid)
    expect(externalId).toBe(id.replaceAll('-', ''))
    expect(externalId).toMatch(/^[0-9a-f]{32}$/)
  })

  it('differs for another key or another owner, and where a key and an owner id would run together', () => {
    const ids = new Set([
      orderIdentity(owner, 'key-1').id,
      orderIdentity(owner, 'key-2').id,
      orderIdentity('1b6f3d4e-2a1c-4f5e-9d8b-7c6a5e4d3c2b', 'key-1').id,
      orderIdentity(`${owner}k`, 'ey-1').id,
    ])
    expect(ids.size).toBe(4)
  })

  it('is random without a key, as before', () => {
    const a = orderIdentity(owner)
    const b = orderIdentity(owner)
    expect(a.id).not.toBe(b.id)
    expect(a).toMatchObject({ derived: false, externalId: a.id.replaceAll('-', '') })
    expect(a.id).toMatch(uuid)
  })
})
