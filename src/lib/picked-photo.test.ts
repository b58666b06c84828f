import { afterEach, describe, expect, it, vi } from 'vitest'
import { IMAGE_MAX_SIDE } from './image-formats.ts'
import { preparePickedPhoto } from './downscale-photo.ts'
import { IMAGE_FORMAT_MESSAGE, IMAGE_UNREADABLE_MESSAGE, isAcceptedImage, scaledSize, scaledType } from './picked-photo.ts'

describe("the pickers take the server's formats and say so for anything else", () => {
  const cases = [
    { type: 'image/jpeg', accepted: true },
    { type: 'image/JPEG', accepted: true },
    { type: 'image/jpg', accepted: true },
    { type: 'image/pjpeg', accepted: true },
    { type: 'image/png', accepted: true },
    { type: 'image/webp', accepted: true },
    { type: 'image/gif', accepted: true },
    { type: 'image/svg+xml', accepted: false },
    { type: 'image/heic', accepted: false },
    { type: 'image/avif', accepted: false },
    { type: 'image/bmp', accepted: false },
    { type: 'application/pdf', accepted: false },
    { type: '', accepted: false },
  ]
  for (const { type, accepted } of cases) {
    it(`'${type || '(no type)'}' is ${accepted ? 'accepted' : 'refused'}`, () => expect(isAcceptedImage({ type })).toBe(accepted))
  }

  it('a refused pick gets the message naming the formats, before anything is decoded', async () => {
    expect(IMAGE_FORMAT_MESSAGE).toMatch(/JPEG, PNG, WebP or GIF/)
    expect(await preparePickedPhoto(new Blob(['<svg/>'], { type: 'image/svg+xml' }), IMAGE_MAX_SIDE.product)).toEqual({ ok: false, message: IMAGE_FORMAT_MESSAGE })
  })

  it('without a decoder (here: Node) an accepted pick goes as it is, for the server to judge', async () => {
    const picked = new Blob(['jpeg bytes'], { type: 'image/jpeg' })
    expect(await preparePickedPhoto(picked, IMAGE_MAX_SIDE.product)).toEqual({ ok: true, photo: picked })
  })

  afterEach(() => vi.unstubAllGlobals())
  it("a file the browser's decoder refuses (a text file named .png) is refused at pick time, not queued as it is", async () => {
    vi.stubGlobal('createImageBitmap', () => Promise.reject(new DOMException('The source image could not be decoded.', 'InvalidStateError')))
    const picked = new Blob(['not an image'], { type: 'image/png' })
    expect(await preparePickedPhoto(picked, IMAGE_MAX_SIDE.product)).toEqual({ ok: false, message: IMAGE_UNREADABLE_MESSAGE })
  })

  it.each([
    ['an engine that does not know the orientation option (TypeError)', new TypeError("The provided value 'from-image' is not a valid enum value")],
    ['a phone short of memory for a huge photo', new RangeError('Out of memory')],
  ])('%s: the photo goes as picked, for the server to judge, never refused as "not a picture"', async (_name, failure) => {
    vi.stubGlobal('createImageBitmap', () => Promise.reject(failure))
    const picked = new Blob(['jpeg bytes'], { type: 'image/jpeg' })
    expect(await preparePickedPhoto(picked, IMAGE_MAX_SIDE.product)).toEqual({ ok: true, photo: picked })
  })
})

describe('the size a large photo is scaled to (long side at most the cap, proportions kept)', () => {
  const cases = [
    { name: 'a 4000 x 3000 photo', width: 4000, height: 3000, max: 1600, expected: { width: 1600, height: 1200 } },
    { name: 'a portrait 3024 x 4032 photo', width: 3024, height: 4032, max: 1600, expected: { width: 1200, height: 1600 } },
    { name: 'a square 2000 px photo for the avatar', width: 2000, height: 2000, max: 512, expected: { width: 512, height: 512 } },
    { name: 'a panorama keeps at least 1 px', width: 20000, height: 10, max: 1600, expected: { width: 1600, height: 1 } },
    { name: 'odd sizes round to the nearest pixel', width: 4001, height: 2999, max: 1600, expected: { width: 1600, height: 1199 } },
    { name: 'exactly the cap: sent as picked', width: 1600, height: 900, max: 1600, expected: undefined },
    { name: 'smaller than the cap: sent as picked (never enlarged)', width: 800, height: 600, max: 1600, expected: undefined },
    { name: 'no size read: sent as picked', width: 0, height: 0, max: 1600, expected: undefined },
  ]
  for (const { name, width, height, max, expected } of cases) {
    it(name, () => expect(scaledSize(width, height, max)).toEqual(expected))
  }
})

describe('what a scaled photo is encoded as', () => {
  const cases = [
    { picked: 'image/jpeg', expected: 'image/jpeg' },
    { picked: 'image/jpg', expected: 'image/jpeg' },
    { picked: 'image/webp', expected: 'image/webp' },
    { picked: 'image/png', expected: 'image/png' },
    { picked: 'image/gif', expected: 'image/png' },
  ]
  for (const { picked, expected } of cases) {
    it(`${picked} -> ${expected}${expected === 'image/png' ? ' (keeps transparency)' : ''}`, () => expect(scaledType(picked)).toBe(expected))
  }
})
