// Owns the product form (spec section 2): fields, messages, image picker and the local save with its toasts.
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import { useState } from 'react'
import type { LocalItem, OwnerDatabase } from '../../local/db.ts'
import { ImagePicker } from './image-picker.tsx'
import { fillFromPreview, saveFailureMessage, toProductFormValues, validateProductForm, type ProductFormField, type ProductFormValues } from './product-form-values.ts'
import { apiPaths } from '../../contract/api-paths.ts'
import { fetchLinkPreview } from './link-preview-api.ts'
import { ProductLinkField } from './product-link-field.tsx'
import { IMAGE_MAX_SIDE } from '../../contract/images.ts'
import { GrowingTextarea } from '../../ui/growing-textarea.tsx'
import { preparePickedPhoto } from '../../lib/downscale-photo.ts'
import { dropItemImage, pickItemImage, saveProduct } from './save-product.ts'
import { useImagePreview } from './use-image-preview.ts'
import { SAVED_TOAST_MS } from '../../lib/toast-room.ts'
import { useReportUnsaved } from '../../ui/unsaved-changes.tsx'

type Props = {
  db: OwnerDatabase
  /** The item being edited (kept live by the caller); absent for a new item, and once it was deleted elsewhere. */
  item?: LocalItem
  onSaved: (id: string) => void
  onCancel: () => void
  /**
   * The edited item was deleted in another tab or on another device while this form was open: the typing stays, and
   * Save makes it a new product (decision 205).
   */
  deletedElsewhere?: boolean
}

function errorText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback
}

export function ProductForm({ db, item, onSaved, onCancel, deletedElsewhere = false }: Props) {
  const [saving, setSaving] = useState(false)
  // Only a new item holds its image here until Save; an existing item's image is written when it is picked.
  const [pickedBlob, setPickedBlob] = useState<Blob | null>(null)
  // A refused pick is said on the image field; whatever was picked before, and the rest of the form, stay as they were.
  const [pickError, setPickError] = useState<string | null>(null)
  const storedPreviewUrl = useImagePreview(db, item, pickedBlob)
  const form = useForm<ProductFormValues>({ initialValues: { productUrl: '', ...toProductFormValues(item) }, validate: validateProductForm })
  // The link preview: its stored picture (until Save attaches it), what it filled, and its price in another currency.
  const [previewImageId, setPreviewImageId] = useState<string | undefined>()
  const [filling, setFilling] = useState(false)
  const [linkNote, setLinkNote] = useState<{ kind: 'filled' | 'problem'; text: string } | null>(null)
  const [otherCurrencyPrice, setOtherCurrencyPrice] = useState<string | undefined>()
  const previewUrl = storedPreviewUrl ?? (previewImageId ? apiPaths.upload(previewImageId) : null)
  useReportUnsaved(() => form.isDirty() || pickedBlob !== null || previewImageId !== undefined)

  const fillFromLink = async (url: string) => {
    setFilling(true)
    const result = await fetchLinkPreview(url.trim())
    setFilling(false)
    if (!result.ok) {
      setLinkNote({ kind: 'problem', text: result.message })
      return
    }
    const fill = fillFromPreview(form.getValues(), result.preview, Boolean(storedPreviewUrl || previewImageId))
    form.setValues(fill.values)
    if (fill.imageId) setPreviewImageId(fill.imageId)
    setOtherCurrencyPrice(fill.otherCurrencyPrice)
    const names: Record<ProductFormField, string> = { name: 'name', brand: 'brand', description: 'description', price: 'price', productUrl: 'link' }
    const parts = [...fill.filled.map((field) => names[field]), ...(fill.imageId ? ['image'] : [])]
    setLinkNote({
      kind: 'filled',
      text: parts.length > 0 ? `From the page: ${parts.join(', ')}. Check them before saving.` : 'The page had nothing for the empty fields.',
    })
  }

  const pick = async (file: File) => {
    // Checked and scaled before anything is kept: the upload is small, and a format the server refuses never queues.
    const prepared = await preparePickedPhoto(file, IMAGE_MAX_SIDE.product)
    setPickError(prepared.ok ? null : prepared.message)
    if (!prepared.ok) return
    if (!item) {
      setPickedBlob(prepared.photo)
      return
    }
    await pickItemImage(db, item.id, prepared.photo).catch((error: unknown) =>
      notifications.show({ color: 'red', title: 'Upload failed', message: errorText(error, 'Failed to upload image') }),
    )
  }

  const remove = () => {
    setPickError(null)
    if (!item || previewImageId) {
      setPickedBlob(null)
      setPreviewImageId(undefined)
      if (!item) return
    }
    dropItemImage(db, item.id).catch((error: unknown) =>
      notifications.show({ color: 'red', title: 'Remove failed', message: errorText(error, 'Failed to remove image') }),
    )
  }

  const submit = form.onSubmit(async (values) => {
    setSaving(true)
    const outcome = await saveProduct(db, item?.id, values, pickedBlob, form.getInitialValues(), previewImageId)
    setSaving(false)
    if (!outcome.ok) {
      notifications.show({ color: 'red', title: 'Error', message: saveFailureMessage(outcome.step, outcome.error) })
      return
    }
    notifications.show(
      outcome.mode === 'new'
        ? { color: 'green', title: 'Product created', message: `${values.name.trim()} is on your wishlist.`, autoClose: SAVED_TOAST_MS }
        : { color: 'green', title: 'Product updated', message: `Your changes to ${values.name.trim()} are saved.`, autoClose: SAVED_TOAST_MS },
    )
    onSaved(outcome.id)
  })

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {deletedElsewhere ? (
          <Alert color="red" variant="light" title="This product was deleted on another device or tab.">
            What you typed is still here: save it as a new product, or close.
          </Alert>
        ) : null}
        <ProductLinkField
          inputProps={form.getInputProps('productUrl')}
          key={form.key('productUrl')}
          value={form.getValues().productUrl ?? ''}
          filling={filling}
          note={linkNote}
          otherCurrencyPrice={otherCurrencyPrice}
          onFill={(url) => {
            if (url !== form.getValues().productUrl) form.setFieldValue('productUrl', url)
            void fillFromLink(url)
          }}
        />
        <TextInput label="Product Name" withAsterisk key={form.key('name')} {...form.getInputProps('name')} />
        <TextInput label="Brand" withAsterisk key={form.key('brand')} {...form.getInputProps('brand')} />
        {/* Text read whole on Save (price-text.ts): a number field cut '1.299,00' to 1.29 as it was typed, and '5.999' to 5.99 (now asked about: 5999 or 5.999?). */}
        <TextInput label="Price" withAsterisk inputMode="decimal" autoComplete="off" leftSection="€" key={form.key('price')} {...form.getInputProps('price')} />
        <GrowingTextarea label="Description" withAsterisk minRows={3} key={form.key('description')} {...form.getInputProps('description')} />
        <ImagePicker previewUrl={previewUrl} onPick={(file) => void pick(file)} onRemove={remove} disabled={saving} error={pickError} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            {deletedElsewhere ? 'Close' : 'Cancel'}
          </Button>
          <Button type="submit" disabled={saving}>
            {deletedElsewhere ? 'Save as new product' : 'Save'}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
