// Owns how a profile's social links render: the 'My social links' list and the row of icon buttons.
import { ActionIcon, Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core'
import type { VisitorLink } from './profile-view.ts'
import { SocialIcon } from '../../lib/social-icon.tsx'
import { SECONDARY_TEXT } from './text-colors.ts'

/** Web links open in a new tab without handing it our window; mailto:/tel: go to the device's own app. */
function linkTarget(href: string): { target?: string; rel?: string } {
  return /^https?:/i.test(href) ? { target: '_blank', rel: 'noopener noreferrer' } : {}
}

export function SocialLinksList({ links }: { links: VisitorLink[] }) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Title order={2} size="h3" mb="md">
        My social links
      </Title>
      {links.length === 0 ? (
        <Text c={SECONDARY_TEXT}>No social links yet.</Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {links.map((link) => (
            <li key={link.key}>
              <Anchor href={link.href} {...linkTarget(link.href)} underline="hover">
                <Group gap="sm" wrap="nowrap">
                  <SocialIcon platform={link.platform} size={24} />
                  <Text span>{link.label}</Text>
                </Group>
              </Anchor>
            </li>
          ))}
        </Stack>
      )}
    </Paper>
  )
}

export function SocialIconButtons({ links }: { links: VisitorLink[] }) {
  if (links.length === 0) return null
  return (
    <Group gap="xs" justify="center" aria-label="Social links" role="list">
      {links.map((link) => (
        // The list item wraps the link: a role on the anchor itself would hide that it is a link.
        <div key={link.key} role="listitem">
          <ActionIcon component="a" href={link.href} {...linkTarget(link.href)} variant="light" size="lg" radius="xl" aria-label={link.label} title={link.label}>
            <SocialIcon platform={link.platform} />
          </ActionIcon>
        </div>
      ))}
    </Group>
  )
}
