// Owns the public address block of the Profile tab: the link visitors open, with 'Open' and 'Share' (issue 23).
import { Button, Group, Stack, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconExternalLink, IconShare } from '@tabler/icons-react'
import { AddressText } from './address-text.tsx'
import { profileUrl } from './qr-code.ts'
import { shareProfileLink, shareToast } from './share-profile.ts'
import { usePublicUrl } from './use-public-url.ts'

export function ProfileAddress({ shareableId }: { shareableId: string }) {
  const url = profileUrl(usePublicUrl(), shareableId)
  const share = async () => {
    const toast = shareToast(await shareProfileLink(url, navigator))
    if (toast) notifications.show(toast)
  }
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        Public address
      </Text>
      {/* Plain text: 'Open' is the link (a two-line inline link is a small tap target). */}
      <Text size="sm" data-public-address>
        <AddressText url={url} />
      </Text>
      <Group gap="xs">
        <Button component="a" href={url} target="_blank" rel="noopener noreferrer" variant="default" leftSection={<IconExternalLink size={18} aria-hidden />}>
          Open
        </Button>
        <Button variant="default" leftSection={<IconShare size={18} aria-hidden />} onClick={() => void share()}>
          Share
        </Button>
      </Group>
    </Stack>
  )
}
