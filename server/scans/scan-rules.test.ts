import { describe, expect, it } from 'vitest'
import { SCAN_OWNER_COOKIE } from '../../src/contract/scans.ts'
import { isBotAgent, isCountableScan, type ScanInput } from './scan-rules.ts'

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'

function input(headers: Record<string, string> = {}, extra: Partial<ScanInput> = {}): ScanInput {
  const lower = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]))
  return { profileId: 'p1', clientAddress: '192.0.2.1', userAgent: PHONE, header: (name) => lower[name.toLowerCase()], method: 'GET', ...extra }
}

describe('isCountableScan', () => {
  it.each<[string, ScanInput, string | (() => string | undefined) | undefined, boolean]>([
    ['a phone', input(), 'abcd1234', true],
    ['a report (POST)', input({}, { method: 'POST' }), 'abcd1234', true],
    ['HEAD', input({}, { method: 'HEAD' }), undefined, false],
    ['head in lower case', input({}, { method: 'head' }), undefined, false],
    ['Sec-Purpose prefetch', input({ 'Sec-Purpose': 'prefetch' }), undefined, false],
    ['Sec-Purpose prerender', input({ 'Sec-Purpose': 'prefetch;prerender' }), undefined, false],
    ['Purpose prefetch', input({ Purpose: 'prefetch' }), undefined, false],
    ['X-Moz prefetch', input({ 'X-Moz': 'prefetch' }), undefined, false],
    ['X-Purpose preview', input({ 'X-Purpose': 'preview' }), undefined, false],
    ['an unrelated Purpose', input({ Purpose: 'something-else' }), undefined, true],
    ['?preview', input({}, { url: '/profile/abcd1234?preview' }), undefined, false],
    ['?preview=1 among others', input({}, { url: 'https://qrtee.example/profile/abcd1234?utm=x&preview=1' }), undefined, false],
    ['a query without preview', input({}, { url: '/profile/abcd1234?utm=previewer' }), undefined, true],
    ['the owner marker of this profile', input({ Cookie: `${SCAN_OWNER_COOKIE}=abcd1234` }), 'abcd1234', false],
    ['the marker, read lazily', input({ Cookie: `a=1; ${SCAN_OWNER_COOKIE}=abcd1234` }), () => 'abcd1234', false],
    ['the marker of another profile', input({ Cookie: `${SCAN_OWNER_COOKIE}=zzzz9999` }), 'abcd1234', true],
    ['a marker when the profile is not known', input({ Cookie: `${SCAN_OWNER_COOKIE}=abcd1234` }), undefined, true],
    ['a look-alike cookie name', input({ Cookie: `not_${SCAN_OWNER_COOKIE}=abcd1234` }), 'abcd1234', true],
  ])('%s', (_what, request, ownerMarker, expected) => {
    expect(isCountableScan(request, ownerMarker)).toBe(expected)
  })

  it('reads the profile behind the marker only when the request carries a marker', () => {
    let reads = 0
    const marker = () => {
      reads += 1
      return 'abcd1234'
    }
    expect(isCountableScan(input(), marker)).toBe(true)
    expect(reads).toBe(0)
  })
})

describe('isBotAgent', () => {
  it.each([
    ['', true],
    ['   ', true],
    ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', true],
    ['Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)', true],
    ['facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)', true],
    ['Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)', true],
    ['TelegramBot (like TwitterBot)', true],
    ['WhatsApp/2.23.20.0', true],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0 Safari/537.36', true],
    ['curl/8.5.0', true],
    ['python-requests/2.31.0', true],
    ['Go-http-client/1.1', true],
    ['Mozilla/5.0', true],
    [PHONE, false],
    ['Mozilla/5.0 (Linux; Android 10; CUBOT X30) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36', false],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36', false],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0', false],
  ])('%j is a bot: %s', (agent, expected) => {
    expect(isBotAgent(agent)).toBe(expected)
  })
})
