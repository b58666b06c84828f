// Owns the Dashboard tab: the welcome banner now; the stat cards and the wishlist grid plug in below it.
import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core'
import { IconPlus, IconQrcode } from '@tabler/icons-react'
import type { ProfileState } from './use-profile-summary.ts'

type Props = { profile: ProfileState; onAddItem: () => void; onShowQr: () => void }

export function DashboardTab({ profile, onAddItem, onShowQr }: Props) {
  return (
    <Stack>
      <Paper withBorder p="lg" radius="md">
        <Group justify="space-between" align="center">
          {profile.profile ? (
            <Title order={2}>Welcome back, {profile.profile.username}!</Title>
          ) : (
            <Skeleton height={32} width={280} aria-label="Loading profile" />
          )}
          <Group gap="sm">
            <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={onAddItem}>
              Add wishlist item
            </Button>
            <Button variant="light" leftSection={<IconQrcode size={18} aria-hidden />} onClick={onShowQr}>
              Show QR code
            </Button>
          </Group>
        </Group>
      </Paper>
      {profile.status === 'error' ? (
        <Alert color="red" title="Failed to load profile">
          {profile.message}
        </Alert>
      ) : null}
      <WishlistStatsPlaceholder />
      <WishlistGridPlaceholder />
    </Stack>
  )
}

/** Stand-in for the three stat cards (item count, purchased count, total paid) of the wishlist feature. */
function WishlistStatsPlaceholder() {
  return null
}

/** Stand-in for the wishlist grid of the wishlist feature. */
function WishlistGridPlaceholder() {
  return (
    <Text c="dimmed" size="sm">
      Your wishlist will appear here.
    </Text>
  )
}
