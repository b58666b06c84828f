// Owns the light / dark / system switch of the public pages: the app's stored choice (vite-ui-theme) applied to
// <html> the way Mantine does, so the public pages and the app always agree.
import { IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react'
import { type ReactNode, useSyncExternalStore } from 'react'
import { DEFAULT_THEME, readThemeChoice, THEME_CHOICES, THEME_STORAGE_KEY, type ThemeChoice } from '../../lib/theme-storage.ts'
import { useHydrated } from './use-public-page.ts'

const LABELS: Record<ThemeChoice, { label: string; icon: ReactNode }> = {
  light: { label: 'Light', icon: <IconSun size={16} aria-hidden /> },
  dark: { label: 'Dark', icon: <IconMoon size={16} aria-hidden /> },
  system: { label: 'System', icon: <IconDeviceDesktop size={16} aria-hidden /> },
}

const listeners = new Set<() => void>()
const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)')

export function applyStoredTheme(): void {
  const choice = readThemeChoice()
  const scheme = choice === 'system' ? (darkQuery().matches ? 'dark' : 'light') : choice
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme)
  listeners.forEach((listener) => listener())
}

/** Other tabs' choices and, for 'system', the device's own switch. */
export function watchTheme(): void {
  window.addEventListener('storage', (event) => {
    if (event.key === THEME_STORAGE_KEY) applyStoredTheme()
  })
  darkQuery().addEventListener('change', applyStoredTheme)
}

function choose(choice: ThemeChoice) {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, choice)
  } catch {
    // Private mode: the choice still applies to this page.
  }
  applyStoredTheme()
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function PublicThemeSwitch() {
  const choice = useSyncExternalStore(subscribe, readThemeChoice, () => DEFAULT_THEME)
  const hydrated = useHydrated()
  return (
    <fieldset className="ps-theme" disabled={!hydrated}>
      <legend className="ps-hidden">Theme</legend>
      {THEME_CHOICES.map((option) => (
        <label key={option} title={LABELS[option].label}>
          <input type="radio" name="ps-theme" value={option} checked={choice === option} onChange={() => choose(option)} />
          {LABELS[option].icon}
          <span className="ps-hidden">{LABELS[option].label}</span>
        </label>
      ))}
    </fieldset>
  )
}
