// Owns the product form (spec section 2): fields, messages, image picker and the local save with its toasts.
import { Button, Group, NumberInput, Stack, Textarea, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import { useState } from 'react'
import type { LocalItem, OwnerDatabase } from '../../local/db.ts'
import { ImagePicker } from './image-picker.tsx'
import { saveFailureMessage, toProductFormValues, validateProductForm, type ProductFormValues } from './product-form-values.ts'
import { IMAGE_ONLY_MESSAGE, isImageFile } from './product-image.ts'
import { dropItemImage, pickItemImage, saveProduct } from './save-product.ts'
import { useImagePreview } from './use-image-preview.ts'

type Props = {
  db: OwnerDatabase
  /** The item being edited (kept live by the caller); absent for a new item. */
  item?: LocalItem
  onSaved: (id: string) => void
  onCancel: () => void
}

function errorText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback
}

export function ProductForm({ db, item, onSaved, onCancel }: Props) {
  const [saving, setSaving] = useState(false)
  // Only a new item holds its image here until Save; an existing item's image is written when it is picked.
  const [pickedBlob, setPickedBlob] = useState<Blob | null>(null)
  const previewUrl = useImagePreview(db, item, pickedBlob)
  const form = useForm<ProductFormValues>({ initialValues: toProductFormValues(item), validate: validateProductForm })

  const pick = (file: File) => {
    if (!isImageFile(file)) {
      notifications.show({ color: 'red', title: 'Invalid file', message: IMAGE_ONLY_MESSAGE })
      return
    }
    if (!item) {
      setPickedBlob(file)
      return
    }
    pickItemImage(db, item.id, file).catch((error: unknown) =>
      notifications.show({ color: 'red', title: 'Upload failed', message: errorText(error, 'Failed to upload image') }),
    )
  }

  const remove = () => {
    if (!item) {
      setPickedBlob(null)
      return
    }
    dropItemImage(db, item.id).catch((error: unknown) =>
      notifications.show({ color: 'red', title: 'Remove failed', message: errorText(error, 'Failed to remove image') }),
    )
  }

  const submit = form.onSubmit(async (values) => {
    setSaving(true)
    const outcome = await saveProduct(db, item?.id, values, pickedBlob, form.getInitialValues())
    setSaving(false)
    if (!outcome.ok) {
      notifications.show({ color: 'red', title: 'Error', message: saveFailureMessage(outcome.step, outcome.error) })
      return
    }
    notifications.show(
      outcome.mode === 'new'
        ? { color: 'green', title: 'Product created', message: `${values.name.trim()} is on your wishlist.` }
        : { color: 'green', title: 'Product updated', message: `Your changes to ${values.name.trim()} are saved.` },
    )
    onSaved(outcome.id)
  })

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label="Product Name" withAsterisk key={form.key('name')} {...form.getInputProps('name')} />
        <TextInput label="Brand" withAsterisk key={form.key('brand')} {...form.getInputProps('brand')} />
        <NumberInput
          label="Price"
          withAsterisk
          min={0}
          step={0.01}
          decimalScale={2}
          leftSection="€"
          allowNegative={false}
          key={form.key('price')}
          {...form.getInputProps('price')}
        />
        <Textarea label="Description" withAsterisk autosize minRows={3} key={form.key('description')} {...form.getInputProps('description')} />
        <ImagePicker previewUrl={previewUrl} onPick={pick} onRemove={remove} disabled={saving} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
