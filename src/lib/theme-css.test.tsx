import { createTheme, MantineProvider, type CSSVariablesResolver, type MantineThemeOverride } from '@mantine/core'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { cssVariablesResolver, theme } from './theme.ts'
import { breakpointClassesCss, themeStylesheet, themeVariablesCss } from './theme-css.ts'

/** The <style> texts Mantine's provider writes into the page when left to do it at runtime. */
function runtimeStyles(override: MantineThemeOverride, resolver?: CSSVariablesResolver): { variables: string; classes: string } {
  const html = renderToStaticMarkup(<MantineProvider theme={override} cssVariablesResolver={resolver} forceColorScheme="light" />)
  const style = (attribute: string) => new RegExp(`<style data-mantine-styles="${attribute}"[^>]*>([^<]*)</style>`).exec(html)?.[1] ?? ''
  return { variables: style('true'), classes: style('classes') }
}

const otherResolver: CSSVariablesResolver = () => ({ variables: { '--app-gap': '3px' }, light: { '--mantine-color-dimmed': 'red' }, dark: {} })

describe('the theme stylesheet built at build time', () => {
  it.each([
    ['the app theme', theme, cssVariablesResolver],
    ['another primary colour and breakpoints', createTheme({ primaryColor: 'teal', breakpoints: { xs: '30em', sm: '40em', md: '50em', lg: '60em', xl: '70em' } }), otherResolver],
    ['pixel breakpoints', createTheme({ breakpoints: { xs: '500px', sm: '700px', md: '900px', lg: '1100px', xl: '1300px' } }), undefined],
  ])('says what MantineProvider would write at runtime, for %s', (_name, override, resolver) => {
    const runtime = runtimeStyles(override, resolver)
    expect(themeVariablesCss(override, resolver ?? (() => ({ variables: {}, light: {}, dark: {} })))).toBe(runtime.variables)
    expect(breakpointClassesCss(override)).toBe(runtime.classes)
  })

  it("carries the app's contrast fixes for both colour schemes", () => {
    const css = themeStylesheet()
    expect(css).toContain(':root[data-mantine-color-scheme="light"], :host([data-mantine-color-scheme="light"]){')
    expect(css).toContain('--mantine-color-dimmed: var(--mantine-color-gray-7);')
    expect(css).toContain('--mantine-color-dimmed: var(--mantine-color-dark-1);')
    expect(css).toContain('--mantine-color-anchor: var(--mantine-color-blue-8);')
    expect(css).toContain('.mantine-hidden-from-sm {display: none !important;}')
  })
})
