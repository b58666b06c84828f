// Owns the landing page (/). For now: the fixed header and the hero; the other sections of spec section 2 follow.
import { Box, Container, Group, Stack, Text, Title } from '@mantine/core'
import { useWindowScroll } from '@mantine/hooks'
import { IconQrcode } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { AnchorLink, ButtonLink } from '../../lib/anchor-link.tsx'

/** The spec's header hides once the page is scrolled past about 100 px and returns near the top. */
const HEADER_HIDE_AFTER_PX = 100

/** The seeded demo profile (DEMO_USERNAME's default); GET /api/public/config will name the real one. */
export const DEFAULT_DEMO_USERNAME = 'demo'

type Props = {
  headerActions?: ReactNode
  /** Beside the hero: the 'Try me: scan live demo' card, composed by the route from the QR feature. */
  heroAside?: ReactNode
}

export function LandingPage({ headerActions, heroAside }: Props) {
  const [scroll] = useWindowScroll()
  const hidden = scroll.y > HEADER_HIDE_AFTER_PX
  return (
    <>
      <Box
        component="header"
        pos="fixed"
        top={0}
        left={0}
        right={0}
        px="md"
        py="sm"
        bg="var(--mantine-color-body)"
        style={{ zIndex: 100, transition: 'transform 200ms ease', transform: hidden ? 'translateY(-100%)' : 'none' }}
      >
        <Group justify="space-between" wrap="nowrap">
          <AnchorLink to="/" fw={700} size="lg" underline="never" style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
            <IconQrcode size={24} aria-hidden />
            QR Tee
          </AnchorLink>
          <Group gap="sm" wrap="nowrap">
            {headerActions}
            <ButtonLink to="/dashboard" variant="subtle">
              Sign In
            </ButtonLink>
            <ButtonLink to="/register">Sign up</ButtonLink>
          </Group>
        </Group>
      </Box>
      <Container component="main" size="md" pt={140} pb="xl">
        <Stack align="center" ta="center" gap="lg">
          <Title order={1} fz={{ base: 36, sm: 56 }}>
            Scan. Wear. Surprise.
          </Title>
          <Text size="lg" maw={560}>
            A t-shirt with your own QR code. One scan opens your wishlist, your links or anything you choose, and you can
            change where it points at any time without reprinting.
          </Text>
          <ButtonLink to="/register" size="lg">
            Create Free Profile
          </ButtonLink>
          {heroAside}
        </Stack>
      </Container>
    </>
  )
}
