// Owns the colour scheme of the visitor's own document: the stored light / dark / system choice (same key and values
// as the app) applied to <html> the way Mantine does, so the app and this page always agree. Plain code: the switch
// works before React loads (decision 176).
import { readThemeChoice, THEME_STORAGE_KEY, type ThemeChoice } from '../../lib/theme-storage.ts'

const listeners = new Set<() => void>()
const notify = () => listeners.forEach((listener) => listener())
const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)')

function resolve(choice: ThemeChoice): 'light' | 'dark' {
  if (choice !== 'system') return choice
  return darkQuery().matches ? 'dark' : 'light'
}

export function applyStoredTheme(): void {
  document.documentElement.setAttribute('data-mantine-color-scheme', resolve(readThemeChoice()))
}

export function setThemeChoice(choice: ThemeChoice): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, choice)
  } catch {
    // Private mode: the choice still applies to this page.
  }
  applyStoredTheme()
  notify()
}

/** Follows other tabs' choices and, for 'system', the device's own switch. */
export function watchTheme(): void {
  window.addEventListener('storage', (event) => {
    if (event.key !== THEME_STORAGE_KEY) return
    applyStoredTheme()
    notify()
  })
  darkQuery().addEventListener('change', applyStoredTheme)
}

/** Hears every change of the choice: this page's switch, another tab's. */
export function subscribeTheme(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
