// Owns the top of a visitor's page: the owner's photo, name, description and, for wishlists, the gift stats.
import { Avatar, Badge, Group, Stack, Text, Title } from '@mantine/core'
import type { VisitorProfile } from './load-profile.ts'
import { imageSrc } from './profile-view.ts'
import { BADGE_TEXT, SECONDARY_TEXT } from './text-colors.ts'

export type WishlistStats = { items: number; purchased: number }

export function ProfileHeader({ profile, stats }: { profile: VisitorProfile; stats?: WishlistStats }) {
  const photo = imageSrc(profile.profileImageUrl, window.location.protocol === 'https:')
  return (
    <Stack align="center" gap="xs" ta="center">
      <Avatar src={photo} alt={profile.username} size={96} radius={96} color="teal">
        {profile.username.slice(0, 2).toUpperCase()}
      </Avatar>
      <Title order={1}>{profile.username}</Title>
      {profile.description.trim() !== '' && (
        <Text c={SECONDARY_TEXT} maw={560} style={{ whiteSpace: 'pre-wrap' }}>
          {profile.description}
        </Text>
      )}
      {stats && (
        <Group gap="xs" justify="center">
          <Badge variant="light" size="lg">
            {stats.items} {stats.items === 1 ? 'item' : 'items'}
          </Badge>
          <Badge variant="light" color="green" size="lg" c={BADGE_TEXT}>
            {stats.purchased} purchased
          </Badge>
        </Group>
      )}
    </Stack>
  )
}
