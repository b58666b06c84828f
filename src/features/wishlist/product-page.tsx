// Owns the full-page product form at /products/new and /products/{id}: the same form as the dashboard dialogs, and the
// same question before leaving it with changes (decision 205).
import { Container, Paper, Text, Title } from '@mantine/core'
import { useNavigate, useRouter } from '@tanstack/react-router'
import { useRef } from 'react'
import type { OwnerDatabase } from '../../local/db.ts'
import { DiscardChangesDialog, type UnsavedCheck, UnsavedChangesSlot, useLeaveGuard } from '../../ui/unsaved-changes.tsx'
import { ProductForm } from './product-form.tsx'
import { useEditedItem, useShownItemId } from './use-edited-item.ts'

type Props = {
  db: OwnerDatabase
  /** Absent on /products/new. */
  id?: string
  /** After a save; defaults to the dashboard. */
  onDone?: () => void
  /** Cancel goes back (spec section 2), or to the dashboard from the tab's first page; a caller may choose otherwise. */
  onCancel?: () => void
}

export function ProductPage({ db, id, onDone, onCancel }: Props) {
  const router = useRouter()
  const navigate = useNavigate()
  // The form's check for unsaved typing; emptied by Save and Cancel, the owner's own choices, which leave without asking.
  const unsaved = useRef<UnsavedCheck | null>(null)
  const leaving = useLeaveGuard({ hasChanges: () => unsaved.current?.() === true })
  const letGo = (then: () => void) => () => {
    unsaved.current = null
    then()
  }
  const done = letGo(onDone ?? (() => void navigate({ to: '/dashboard' })))
  // The router counts its entries in this tab: at the first (a deep link, an installed app started here) going back
  // would leave the app, to about:blank, so Cancel goes to the dashboard instead.
  const cancel = letGo(onCancel ?? (() => (router.history.canGoBack() ? router.history.back() : void navigate({ to: '/dashboard' }))))
  return (
    <Container size="sm" py="lg">
      <DiscardChangesDialog opened={leaving.opened} onKeep={leaving.keep} onDiscard={leaving.discard} {...leaving.words} />
      <Paper withBorder p="lg" radius="md">
        <Title order={2} mb="md">
          {id ? 'Edit product' : 'New product'}
        </Title>
        <UnsavedChangesSlot value={unsaved}>
          {id ? <EditProductBody db={db} id={id} onDone={done} onCancel={cancel} /> : <ProductForm db={db} onSaved={done} onCancel={cancel} />}
        </UnsavedChangesSlot>
      </Paper>
    </Container>
  )
}

function EditProductBody({ db, id, onDone, onCancel }: { db: OwnerDatabase; id: string; onDone: () => void; onCancel: () => void }) {
  const item = useEditedItem(db, id)
  const shownId = useShownItemId(item)
  if (item === null && shownId === id) return <ProductForm key={id} db={db} onSaved={onDone} onCancel={onCancel} deletedElsewhere />
  if (item === null) return <Text>No product selected</Text>
  if (item === undefined) return <Text c="dimmed">Loading.</Text>
  return <ProductForm key={item.id} db={db} item={item} onSaved={onDone} onCancel={onCancel} />
}
