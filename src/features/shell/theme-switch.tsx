// Owns the light / dark / system switch; the choice is stored by the colour-scheme manager (src/lib/theme-storage.ts).
import { SegmentedControl, VisuallyHidden, useMantineColorScheme } from '@mantine/core'
import { IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { THEME_CHOICES, type ThemeChoice, toColorScheme, toThemeChoice } from '../../lib/theme-storage.ts'

const LABELS: Record<ThemeChoice, { label: string; icon: ReactNode }> = {
  light: { label: 'Light', icon: <IconSun size={16} aria-hidden /> },
  dark: { label: 'Dark', icon: <IconMoon size={16} aria-hidden /> },
  system: { label: 'System', icon: <IconDeviceDesktop size={16} aria-hidden /> },
}

const isThemeChoice = (value: string): value is ThemeChoice => THEME_CHOICES.some((choice) => choice === value)

export function ThemeSwitch() {
  const { colorScheme, setColorScheme } = useMantineColorScheme()
  return (
    <SegmentedControl
      size="xs"
      aria-label="Theme"
      value={toThemeChoice(colorScheme)}
      onChange={(value) => {
        if (isThemeChoice(value)) setColorScheme(toColorScheme(value))
      }}
      data={THEME_CHOICES.map((choice) => ({
        value: choice,
        label: (
          <span style={{ display: 'inline-flex', alignItems: 'center' }} title={LABELS[choice].label}>
            {LABELS[choice].icon}
            <VisuallyHidden>{LABELS[choice].label}</VisuallyHidden>
          </span>
        ),
      }))}
    />
  )
}
