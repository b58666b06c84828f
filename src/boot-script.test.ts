// Tests public/boot.js, the plain script index.html runs before its first paint, in a stand-in of the browser.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { REFRESH_TOKEN_KEY, TOKEN_KEY } from './api/tokens.ts'
import { THEME_STORAGE_KEY } from './lib/theme-storage.ts'

const script = readFileSync(path.resolve(import.meta.dirname, '../public/boot.js'), 'utf8')

type Browser = { path: string; stored?: Record<string, string>; systemDark?: boolean; storageBlocked?: boolean }

/** The attributes the script leaves on <html>. */
function boot({ path: pathname, stored = {}, systemDark = false, storageBlocked = false }: Browser): Record<string, string> {
  const attributes: Record<string, string> = {}
  const localStorage = {
    getItem: (key: string) => {
      if (storageBlocked) throw new Error('SecurityError')
      return stored[key] ?? null
    },
  }
  const document = { documentElement: { setAttribute: (name: string, value: string) => void (attributes[name] = value) } }
  runInNewContext(script, { document, localStorage, location: { pathname }, matchMedia: () => ({ matches: systemDark }) })
  return attributes
}

const signedIn = { [TOKEN_KEY]: 'access', [REFRESH_TOKEN_KEY]: 'refresh' }

describe('the boot script of the owner app', () => {
  it.each([
    ['nothing stored', {}, false, 'light'],
    ['light', { [THEME_STORAGE_KEY]: 'light' }, true, 'light'],
    ['dark', { [THEME_STORAGE_KEY]: 'dark' }, false, 'dark'],
    ['system on a dark system', { [THEME_STORAGE_KEY]: 'system' }, true, 'dark'],
    ['system on a light system', { [THEME_STORAGE_KEY]: 'system' }, false, 'light'],
    ['something else', { [THEME_STORAGE_KEY]: 'purple' }, true, 'light'],
  ])('paints the first frame in the stored scheme: %s -> %s', (_name, stored, systemDark, scheme) => {
    expect(boot({ path: '/login', stored, systemDark })['data-mantine-color-scheme']).toBe(scheme)
  })

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
