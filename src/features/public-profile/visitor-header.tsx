// Owns the header of the visitor's own document: the brand home link and a light / dark / system switch.
import { IconDeviceDesktop, IconMoon, IconQrcode, IconSun } from '@tabler/icons-react'
import { type ReactNode, useSyncExternalStore } from 'react'
import { DEFAULT_THEME, readThemeChoice, THEME_CHOICES, type ThemeChoice } from '../../lib/theme-storage.ts'
import { useHydrated } from './page-context.ts'
import { setThemeChoice, subscribeTheme } from './visitor-theme.ts'

const LABELS: Record<ThemeChoice, { label: string; icon: ReactNode }> = {
  light: { label: 'Light', icon: <IconSun size={16} aria-hidden /> },
  dark: { label: 'Dark', icon: <IconMoon size={16} aria-hidden /> },
  system: { label: 'System', icon: <IconDeviceDesktop size={16} aria-hidden /> },
}

export function VisitorHeader() {
  const choice = useThemeChoice()
  const hydrated = useHydrated()
  return (
    <header className="qv-header">
      <a className="qv-brand" href="/">
        <IconQrcode size={24} aria-hidden />
        QR Tee
      </a>
      <fieldset className="qv-theme" disabled={!hydrated}>
        <legend className="qv-hidden">Theme</legend>
        {THEME_CHOICES.map((option) => (
          <label key={option} title={LABELS[option].label}>
            <input type="radio" name="qv-theme" value={option} checked={choice === option} onChange={() => setThemeChoice(option)} />
            {LABELS[option].icon}
            <span className="qv-hidden">{LABELS[option].label}</span>
          </label>
        ))}
      </fieldset>
    </header>
  )
}

function useThemeChoice(): ThemeChoice {
  // The server cannot know the visitor's choice; it renders the default and the browser corrects it after hydration.
  return useSyncExternalStore(subscribeTheme, readThemeChoice, () => DEFAULT_THEME)
}
