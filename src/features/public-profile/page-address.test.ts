// Which profile a visitor's document is for, read from its address.
import { describe, expect, it } from 'vitest'
import { profileIdOfPage } from './page-address.ts'

describe('profileIdOfPage', () => {
  it.each([
    ['a shareable id', '/profile/aB3dE5gH', 'aB3dE5gH'],
    ['a trailing slash', '/profile/aB3dE5gH/', 'aB3dE5gH'],
    ['an escaped username, decoded', '/profile/j%C3%BCrgen', 'jürgen'],
    ['a malformed escape, kept as it is', '/profile/%E0%A4%A', '%E0%A4%A'],
    ["the owner's own pages", '/profile/edit', undefined],
    ['no id', '/profile/', undefined],
  ])('%s', (_name, path, id) => {
    expect(profileIdOfPage(path)).toBe(id)
  })
})
