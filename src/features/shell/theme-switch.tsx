// Owns the light / dark / system switch; the choice is stored by the colour-scheme manager (src/lib/theme-storage.ts).
// Three radios in a fieldset, styled as a segmented control: Mantine's SegmentedControl measures the page when it
// mounts (its floating indicator), a forced layout of 200 cards on the dashboard's first render (decision 110).
import { VisuallyHidden, useMantineColorScheme } from '@mantine/core'
import { IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react'
import { type ReactNode, useId } from 'react'
import { THEME_CHOICES, type ThemeChoice, toColorScheme, toThemeChoice } from '../../lib/theme-storage.ts'
import classes from './theme-switch.module.css'

const LABELS: Record<ThemeChoice, { label: string; icon: ReactNode }> = {
  light: { label: 'Light', icon: <IconSun size={16} aria-hidden /> },
  dark: { label: 'Dark', icon: <IconMoon size={16} aria-hidden /> },
  system: { label: 'System', icon: <IconDeviceDesktop size={16} aria-hidden /> },
}

export function ThemeSwitch() {
  const { colorScheme, setColorScheme } = useMantineColorScheme()
  // One radio group per switch: two switches on a page must not share a checked option.
  const name = useId()
  const chosen = toThemeChoice(colorScheme)
  return (
    <fieldset className={classes.root}>
      <VisuallyHidden component="legend">Theme</VisuallyHidden>
      {THEME_CHOICES.map((choice) => (
        <label key={choice} className={classes.option} title={LABELS[choice].label}>
          <input className={classes.input} type="radio" name={name} value={choice} checked={chosen === choice} onChange={() => setColorScheme(toColorScheme(choice))} />
          {LABELS[choice].icon}
          <VisuallyHidden>{LABELS[choice].label}</VisuallyHidden>
        </label>
      ))}
    </fieldset>
  )
}
