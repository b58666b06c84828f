import { describe, expect, it } from 'vitest'
import { sniffImageFormat } from './image-processing.ts'

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((ch) => ch.charCodeAt(0)) : p)))

describe('sniffImageFormat recognises images by their bytes', () => {
  it.each([
    [bytes([0xff, 0xd8, 0xff, 0xe0]), 'jpeg'],
    [bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a]), 'png'],
    [bytes('GIF87a'), 'gif'],
    [bytes('GIF89a'), 'gif'],
    [bytes('RIFF', [0, 0, 0, 0], 'WEBP'), 'webp'],
    [bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'), undefined],
    [bytes('<!doctype html>'), undefined],
    [bytes('RIFF', [0, 0, 0, 0], 'WAVE'), undefined],
    [bytes('GIF90a'), undefined],
    [bytes([0x89], 'PNG'), undefined],
    [bytes('BM'), undefined],
    [bytes(), undefined],
  ])('%j is %s', (input, format) => {
    expect(sniffImageFormat(input)).toBe(format)
  })
})
