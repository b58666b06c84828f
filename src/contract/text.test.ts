import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { hasControlCharacters, noControlCharacters } from './text.ts'

describe('control characters in text', () => {
  const table: [name: string, text: string, multiLine: boolean, refused: boolean][] = [
    ['plain text', 'Trail shoes', false, false],
    ['accents and emoji', 'Café ☕ 👟', false, false],
    ['NUL', 'Trail\u0000shoes', false, true],
    ['DEL', 'Trail\u007f', false, true],
    ['bell in multi-line text', 'a\u0007b', true, true],
    ['newline in a single line', 'a\nb', false, true],
    ['tab in a single line', 'a\tb', false, true],
    ['newline and tab in multi-line text', 'line one\n\tline two', true, false],
    ['carriage return in multi-line text', 'a\r\nb', true, true],
    ['a lone high surrogate', 'a\ud800', false, true],
    ['a lone low surrogate', '\udc00b', true, true],
    ['a surrogate pair', '\ud83d\udc5f', false, false],
  ]
  for (const [name, text, multiLine, refused] of table) {
    it(`${name}: ${refused ? 'refused' : 'accepted'}`, () => expect(hasControlCharacters(text, multiLine)).toBe(refused))
  }

  it('names the field in its message', () => {
    const result = v.safeParse(v.pipe(v.string(), noControlCharacters('Product name')), 'x\u0000')
    expect(result.issues?.[0]?.message).toBe('Product name must not contain control characters (such as NUL) or broken characters.')
  })
})
