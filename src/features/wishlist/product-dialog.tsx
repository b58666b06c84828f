// Owns the content of the dashboard's new/edit product dialogs (modal=new, modal=edit&id=...); the frame is the caller's.
import { Text } from '@mantine/core'
import { memo } from 'react'
import type { OwnerDatabase } from '../../local/db.ts'
import { ProductForm } from './product-form.tsx'
import { useEditedItem, useShownItemId } from './use-edited-item.ts'

type Props = { db: OwnerDatabase; mode: 'new' | 'edit'; id?: string; onClose: () => void }

/** Memoized: the dashboard renders again when the router catches up with a dialog a tap opened; the form need not. */
export const ProductDialog = memo(function ProductDialog({ db, mode, id, onClose }: Props) {
  if (mode === 'new') return <ProductForm db={db} onSaved={onClose} onCancel={onClose} />
  return <EditProduct db={db} id={id} onClose={onClose} />
})

function EditProduct({ db, id, onClose }: { db: OwnerDatabase; id: string | undefined; onClose: () => void }) {
  const item = useEditedItem(db, id)
  const shownId = useShownItemId(item)
  if (item === null && id && shownId === id) return <ProductForm key={id} db={db} onSaved={onClose} onCancel={onClose} deletedElsewhere />
  if (!id || item === null) return <Text>No product selected</Text>
  if (item === undefined) return <Text c="dimmed">Loading.</Text>
  // Keyed by id so switching items starts a fresh form instead of keeping the previous item's typing.
  return <ProductForm key={item.id} db={db} item={item} onSaved={onClose} onCancel={onClose} />
}
