import { describe, expect, it } from 'vitest'
import { ownerMarkerCookie, readOwnerMarker } from './owner-marker.ts'
import { SCAN_OWNER_COOKIE } from './scan-owner-cookie.ts'

describe('the owner marker cookie', () => {
  it.each([
    ['abcd1234', false, `${SCAN_OWNER_COOKIE}=abcd1234; Max-Age=34560000; Path=/; SameSite=Lax`],
    ['abcd1234', true, `${SCAN_OWNER_COOKIE}=abcd1234; Max-Age=34560000; Path=/; SameSite=Lax; Secure`],
    [null, false, `${SCAN_OWNER_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`],
  ])('for %s (secure %s) is %s', (shareableId, secure, expected) => {
    expect(ownerMarkerCookie(shareableId, secure)).toBe(expected)
  })

  it.each([
    ['', undefined],
    [`${SCAN_OWNER_COOKIE}=abcd1234`, 'abcd1234'],
    [`theme=dark; ${SCAN_OWNER_COOKIE}=abcd1234; other=1`, 'abcd1234'],
    [`x${SCAN_OWNER_COOKIE}=nope`, undefined],
    [`${SCAN_OWNER_COOKIE}=`, undefined],
  ])('reads %j as %s (the server reads it the same way)', (cookies, expected) => {
    expect(readOwnerMarker(cookies)).toBe(expected)
  })
})
