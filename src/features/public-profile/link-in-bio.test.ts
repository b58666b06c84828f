import { describe, expect, it } from 'vitest'
import { isLongText } from './expandable-text.tsx'
import { headingSizeClass } from './profile-header.tsx'
import { shareLink } from './share-link.ts'

const data = { title: 'alice', url: 'https://qrtee.example/profile/aB3dE5gH' }

describe('shareLink', () => {
  it('uses the share sheet when the browser has one', async () => {
    const shared: ShareData[] = []
    expect(await shareLink(data, { share: async (d) => void shared.push(d) })).toBe('shared')
    expect(shared).toEqual([data])
  })

  it('a closed share sheet is no failure and copies nothing', async () => {
    let copied = ''
    const nav = { share: async () => Promise.reject(new DOMException('closed', 'AbortError')), clipboard: { writeText: async (t: string) => void (copied = t) } }
    expect(await shareLink(data, nav)).toBe('cancelled')
    expect(copied).toBe('')
  })

  it('without a share sheet (or when it refuses) the link is copied', async () => {
    let copied = ''
    const clipboard = { writeText: async (t: string) => void (copied = t) }
    expect(await shareLink(data, { clipboard })).toBe('copied')
    expect(copied).toBe(data.url)
    expect(await shareLink(data, { share: async () => Promise.reject(new DOMException('no', 'NotAllowedError')), clipboard })).toBe('copied')
  })

  it('with neither, it fails (the page then says so)', async () => {
    expect(await shareLink(data, {})).toBe('failed')
    expect(await shareLink(data, { clipboard: { writeText: async () => Promise.reject(new Error('denied')) } })).toBe('failed')
  })
})

describe('isLongText', () => {
  it.each<[string, boolean]>([
    ['Short and sweet.', false],
    ['x'.repeat(161), true],
    ['one\ntwo\nthree', false],
    ['one\ntwo\nthree\nfour', true],
  ])('%j -> %s', (text, long) => {
    expect(isLongText(text, 160, 2)).toBe(long)
  })
})

describe('headingSizeClass', () => {
  it.each<[string, string | undefined]>([
    ['alice', undefined],
    ['a'.repeat(15), 'qv-h1-long'],
    ['a'.repeat(40), 'qv-h1-longer'],
  ])('%s -> %s', (name, size) => {
    expect(headingSizeClass(name)).toBe(size)
  })
})
