// Owns the Profile tab: photo, username, profile type, the public address with Open and Share, the scan count, and
// the ways to edit the profile and show its QR code (issue 23). The address and scans come from other features.
import { Avatar, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core'
import { IconEdit } from '@tabler/icons-react'
import { useLiveQuery } from 'dexie-react-hooks'
import type { ReactNode } from 'react'
import type { ProfileType } from '../../contract/profile.ts'
import type { OwnerDatabase } from '../../local/db.ts'
import { profileQuery } from '../../local/queries.ts'
import { ButtonLink } from '../../ui/anchor-link.tsx'
import { ShowQrCodeLink } from '../../ui/show-qr-link.tsx'
import type { OwnerProfile } from './use-owner-profile.ts'

const TYPE_LABELS: Record<ProfileType, string> = {
  WISHLIST: 'Wishlist',
  CUSTOM_TEXT: 'Custom text',
  SOCIAL_LINKS: 'Social links',
  REDIRECT: 'Redirect',
}

export type ProfileTabSlots = {
  /** The public address with Open and Share, for a shareable id. */
  address?: (shareableId: string) => ReactNode
  /** The scan count card. */
  scans?: ReactNode
}

type Props = { db: OwnerDatabase; profile: OwnerProfile | null; slots?: ProfileTabSlots }

export function ProfileTab({ db, profile, slots = {} }: Props) {
  const local = useLiveQuery(() => profileQuery(db), [db])
  return (
    <Stack>
      <Title order={2}>Profile</Title>
      <Paper withBorder p="lg" radius="md">
        <Stack gap="md">
          <Group gap="md" wrap="nowrap">
            <Avatar src={local?.profileImageUrl ?? null} alt={profile ? `Photo of ${profile.username}` : 'Profile photo'} size={72} radius="xl" />
            <Stack gap={4} style={{ minWidth: 0 }}>
              {profile ? (
                <Text fw={600}>
                  {profile.username}
                </Text>
              ) : (
                <Skeleton height={20} width={180} aria-label="Loading profile" />
              )}
              {local ? (
                <Group gap={6}>
                  <Text size="sm" c="dimmed">
                    Profile type
                  </Text>
                  <Text size="sm" fw={600}>
                    {TYPE_LABELS[local.profileType]}
                  </Text>
                </Group>
              ) : null}
            </Stack>
          </Group>
          {profile && slots.address ? slots.address(profile.shareableId) : null}
          <Group gap="sm">
            <ButtonLink to="/profile/edit" leftSection={<IconEdit size={18} aria-hidden />}>
              Edit profile
            </ButtonLink>
            <ShowQrCodeLink />
          </Group>
        </Stack>
      </Paper>
      {slots.scans}
    </Stack>
  )
}
