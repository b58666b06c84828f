// Owns the Mantine theme of the app.
import { type CSSVariablesResolver, createTheme, type ModalProps } from '@mantine/core'

export const theme = createTheme({
  primaryColor: 'blue',
  // Shade 8 keeps links and filled buttons above 4.5:1 contrast in both schemes (shade 6 measured 3.55:1).
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  components: {
    // A dialog still locks the page's scrolling (wheel, touch and keys stay in the dialog), but leaves the scrollbar:
    // taking it away measured the page and restyled it, two full passes over 200 cards per opening (decision 110).
    // A plain object rather than Modal.extend: the theme is in the entry chunk, the dialogs' code is not.
    // Every close button is an icon: without a name a screen reader says only 'button' (axe: button-name), so each
    // component that has one names it here, once, for every dialog, alert and toast of the app.
    Modal: { defaultProps: { removeScrollProps: { removeScrollBar: false }, closeButtonProps: { 'aria-label': 'Close' } } satisfies Partial<ModalProps> },
    Alert: { defaultProps: { closeButtonLabel: 'Close' } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
  },
})

/** Mantine's `dimmed` text measures 3.3:1 (light) and about 4:1 (dark); these shades keep it above 4.5:1. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  // Mantine's light error red (shade 6) measures under 4.5:1 for an invalid field's text and message (issue 23).
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)', '--mantine-color-error': 'var(--mantine-color-red-8)' },
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)', '--mantine-color-error': 'var(--mantine-color-red-4)' },
})
