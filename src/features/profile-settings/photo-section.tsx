// Owns the profile photo section: upload (kept locally until synced) and remove, with the spec's toasts.
import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconTrash, IconUpload } from '@tabler/icons-react'
import { useRef } from 'react'
import { IMAGE_MAX_SIDE } from '../../contract/images.ts'
import { preparePickedPhoto } from '../../lib/downscale-photo.ts'
import { IMAGE_ACCEPT } from '../../lib/picked-photo.ts'
import type { LocalProfile, OwnerDatabase } from '../../local/db.ts'
import { removeProfilePhoto, setProfilePhoto } from '../../local/writes.ts'
import { usePhotoPreview } from './use-photo-preview.ts'

function errorText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback
}

export function PhotoSection({ db, profile }: { db: OwnerDatabase; profile: LocalProfile }) {
  const photoUrl = usePhotoPreview(db, profile)
  const resetRef = useRef<() => void>(null)

  const upload = async (file: File | null) => {
    resetRef.current?.()
    if (!file) return
    // accept is only a hint to the picker: the format is checked here too, and a large photo is scaled to the avatar's size.
    const prepared = await preparePickedPhoto(file, IMAGE_MAX_SIDE.profile)
    if (!prepared.ok) {
      notifications.show({ color: 'red', title: 'Invalid file', message: prepared.message })
      return
    }
    try {
      await setProfilePhoto(db, prepared.photo)
      notifications.show({ color: 'green', title: 'Photo updated', message: 'Your new profile photo is saved.' })
    } catch (error) {
      notifications.show({ color: 'red', title: 'Upload failed', message: errorText(error, 'Failed to upload image') })
    }
  }

  const remove = async () => {
    try {
      await removeProfilePhoto(db)
      notifications.show({ color: 'green', title: 'Photo removed', message: 'Your profile photo was removed.' })
    } catch (error) {
      notifications.show({ color: 'red', title: 'Remove failed', message: errorText(error, 'Failed to remove image') })
    }
  }

  return (
    <Group gap="lg" align="center">
      <Avatar src={photoUrl} alt={`${profile.username}'s profile photo`} size={96} radius={96}>
        {profile.username.slice(0, 2).toUpperCase()}
      </Avatar>
      <Stack gap="xs">
        <Text fw={500} id="profile-photo-label">
          Profile photo
        </Text>
        <Group gap="sm">
          <FileButton onChange={(file) => void upload(file)} accept={IMAGE_ACCEPT} resetRef={resetRef} inputProps={{ 'aria-labelledby': 'profile-photo-label' }}>
            {(props) => (
              <Button {...props} variant="default" leftSection={<IconUpload size={16} aria-hidden />}>
                {photoUrl ? 'Change photo' : 'Upload photo'}
              </Button>
            )}
          </FileButton>
          {photoUrl ? (
            <Button variant="subtle" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => void remove()}>
              Remove photo
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Group>
  )
}
