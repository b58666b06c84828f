// Owns the Profile tab.
import { Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core'
import { IconEdit, IconQrcode } from '@tabler/icons-react'
import { ButtonLink } from '../../lib/anchor-link.tsx'
import type { OwnerProfile } from './use-owner-profile.ts'

export function ProfileTab({ profile }: { profile: OwnerProfile | null }) {
  return (
    <Stack>
      <Title order={2}>Profile</Title>
      <Paper withBorder p="lg" radius="md">
        <Stack gap="xs">
          {profile ? <Text fw={600}>{profile.username}</Text> : <Skeleton height={20} width={180} aria-label="Loading profile" />}
          {profile ? (
            <Text size="sm" c="dimmed">
              Shareable ID: {profile.shareableId}
            </Text>
          ) : null}
          <Group gap="sm" mt="sm">
            <ButtonLink to="/profile/edit" leftSection={<IconEdit size={18} aria-hidden />}>
              Edit profile
            </ButtonLink>
            <ButtonLink
              to="/dashboard"
              search={(prev) => ({ ...prev, modal: 'qr', id: undefined })}
              resetScroll={false}
              variant="light"
              leftSection={<IconQrcode size={18} aria-hidden />}
            >
              Show QR code
            </ButtonLink>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  )
}
