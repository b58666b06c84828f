import { defaultStringifySearch, stringifySearchWith } from '@tanstack/react-router'
import { describe, expect, it, vi } from 'vitest'
import { editHrefBuilder } from './edit-href.ts'

describe('editHrefBuilder', () => {
  const ids = [
    'b3f1c2d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
    'B3F1C2D4-5E6F-4A7B-8C9D-0E1F2A3B4C5D',
    '12345678-1234-4123-8123-123456789012',
    '123',
    'true',
    'null',
    'a b&c=d',
    '"quoted"',
    'é/ü?#',
    '',
  ]
  it.each(ids)('%j: the same address as the router writes', (id) => {
    expect(editHrefBuilder(defaultStringifySearch)(id)).toBe(`/dashboard${defaultStringifySearch({ modal: 'edit', id })}`)
  })

  it('asks the router once for the grid and never again for an id as this app makes them', () => {
    const stringify = vi.fn(defaultStringifySearch)
    const hrefOf = editHrefBuilder(stringify)
    for (let n = 0; n < 200; n++) hrefOf(crypto.randomUUID())
    expect(stringify).toHaveBeenCalledTimes(1)
    hrefOf('not-a-uuid')
    expect(stringify).toHaveBeenCalledTimes(2)
  })

  it('follows a router whose stringify writes the search differently', () => {
    const base64 = stringifySearchWith((value) => btoa(JSON.stringify(value)))
    const id = crypto.randomUUID()
    expect(editHrefBuilder(base64)(id)).toBe(`/dashboard${base64({ modal: 'edit', id })}`)
  })
})
