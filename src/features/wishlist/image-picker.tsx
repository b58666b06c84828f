// Owns the product form's image picker: Choose file / Replace / Remove, images only, with a preview.
import { Button, FileButton, Group, Image, Stack, Text } from '@mantine/core'
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react'
import { useRef } from 'react'
import { IMAGE_ACCEPT } from '../../lib/picked-photo.ts'

type Props = {
  previewUrl: string | null
  onPick: (file: File) => void
  onRemove: () => void
  disabled?: boolean
  /** Why the last pick was refused, shown on the field until another pick or Remove. */
  error?: string | null
}

export function ImagePicker({ previewUrl, onPick, onRemove, disabled, error }: Props) {
  // Cleared after each pick, so choosing the same file again (after Remove) still fires onChange.
  const resetRef = useRef<() => void>(null)
  const pick = (file: File | null) => {
    resetRef.current?.()
    if (file) onPick(file)
  }
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500} id="product-image-label">
        Image
      </Text>
      {previewUrl ? (
        <Image src={previewUrl} alt="Product image preview" h={160} w="auto" fit="contain" radius="sm" />
      ) : (
        <Group gap={6} c="dimmed" aria-hidden>
          <IconPhoto size={18} />
          <Text size="sm">No image</Text>
        </Group>
      )}
      <Group gap="sm">
        <FileButton
          onChange={pick}
          resetRef={resetRef}
          accept={IMAGE_ACCEPT}
          disabled={disabled}
          inputProps={{ 'aria-labelledby': 'product-image-label', 'aria-describedby': error ? 'product-image-error' : undefined, 'aria-invalid': error ? true : undefined }}
        >
          {(props) => (
            <Button {...props} variant="default" leftSection={<IconUpload size={16} aria-hidden />} disabled={disabled}>
              {previewUrl ? 'Replace' : 'Choose file'}
            </Button>
          )}
        </FileButton>
        {previewUrl ? (
          <Button variant="subtle" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={onRemove} disabled={disabled}>
            Remove
          </Button>
        ) : null}
      </Group>
      {error ? (
        <Text size="sm" c="red.8" id="product-image-error" role="alert">
          {error}
        </Text>
      ) : null}
      <Text size="xs" c="dimmed">
        JPEG, PNG, WebP or GIF. Large photos are made smaller before they are sent.
      </Text>
    </Stack>
  )
}
