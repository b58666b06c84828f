// Owns the plain header of public pages (auth, help, placeholders): the brand home link and the theme switch.
import { Group } from '@mantine/core'
import { IconQrcode } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { AnchorLink } from '../../lib/anchor-link.tsx'
import { ThemeSwitch } from './theme-switch.tsx'

export function SiteHeader({ children }: { children?: ReactNode }) {
  return (
    <Group component="header" justify="space-between" px="md" py="sm" wrap="nowrap">
      <AnchorLink to="/" fw={700} size="lg" underline="never" style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
        <IconQrcode size={24} aria-hidden />
        QR Tee
      </AnchorLink>
      <Group gap="sm" wrap="nowrap">
        {children}
        <ThemeSwitch />
      </Group>
    </Group>
  )
}
