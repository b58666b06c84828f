// Tests the visitor document's inline theme line in a stand-in of the browser: what it leaves on <html>. That
// profile.html carries it and the CSP allows it: server/http/security-headers.test.ts.
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { THEME_BEFORE_PAINT } from './theme-before-paint.ts'
import { THEME_STORAGE_KEY } from './theme-storage.ts'

type Browser = { stored?: string | null; systemDark?: boolean; storageBlocked?: boolean }

/** The colour scheme the line leaves on <html> (undefined: none). */
function schemeAfter({ stored = null, systemDark = false, storageBlocked = false }: Browser): string | undefined {
  const attributes: Record<string, string> = {}
  const localStorage = {
    getItem: (key: string) => {
      if (storageBlocked) throw new Error('SecurityError')
      return key === THEME_STORAGE_KEY ? stored : null
    },
  }
  const document = { documentElement: { setAttribute: (name: string, value: string) => void (attributes[name] = value) } }
  runInNewContext(THEME_BEFORE_PAINT, { document, localStorage, matchMedia: (query: string) => ({ matches: systemDark && query === '(prefers-color-scheme: dark)' }) })
  return attributes['data-mantine-color-scheme']
}

describe("the visitor document's theme line", () => {
  // The same answers as visitor-theme.ts's applyStoredTheme, which runs again once the page's module has loaded.
  it.each([
    ['nothing stored', { stored: null, systemDark: true }, 'light'],
    ['light on a dark system', { stored: 'light', systemDark: true }, 'light'],
    ['dark', { stored: 'dark' }, 'dark'],
    ['system on a dark system', { stored: 'system', systemDark: true }, 'dark'],
    ['system on a light system', { stored: 'system', systemDark: false }, 'light'],
    ['something else', { stored: 'purple', systemDark: true }, 'light'],
    ['storage blocked', { storageBlocked: true, systemDark: true }, undefined],
  ] as const)('%s -> %s', (_name, browser, scheme) => {
    expect(schemeAfter(browser)).toBe(scheme)
  })
})
