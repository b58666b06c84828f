// Owns the check that every close button drawn by the theme's components has a name (axe: button-name).
import { Alert, MantineProvider, Modal, Notification } from '@mantine/core'
import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { theme } from './theme.ts'

/** The <button> tags a component renders with the app's theme (no portal: the modal is drawn in place). */
function buttons(node: ReactNode): string[] {
  const html = renderToStaticMarkup(<MantineProvider theme={theme}>{node}</MantineProvider>)
  return html.match(/<button[^>]*>/g) ?? []
}

describe('close buttons of the theme', () => {
  it.each<[string, ReactNode]>([
    ['an alert', <Alert key="a" title="Login failed" withCloseButton onClose={() => undefined}>Refused</Alert>],
    ['a toast', <Notification key="n" title="Saved" onClose={() => undefined}>Done</Notification>],
    ['a dialog', <Modal key="m" opened onClose={() => undefined} title="Delete your account?" withinPortal={false}>Body</Modal>],
  ])('%s names its close button', (_name, node) => {
    const found = buttons(node)
    expect(found.length).toBeGreaterThan(0)
    for (const button of found) expect(button).toMatch(/aria-label="Close"/)
  })
})
