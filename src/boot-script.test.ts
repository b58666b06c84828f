// Tests the plain scripts that run before a document's first paint, in a stand-in of the browser: public/boot.js
// (index.html) and the visitor document's theme line (profile.html; that the CSP allows it: security-headers.test.ts).
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { REFRESH_TOKEN_KEY, TOKEN_KEY } from './api/tokens.ts'
import { THEME_BEFORE_PAINT } from './lib/theme-before-paint.ts'
import { THEME_STORAGE_KEY } from './lib/theme-storage.ts'

const script = readFileSync(path.resolve(import.meta.dirname, '../public/boot.js'), 'utf8')

type Browser = { path: string; stored?: Record<string, string>; systemDark?: boolean; storageBlocked?: boolean }

/** The attributes the script (public/boot.js unless given) leaves on <html>. */
function boot({ path: pathname, stored = {}, systemDark = false, storageBlocked = false }: Browser, code = script): Record<string, string> {
  const attributes: Record<string, string> = {}
  const localStorage = {
    getItem: (key: string) => {
      if (storageBlocked) throw new Error('SecurityError')
      return stored[key] ?? null
    },
  }
  const document = { documentElement: { setAttribute: (name: string, value: string) => void (attributes[name] = value) } }
  const matchMedia = (query: string) => ({ matches: systemDark && query === '(prefers-color-scheme: dark)' })
  runInNewContext(code, { document, localStorage, location: { pathname }, matchMedia })
  return attributes
}

const signedIn = { [TOKEN_KEY]: 'access', [REFRESH_TOKEN_KEY]: 'refresh' }

// Both scripts answer as visitor-theme.ts's applyStoredTheme and Mantine's provider, which run again once the page's
// code has loaded.
describe.each([
  ["the owner app's boot script", '/login', script],
  ["the visitor document's theme line", '/profile/abc123', THEME_BEFORE_PAINT],
])('%s', (_script, pathname, code) => {
  it.each([
    ['nothing stored', {}, true, 'light'],
    ['light on a dark system', { [THEME_STORAGE_KEY]: 'light' }, true, 'light'],
    ['dark', { [THEME_STORAGE_KEY]: 'dark' }, false, 'dark'],
    ['system on a dark system', { [THEME_STORAGE_KEY]: 'system' }, true, 'dark'],
    ['system on a light system', { [THEME_STORAGE_KEY]: 'system' }, false, 'light'],
    ['something else', { [THEME_STORAGE_KEY]: 'purple' }, true, 'light'],
  ])('paints the first frame in the stored scheme: %s -> %s', (_name, stored, systemDark, scheme) => {
    expect(boot({ path: pathname, stored, systemDark }, code)['data-mantine-color-scheme']).toBe(scheme)
  })
})

describe('the boot script of the owner app', () => {

  it.each([
    ['/dashboard', signedIn, true],
    ['/dashboard/', signedIn, true],
    ['/products/new', signedIn, true],
    ['/products/abc', signedIn, true],
    ['/profile/edit', signedIn, true],
    ['/dashboard', { [REFRESH_TOKEN_KEY]: 'refresh' }, true],
    ['/dashboard', {}, false],
    ['/login', signedIn, false],
    ['/', signedIn, false],
    ['/profile/abc123', signedIn, false],
    ['/dashboards', signedIn, false],
    ['/help-center', signedIn, false],
  ])('shows the boot shell on %s with %j: %s', (pathname, stored, shown) => {
    expect('data-boot-shell' in boot({ path: pathname, stored })).toBe(shown)
  })

  it('with storage blocked: the light scheme and no shell', () => {
    expect(boot({ path: '/dashboard', storageBlocked: true })).toEqual({ 'data-mantine-color-scheme': 'light' })
  })
})

describe("the visitor document's theme line", () => {
  it('with storage blocked: no scheme, left to the page (light by default)', () => {
    expect(boot({ path: '/profile/abc123', storageBlocked: true, systemDark: true }, THEME_BEFORE_PAINT)).toEqual({})
  })
})
