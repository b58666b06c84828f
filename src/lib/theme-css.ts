// Owns the app theme's stylesheet as Mantine's provider would otherwise write it into the page at every start: the CSS
// variables where our theme differs from Mantine's defaults, and the breakpoint classes of hiddenFrom/visibleFrom.
// Vite builds it once (the `virtual:qrtee-theme.css` module of vite.config.ts); main.tsx turns the runtime copies off.
import { convertCssVariables, DEFAULT_THEME, defaultCssVariablesResolver, em, keys, mergeMantineTheme, px, type ConvertCSSVariablesInput, type CSSVariablesResolver, type MantineThemeOverride } from '@mantine/core'
import { cssVariablesResolver, theme } from './theme.ts'

type Variables = ConvertCSSVariablesInput

/** What MantineCssVariables computes: the default resolver on the merged theme, then ours over it. */
function mergedVariables(override: MantineThemeOverride, resolver: CSSVariablesResolver): Variables {
  const merged = mergeMantineTheme(DEFAULT_THEME, override)
  const base = defaultCssVariablesResolver(merged)
  const ours = resolver(merged)
  return {
    variables: { ...base.variables, ...ours.variables },
    light: { ...base.light, ...ours.light },
    dark: { ...base.dark, ...ours.dark },
  }
}

/** Only what Mantine's own stylesheet (default-css-variables.css) does not already say, as Mantine's deduplication does. */
function withoutDefaults(input: Variables): Variables {
  const defaults = defaultCssVariablesResolver(DEFAULT_THEME)
  const changed = (own: Record<string, string>, known: Record<string, string>) => Object.fromEntries(Object.entries(own).filter(([name, value]) => known[name as keyof typeof known] !== value))
  return { variables: changed(input.variables, defaults.variables), light: changed(input.light, defaults.light), dark: changed(input.dark, defaults.dark) }
}

/** The theme's variables, in the text MantineCssVariables would put in its <style> on `:root` (and `:host`). */
export function themeVariablesCss(override: MantineThemeOverride = theme, resolver: CSSVariablesResolver = cssVariablesResolver): string {
  return convertCssVariables(withoutDefaults(mergedVariables(override, resolver)))
}

/** The rules MantineClasses would put in its <style>: elements hidden below or from each breakpoint. */
export function breakpointClassesCss(override: MantineThemeOverride = theme): string {
  const { breakpoints } = mergeMantineTheme(DEFAULT_THEME, override)
  return keys(breakpoints).reduce((css, breakpoint) => {
    const value = breakpoints[breakpoint]
    if (value === undefined) return css
    const inPx = value.includes('px')
    const size = Number(px(value))
    const below = inPx ? `${size - 0.1}px` : em(size - 0.1)
    const from = inPx ? `${size}px` : em(size)
    return `${css}@media (max-width: ${below}) {.mantine-visible-from-${breakpoint} {display: none !important;}}@media (min-width: ${from}) {.mantine-hidden-from-${breakpoint} {display: none !important;}}`
  }, '')
}

/**
 * A focused field's ring: Mantine only recolours the 1 px border, about 2.7:1 against a dark card. Two pixels outside
 * it, blue 8 on light (5:1 on white) and blue 4 on dark (5.5:1 on the #2e2e2e card), in fields with an eye or a clear
 * button too (focus-within).
 */
export const FOCUS_RING_CSS =
  ':root .mantine-Input-input:focus, :root .mantine-Input-input:focus-within {outline: 2px solid var(--mantine-color-blue-8); outline-offset: 2px;}' +
  ':root[data-mantine-color-scheme="dark"] .mantine-Input-input:focus, :root[data-mantine-color-scheme="dark"] .mantine-Input-input:focus-within {outline-color: var(--mantine-color-blue-4);}'

export function themeStylesheet(): string {
  return `/* Generated at build time from src/lib/theme.ts by src/lib/theme-css.ts. */\n${themeVariablesCss()}\n${breakpointClassesCss()}\n${FOCUS_RING_CSS}\n`
}
