// Tests which sign-in return addresses are accepted.
import { describe, expect, it } from 'vitest'
import { isSameOriginPath } from './safe-redirect.ts'

describe('isSameOriginPath', () => {
  it.each([
    ['/dashboard', true],
    ['/dashboard?view=order&modal=qr', true],
    ['/profile/edit#photo', true],
    ['//evil.example/x', false],
    ['/\\evil.example', false],
    ['https://evil.example', false],
    ['javascript:alert(1)', false],
    ['/\tdashboard', false],
    ['dashboard', false],
    ['', false],
  ])('%j -> %s', (value, expected) => {
    expect(isSameOriginPath(value)).toBe(expected)
  })
})
