// Owns the delete confirmation (spec section 4): confirmation only, 'Deleting...' with both buttons disabled, then closed.
import { Button, Group, Modal, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useState } from 'react'
import type { OwnerDatabase } from '../../local/db.ts'
import { useAfterFirstPaint } from '../../ui/after-first-paint.ts'
import { deleteItem } from '../../local/writes.ts'

type Props = {
  db: OwnerDatabase
  /** The item to delete; null keeps the dialog closed. */
  item: { id: string; name: string } | null
  onClose: () => void
  /** Called once the item is gone, before the dialog closes. */
  onDeleted?: (id: string) => void
}

export function DeleteItemDialog({ db, item, onClose, onDeleted }: Props) {
  const [deleting, setDeleting] = useState(false)
  const mounted = useAfterFirstPaint(item !== null)

  const confirm = async () => {
    if (!item) return
    setDeleting(true)
    try {
      // A local write: the item leaves the grid at once and the DELETE is sent by the sync engine later.
      await deleteItem(db, item.id)
      notifications.show({ color: 'green', title: 'Deleted', message: 'Product has been removed.' })
      onDeleted?.(item.id)
      onClose()
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : 'Failed to delete product'
      notifications.show({ color: 'red', title: 'Error', message })
    } finally {
      setDeleting(false)
    }
  }

  // Closed on a reload: the Modal joins the page after its first paint (decision 178).
  if (!mounted) return null
  return (
    <Modal
      opened={item !== null}
      onClose={() => {
        if (!deleting) onClose()
      }}
      title="Delete product"
      centered
      closeOnClickOutside={false}
      closeOnEscape={!deleting}
      withCloseButton={false}
    >
      <Text>
        Are you sure you want to delete <strong>{item?.name}</strong>? This cannot be undone.
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} disabled={deleting}>
          Cancel
        </Button>
        <Button color="red" onClick={() => void confirm()} disabled={deleting}>
          {deleting ? 'Deleting...' : 'Delete'}
        </Button>
      </Group>
    </Modal>
  )
}
