// Owns the stored theme choice (spec: light, dark or system under localStorage "vite-ui-theme", light by default)
// and its translation to Mantine's colour scheme, where "system" is called "auto".
import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core'
import * as v from 'valibot'

export const THEME_STORAGE_KEY = 'vite-ui-theme'
export const THEME_CHOICES = ['light', 'dark', 'system'] as const
export type ThemeChoice = (typeof THEME_CHOICES)[number]
export const DEFAULT_THEME: ThemeChoice = 'light'

const ThemeChoiceSchema = v.picklist(THEME_CHOICES)

export function readThemeChoice(): ThemeChoice {
  try {
    const parsed = v.safeParse(ThemeChoiceSchema, localStorage.getItem(THEME_STORAGE_KEY))
    return parsed.success ? parsed.output : DEFAULT_THEME
  } catch {
    return DEFAULT_THEME
  }
}

export const toColorScheme = (choice: ThemeChoice): MantineColorScheme => (choice === 'system' ? 'auto' : choice)
export const toThemeChoice = (scheme: MantineColorScheme): ThemeChoice => (scheme === 'auto' ? 'system' : scheme)

/** Mantine's storage hook, speaking the spec's key and values; other tabs' choices apply through the storage event. */
export function themeStorageManager(): MantineColorSchemeManager {
  let onStorage: ((event: StorageEvent) => void) | undefined
  return {
    get: () => toColorScheme(readThemeChoice()),
    set: (scheme) => {
      try {
        localStorage.setItem(THEME_STORAGE_KEY, toThemeChoice(scheme))
      } catch {
        // The choice still applies to this page; it just will not survive a reload.
      }
    },
    subscribe: (onUpdate) => {
      onStorage = (event) => {
        if (event.storageArea === localStorage && event.key === THEME_STORAGE_KEY) onUpdate(toColorScheme(readThemeChoice()))
      }
      window.addEventListener('storage', onStorage)
    },
    unsubscribe: () => {
      if (onStorage) window.removeEventListener('storage', onStorage)
      onStorage = undefined
    },
    clear: () => {
      try {
        localStorage.removeItem(THEME_STORAGE_KEY)
      } catch {
        // Nothing stored to clear.
      }
    },
  }
}
