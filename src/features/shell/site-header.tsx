// Owns the plain header of public pages (auth, help, placeholders) and of the owner's full pages: the brand home link
// (to `home`: the dashboard for a signed-in owner), optional actions, and the theme switch (behind a menu on phones).
import { Group } from '@mantine/core'
import { IconQrcode } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { AnchorLink } from '../../ui/anchor-link.tsx'
import { HeaderMenu } from './header-menu.tsx'

type Props = { children?: ReactNode; home?: '/' | '/dashboard'; nav?: ReactNode }

export function SiteHeader({ children, home = '/', nav }: Props) {
  return (
    <Group component="header" justify="space-between" px="md" py="sm" wrap="nowrap" gap="xs">
      <AnchorLink to={home} fw={700} size="lg" underline="never" style={{ display: 'inline-flex', alignItems: 'center', gap: 6, whiteSpace: 'nowrap', minHeight: 44 }}>
        <IconQrcode size={24} aria-hidden />
        QR Tee
      </AnchorLink>
      {nav}
      <Group gap="xs" wrap="nowrap">
        {children}
        <HeaderMenu />
      </Group>
    </Group>
  )
}
