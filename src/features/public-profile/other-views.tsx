// Owns the non-wishlist profile types as a visitor sees them: custom text, social links, redirect, unsupported.
import { Center, Loader, Paper, Stack, Text } from '@mantine/core'
import { useEffect } from 'react'
import type { VisitorProfile } from './load-profile.ts'
import { ProfileHeader } from './profile-header.tsx'
import type { VisitorLink } from './profile-view.ts'
import { SocialIconButtons, SocialLinksList } from './social-links.tsx'
import { SECONDARY_TEXT } from './text-colors.ts'

export function CustomTextView({ profile, text, links }: { profile: VisitorProfile; text: string | null; links: VisitorLink[] }) {
  return (
    <Stack gap="xl">
      <ProfileHeader profile={profile} />
      <Paper withBorder radius="md" p="lg">
        {/* React text with pre-wrap keeps the owner's line breaks and never parses their text as HTML. */}
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} c={text === null ? SECONDARY_TEXT : undefined}>
          {text ?? 'No custom text is configured for this profile.'}
        </Text>
      </Paper>
      <SocialIconButtons links={links} />
    </Stack>
  )
}

export function SocialLinksView({ profile, links }: { profile: VisitorProfile; links: VisitorLink[] }) {
  return (
    <Stack gap="xl">
      <ProfileHeader profile={profile} />
      <SocialLinksList links={links} />
    </Stack>
  )
}

/** Sends the browser on at once; replace() keeps this page out of history, so Back does not bounce the visitor. */
export function RedirectView({ url }: { url: string | null }) {
  useEffect(() => {
    if (url) window.location.replace(url)
  }, [url])
  return (
    <Center py="xl">
      {url ? (
        <Stack align="center" gap="sm" role="status">
          <Loader />
          <Text>Redirecting...</Text>
        </Stack>
      ) : (
        <Text c={SECONDARY_TEXT}>No redirect URL is configured for this profile.</Text>
      )}
    </Center>
  )
}

export function UnsupportedView() {
  return (
    <Center py="xl">
      <Text c={SECONDARY_TEXT}>Unsupported profile type</Text>
    </Center>
  )
}
