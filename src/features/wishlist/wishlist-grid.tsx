// Owns the owner's wishlist grid: 6 placeholders on the first load, the cards, an empty note, and the delete dialog.
import { Alert, Card, SimpleGrid, Skeleton, Text } from '@mantine/core'
import { useNavigate, useRouter } from '@tanstack/react-router'
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { LocalItem, OwnerDatabase } from '../../local/db.ts'
import { useDialogRequest } from '../../ui/dialog-request.ts'
import { DeleteItemDialog } from './delete-item-dialog.tsx'
import { editHrefBuilder } from './edit-href.ts'
import { focusNeighbour, neighbourOf } from './focus-after-delete.ts'
import type { WishlistState } from './use-wishlist.ts'
import { WishlistCard } from './wishlist-card.tsx'
import classes from './wishlist-grid.module.css'

export const PLACEHOLDER_CARDS = 6

const GRID_COLUMNS = { base: 1, xs: 2, md: 3 }

/** Memoized with stable callbacks: opening a dialog changes the address, which must not re-render 200 cards. */
export const WishlistGrid = memo(function WishlistGrid({ db, state }: { db: OwnerDatabase; state: WishlistState }) {
  const [deleting, setDeleting] = useState<LocalItem | null>(null)
  const navigate = useNavigate()
  const { stringifySearch } = useRouter().options
  const editHrefOf = useMemo(() => editHrefBuilder(stringifySearch), [stringifySearch])
  const requestDialog = useDialogRequest()
  // Where focus goes once the deleted card has left the grid; the dialog would hand it back to that card's Delete.
  const focusAfter = useRef<{ deleted: string; neighbour: string | null } | null>(null)
  const items = state.status === 'loaded' ? state.items : null
  useEffect(() => {
    const pending = focusAfter.current
    if (!pending || !items || items.some((item) => item.id === pending.deleted)) return
    focusAfter.current = null
    focusNeighbour(pending.neighbour)
  }, [items])
  const onDeleted = useCallback(
    (id: string) => {
      focusAfter.current = { deleted: id, neighbour: neighbourOf(items?.map((item) => item.id) ?? [], id) }
    },
    [items],
  )
  // On the dashboard the dialog opens in the tap's own render (decision 178); elsewhere by the address. Either way over
  // the page where it is: the router would otherwise scroll the grid to the top behind it.
  const openEdit = useCallback(
    (id: string) => (requestDialog ? requestDialog({ modal: 'edit', id }) : void navigate({ to: '/dashboard', search: { modal: 'edit', id }, resetScroll: false })),
    [requestDialog, navigate],
  )

  if (state.status === 'error') {
    return (
      <Alert color="red" title="Error">
        {state.message}
      </Alert>
    )
  }
  if (state.status === 'loading') {
    return (
      <SimpleGrid cols={GRID_COLUMNS} aria-busy="true" aria-label="Loading wishlist">
        {Array.from({ length: PLACEHOLDER_CARDS }, (_, index) => (
          <Card key={index} withBorder radius="md" padding="md">
            <Skeleton height={180} />
            <Skeleton height={16} mt="md" width="70%" />
            <Skeleton height={12} mt="xs" width="40%" />
          </Card>
        ))}
      </SimpleGrid>
    )
  }
  return (
    <>
      {state.items.length === 0 ? (
        <Text c="dimmed" size="sm">
          Your wishlist is empty. Add the first item with the button above.
        </Text>
      ) : (
        <div className={classes.grid}>
          {state.items.map((item) => (
            <WishlistCard
              key={item.id}
              db={db}
              item={item}
              editHref={editHrefOf(item.id)}
              onEdit={openEdit}
              onDelete={setDeleting}
            />
          ))}
        </div>
      )}
      {/* Stays mounted when the last item goes, so the dialog closes itself instead of vanishing mid-transition. */}
      <DeleteItemDialog db={db} item={deleting} onClose={() => setDeleting(null)} onDeleted={onDeleted} />
    </>
  )
})
