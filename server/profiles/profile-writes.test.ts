import { describe, expect, it } from 'vitest'
import { assignSocialLinkIds } from './profile-writes.ts'

const link = (id?: number) => ({ id, platform: 'web', url: '' })

describe('assignSocialLinkIds keeps valid ids and numbers the rest after the highest', () => {
  it.each([
    [[], []],
    [[link(), link()], [1, 2]],
    [[link(5), link()], [5, 6]],
    [[link(3), link(3)], [3, 4]],
    [[link(-1), link(0), link(1.5)], [1, 2, 3]],
    [[link(), link(2), link()], [3, 2, 4]],
  ])('%j -> %j', (links, ids) => {
    expect(assignSocialLinkIds(links).map((l) => l.id)).toEqual(ids)
  })
})
