// Owns the owner's QR code dialog: the code of their profile link, the shareable ID, Share and the downloads.
import { Anchor, Button, Center, Code, Group, Image, Skeleton, Stack, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconDownload, IconShare } from '@tabler/icons-react'
import { useState } from 'react'
import { AddressText } from './address-text.tsx'
import classes from './qr-dialog.module.css'
import { downloadQrPng, downloadQrSvg, profileUrl } from './qr-code.ts'
import { shareProfileLink, shareToast } from './share-profile.ts'
import { usePublicUrl } from './use-public-url.ts'
import { useQrImage } from './use-qr-image.ts'

const QR_SIZE = 240

/** The dialog's body without its frame: the dashboard keeps its own Modal (`modal=qr`). `shareableId` is empty while the
 * owner's profile is still loading. */
export function QrDialogContent({ shareableId, onClose }: { shareableId: string; onClose: () => void }) {
  const publicUrl = usePublicUrl()
  const url = shareableId ? profileUrl(publicUrl, shareableId) : null
  const image = useQrImage(url, QR_SIZE)
  const [busy, setBusy] = useState<'share' | 'png' | 'svg' | null>(null)

  async function run(action: 'share' | 'png' | 'svg') {
    if (url === null) return
    setBusy(action)
    try {
      if (action === 'share') {
        const toast = shareToast(await shareProfileLink(url, navigator))
        if (toast) notifications.show(toast)
      } else {
        await (action === 'png' ? downloadQrPng(url, shareableId) : downloadQrSvg(url, shareableId))
      }
    } catch {
      notifications.show({ title: 'Download failed', message: 'The QR code could not be created. Please try again.', color: 'red' })
    } finally {
      setBusy(null)
    }
  }

  return (
    <Stack align="center" gap="md">
      <Center w={QR_SIZE} h={QR_SIZE}>
        {image ? (
          <Image src={image} alt={`QR code for ${url}`} w={QR_SIZE} h={QR_SIZE} radius="sm" />
        ) : (
          <Skeleton w={QR_SIZE} h={QR_SIZE} aria-label="Creating QR code" />
        )}
      </Center>
      {url === null ? (
        <Text c="dimmed">Profile is not loaded. Please try again.</Text>
      ) : (
        <Stack gap={4} align="center" w="100%">
          <Text size="sm" c="dimmed">
            Shareable ID
          </Text>
          <Code fz="md">{shareableId}</Code>
          <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm" ta="center" className={classes.link}>
            <AddressText url={url} />
          </Anchor>
        </Stack>
      )}
      <Group justify="center" gap="xs">
        <Button variant="light" leftSection={<IconDownload size={16} aria-hidden />} onClick={() => void run('png')} loading={busy === 'png'} disabled={url === null}>
          Download PNG
        </Button>
        <Button variant="light" leftSection={<IconDownload size={16} aria-hidden />} onClick={() => void run('svg')} loading={busy === 'svg'} disabled={url === null}>
          Download SVG
        </Button>
      </Group>
      <Group justify="flex-end" w="100%" gap="xs">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
        <Button leftSection={<IconShare size={16} aria-hidden />} onClick={() => void run('share')} loading={busy === 'share'} disabled={url === null}>
          Share
        </Button>
      </Group>
    </Stack>
  )
}
