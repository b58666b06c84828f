// Owns what Save and the image picker write locally: each call is one local write with its outbox entry.
import type { OwnerDatabase } from '../../local/db.ts'
import { attachItemImage, createItem, removeItemImage, updateItem } from '../../local/writes.ts'
import { editedItemFields, toItemFields, type ProductFormValues, type SaveStep } from './product-form-values.ts'

export type SaveOutcome = { ok: true; id: string; mode: 'new' | 'edit' } | { ok: false; step: SaveStep; error: unknown }

/**
 * Saves the form: a new item takes the picked image with it (kept as a Blob, uploaded after the item is sent, so a
 * refused image never costs the item); an existing item's image was already written when it was picked, so only the
 * text fields the owner changed since the form opened (`opened`) are saved here.
 */
export async function saveProduct(
  db: OwnerDatabase,
  itemId: string | undefined,
  values: ProductFormValues,
  pickedImage: Blob | null,
  opened?: ProductFormValues,
  /** The link preview's picture, already stored by the server; a picked file wins over it. */
  previewImageId?: string,
): Promise<SaveOutcome> {
  const step: SaveStep = itemId ? 'update' : 'create'
  const previewImage = previewImageId && !pickedImage ? { storedImageId: previewImageId } : {}
  try {
    const fields = toItemFields(values)
    if (itemId) {
      await updateItem(db, itemId, { ...(opened ? editedItemFields(opened, values) : fields), ...previewImage })
      return { ok: true, id: itemId, mode: 'edit' }
    }
    const id = await createItem(db, { ...fields, ...previewImage }, pickedImage ?? undefined)
    return { ok: true, id, mode: 'new' }
  } catch (error) {
    return { ok: false, step, error }
  }
}

/** Spec 4: picking a file for an existing item attaches it at once; offline it waits locally as a Blob. */
export function pickItemImage(db: OwnerDatabase, itemId: string, image: Blob): Promise<void> {
  return attachItemImage(db, itemId, image)
}

/** Spec 4: Remove on an existing item asks the server to remove the stored image (queued like every write). */
export function dropItemImage(db: OwnerDatabase, itemId: string): Promise<void> {
  return removeItemImage(db, itemId)
}
