import { describe, expect, it } from 'vitest'
import { applyListChanges, foldListChanges, listChanges, newElementId, type ListChanges } from './list-changes.ts'

type Link = { id: number; url: string }
const link = (id: number, url = `u${id}`): Link => ({ id, url })
const sameLink = (a: Link, b: Link) => a.url === b.url
const ids = (links: Link[]) => links.map((l) => `${l.id}:${l.url}`).join(' ')

describe('applyListChanges: one device’s changes on the list the server holds now', () => {
  const cases: { name: string; current: Link[]; changes: ListChanges<Link>; expect: string }[] = [
    { name: 'nothing changed', current: [link(1), link(2)], changes: {}, expect: '1:u1 2:u2' },
    { name: 'an add is appended after the links of other devices', current: [link(1), link(9)], changes: { add: [link(5)] }, expect: '1:u1 9:u9 5:u5' },
    { name: 'several adds keep their order', current: [link(1)], changes: { add: [link(7), link(3)] }, expect: '1:u1 7:u7 3:u3' },
    { name: 'an edit changes its link where it stands', current: [link(1), link(2), link(3)], changes: { edit: [link(2, 'x')] }, expect: '1:u1 2:x 3:u3' },
    { name: 'an edit of a link deleted elsewhere is dropped: the delete wins', current: [link(1)], changes: { edit: [link(2, 'x')] }, expect: '1:u1' },
    { name: 'a removal drops only its link', current: [link(1), link(2), link(3)], changes: { remove: [2] }, expect: '1:u1 3:u3' },
    { name: 'a removal of a link already gone changes nothing', current: [link(1)], changes: { remove: [2] }, expect: '1:u1' },
    { name: 'an add applied twice (already there) is not doubled', current: [link(1), link(5)], changes: { add: [link(5, 'y')] }, expect: '1:u1 5:y' },
    { name: 'add, edit and removal together', current: [link(1), link(2)], changes: { add: [link(8)], edit: [link(1, 'a')], remove: [2] }, expect: '1:a 8:u8' },
    { name: 'an add repeated in one change counts once, the later value', current: [], changes: { add: [link(4, 'a'), link(4, 'b')] }, expect: '4:b' },
  ]
  it.each(cases)('$name', ({ current, changes, expect: expected }) => {
    expect(ids(applyListChanges(current, changes))).toBe(expected)
    // Applying the same changes again (a resent push, a pull that already holds them) changes nothing more.
    expect(ids(applyListChanges(applyListChanges(current, changes), changes))).toBe(expected)
  })
})

describe('listChanges: what the form changed', () => {
  const cases: { name: string; before: Link[]; after: Link[]; expect: ListChanges<Link> }[] = [
    { name: 'the same list', before: [link(1)], after: [link(1)], expect: {} },
    { name: 'a new link', before: [link(1)], after: [link(1), link(6)], expect: { add: [link(6)] } },
    { name: 'an edited link', before: [link(1), link(2)], after: [link(1), link(2, 'x')], expect: { edit: [link(2, 'x')] } },
    { name: 'a removed link', before: [link(1), link(2)], after: [link(2)], expect: { remove: [1] } },
    { name: 'all three', before: [link(1), link(2)], after: [link(2, 'x'), link(3)], expect: { add: [link(3)], edit: [link(2, 'x')], remove: [1] } },
  ]
  it.each(cases)('$name', ({ before, after, expect: expected }) => {
    expect(listChanges(before, after, sameLink)).toEqual(expected)
    expect(ids(applyListChanges(before, listChanges(before, after, sameLink)))).toBe(ids(after))
  })
})

describe('foldListChanges: a later edit folded into an unsent entry', () => {
  const cases: { name: string; earlier: ListChanges<Link>; later: ListChanges<Link>; expect: ListChanges<Link> }[] = [
    { name: 'two adds', earlier: { add: [link(5)] }, later: { add: [link(6)] }, expect: { add: [link(5), link(6)] } },
    { name: 'an edit of a link the entry adds stays its add', earlier: { add: [link(5)] }, later: { edit: [link(5, 'x')] }, expect: { add: [link(5, 'x')] } },
    { name: 'a link added then removed never goes out', earlier: { add: [link(5)] }, later: { remove: [5] }, expect: {} },
    { name: 'an edited link then removed is a removal', earlier: { edit: [link(2, 'x')] }, later: { remove: [2] }, expect: { remove: [2] } },
    { name: 'two edits of one link: the later value', earlier: { edit: [link(2, 'x')] }, later: { edit: [link(2, 'y')] }, expect: { edit: [link(2, 'y')] } },
    { name: 'changes of other links add up', earlier: { remove: [1] }, later: { edit: [link(2, 'x')] }, expect: { edit: [link(2, 'x')], remove: [1] } },
  ]
  it.each(cases)('$name', ({ earlier, later, expect: expected }) => {
    expect(foldListChanges(earlier, later)).toEqual(expected)
  })

  it('folded changes give the list both give one after the other', () => {
    const base = [link(1), link(2), link(3)]
    const earlier: ListChanges<Link> = { add: [link(5)], edit: [link(1, 'a')], remove: [3] }
    const later: ListChanges<Link> = { add: [link(6)], edit: [link(5, 'e'), link(2, 'b')], remove: [1] }
    expect(ids(applyListChanges(base, foldListChanges(earlier, later)))).toBe(ids(applyListChanges(applyListChanges(base, earlier), later)))
  })
})

it('ids a device gives are whole, positive, far above the server’s counted ids, and below 2^53', () => {
  for (const random of [() => 0, () => 0.5, () => 0.999999999999]) {
    const id = newElementId(random)
    expect(Number.isSafeInteger(id)).toBe(true)
    expect(id).toBeGreaterThanOrEqual(2 ** 32)
  }
})
