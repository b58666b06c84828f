import { describe, expect, it } from 'vitest'
import type { ShareDevice, ShareOutcome } from './share-profile.ts'
import { shareProfileLink, shareToast } from './share-profile.ts'

const URL_ = 'https://qrtee.example/profile/aB3dE5gH'
const ok = async () => undefined
const refuse = (name: string) => async () => {
  throw new DOMException('no', name)
}

describe('shareProfileLink', () => {
  it.each<[string, ShareDevice, ShareOutcome]>([
    ['uses the share sheet when the device has one', { share: ok, clipboard: { writeText: refuse('NotAllowedError') } }, 'shared'],
    ['says nothing when the share sheet is dismissed', { share: refuse('AbortError'), clipboard: { writeText: ok } }, 'cancelled'],
    ['copies when the share sheet refuses', { share: refuse('NotAllowedError'), clipboard: { writeText: ok } }, 'copied'],
    ['copies to the clipboard without a share sheet', { clipboard: { writeText: ok } }, 'copied'],
    ['fails when the clipboard refuses too', { clipboard: { writeText: refuse('NotAllowedError') } }, 'failed'],
    ['fails with neither', {}, 'failed'],
  ])('%s', async (_, device, expected) => {
    expect(await shareProfileLink(URL_, device)).toBe(expected)
  })

  it('shares and copies the profile link itself', async () => {
    const seen: unknown[] = []
    await shareProfileLink(URL_, { share: async (data) => void seen.push(data.url) })
    await shareProfileLink(URL_, { clipboard: { writeText: async (text) => void seen.push(text) } })
    expect(seen).toEqual([URL_, URL_])
  })
})

describe('shareToast', () => {
  it.each<[ShareOutcome, string | null, string | null]>([
    ['shared', 'Shared successfully', 'Your profile link is on its way.'],
    ['copied', 'Shared successfully', 'Link copied to clipboard.'],
    ['failed', 'Share failed', 'Failed to share your profile.'],
    ['cancelled', null, null],
  ])('%s -> %j', (outcome, title, message) => {
    const toast = shareToast(outcome)
    expect(toast?.title ?? null).toBe(title)
    expect(toast?.message ?? null).toBe(message)
  })
})
