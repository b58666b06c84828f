import { describe, expect, it } from 'vitest'
import { apiPaths } from '../../contract/api-paths.ts'
import { fetchPublicProfile, matchesId, parseEmbeddedProfile, parseSavedCopyHeader } from './load-profile.ts'
import { sampleProfile } from './test-profile.ts'

describe('parseEmbeddedProfile', () => {
  const json = JSON.stringify(sampleProfile())
  it.each<[string, string | null, string, boolean]>([
    ['uses a valid copy for its shareable ID', json, 'aB3dE5gH', true],
    ['uses a valid copy for its username, in any case', json, 'Alice', true],
    ['ignores a copy of another profile', json, 'zzzzzzzz', false],
    ['ignores a missing element', null, 'aB3dE5gH', false],
    ['ignores broken JSON', '{"id":', 'aB3dE5gH', false],
    ['ignores JSON that is not a profile', JSON.stringify({ ...sampleProfile(), wishlist: 'nope' }), 'aB3dE5gH', false],
    ['keeps a profile type this build does not know', JSON.stringify(sampleProfile({ profileType: 'GALLERY' })), 'aB3dE5gH', true],
  ])('%s', (_, text, id, used) => {
    expect(parseEmbeddedProfile(text, id) !== null).toBe(used)
  })
})

describe('matchesId', () => {
  it.each([
    ['aB3dE5gH', true],
    ['ab3de5gh', false],
    ['ALICE', true],
    ['bob', false],
  ])('%s -> %s', (id, expected) => {
    expect(matchesId({ shareableId: 'aB3dE5gH', username: 'alice' }, id)).toBe(expected)
  })
})

describe('parseSavedCopyHeader', () => {
  it.each<[string | null, string | null]>([
    [null, null],
    ['', null],
    ['yesterday-ish', null],
    ['2025-01-15T09:30:00.000Z', '2025-01-15T09:30:00.000Z'],
  ])('%j -> %j', (value, expected) => {
    expect(parseSavedCopyHeader(value)?.toISOString() ?? null).toBe(expected)
  })
})

describe('fetchPublicProfile', () => {
  const answer = (response: Response | Error): typeof fetch =>
    async () => {
      if (response instanceof Error) throw response
      return response
    }
  const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } })

  it.each<[string, Response | Error, string]>([
    ['a 200 with a profile loads it', json(sampleProfile()), 'loaded'],
    ['a 404 means missing or switched off', json({ message: 'Profile not found' }, 404), 'not-found'],
    ['a 500 fails', json({ message: 'boom' }, 500), 'failed'],
    ['a network error fails', new TypeError('Failed to fetch'), 'failed'],
    ['a body that is not a profile fails', json({ hello: 'world' }), 'failed'],
    ['a body that is not JSON fails', new Response('<html>', { status: 200 }), 'failed'],
  ])('%s', async (_, response, kind) => {
    expect((await fetchPublicProfile('aB3dE5gH', undefined, answer(response))).kind).toBe(kind)
  })

  it("reads the service worker's saved-copy stamp", async () => {
    const result = await fetchPublicProfile('aB3dE5gH', undefined, answer(json(sampleProfile(), 200, { 'X-QRTee-Saved-Copy': '2025-01-15T09:30:00.000Z' })))
    expect(result).toMatchObject({ kind: 'loaded', savedCopyAt: new Date('2025-01-15T09:30:00.000Z') })
  })

  it('asks for the id, escaped, and revalidates instead of trusting the HTTP cache', async () => {
    const calls: Array<[string, RequestInit | undefined]> = []
    const spy: typeof fetch = async (input, init) => {
      calls.push([String(input), init])
      return json(sampleProfile())
    }
    await fetchPublicProfile('a/b?c', undefined, spy)
    expect(calls).toEqual([[apiPaths.publicProfile('a/b?c'), expect.objectContaining({ cache: 'no-cache' })]])
    expect(apiPaths.publicProfile('a/b?c')).toBe('/api/profiles/a%2Fb%3Fc')
  })
})
