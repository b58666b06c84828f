// Owns the dashboard's dialogs chosen by the `modal` parameter: qr, new, edit. Their content comes from the QR and
// wishlist features through the route; the frames here keep the address, the Close behaviour and the focus handling,
// and the dialog a tap asked for before the address says so (decision 178).
import { Modal, Text } from '@mantine/core'
import { type ReactNode, type RefObject, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { useAfterFirstPaint } from '../../ui/after-first-paint.ts'
import type { DialogRequest } from '../../ui/dialog-request.ts'
import { DiscardChangesDialog, type UnsavedCheck, UnsavedChangesSlot, useLeaveGuard } from '../../ui/unsaved-changes.tsx'
import './dashboard-dialogs.css'
import type { DashboardModal } from './dashboard-search.ts'

const TITLES: Record<DashboardModal, string> = { qr: 'Your QR code', new: 'New product', edit: 'Edit product' }

/** What the route plugs into the dialogs; a missing one shows a stand-in. */
export type DashboardDialogSlots = {
  qr?: (props: { shareableId: string; onClose: () => void }) => ReactNode
  new?: (props: { onClose: () => void }) => ReactNode
  /** `id` is undefined when the address names no item; the content says so. */
  edit?: (props: { id: string | undefined; onClose: () => void }) => ReactNode
}

type Props = {
  modal: DashboardModal | undefined
  itemId: string | undefined
  /** Empty while the profile loads. */
  shareableId: string
  slots: DashboardDialogSlots
  onClose: () => void
  /**
   * Filled here with the way to open a dialog at once: a tap's request renders only these dialogs, in the tap's own
   * render, before the router's navigation to the same address arrives (decision 178).
   */
  requests?: RefObject<((request: DialogRequest) => void) | null>
}

type Shown = { modal: DashboardModal | undefined; itemId: string | undefined }

function content({ modal, itemId }: Shown, { shareableId, slots }: Props, onClose: () => void): ReactNode {
  if (modal === 'qr') return slots.qr?.({ shareableId, onClose })
  if (modal === 'new') return slots.new?.({ onClose })
  if (modal === 'edit') return slots.edit ? slots.edit({ id: itemId, onClose }) : !itemId ? <Text>No product selected</Text> : undefined
  return null
}

/**
 * The dialog appears in the commit that opens it: Mantine's fade-in would first wait a frame, then mount the content
 * hidden in a frame of its own, before fading (decision 110). It closes at once too: after a fade-out Mantine's
 * transition keeps its exit duration, so the next opening rendered nothing in the tap's commit and the dialog only a
 * task later, once an effect had reset it (decision 191).
 */
const AT_ONCE = { duration: 0, exitDuration: 0 }

/**
 * Frame and content come in one render. A tap on Edit opens the dialog in the tap's own render, finished before the next
 * paint; an address opens it in the router's transition, which React already renders in slices, so a deferred content
 * (decision 110) never showed a stand-in there and only cost a second render after a tap (decision 178).
 */
export function DashboardDialogs(props: Props) {
  const { modal, itemId, onClose, requests } = props
  const [requested, setRequested] = useState<DialogRequest | null>(null)
  useLayoutEffect(() => {
    if (!requests) return undefined
    requests.current = setRequested
    return () => void (requests.current = null)
  }, [requests])
  // Once the address says something else (Back, another dialog), the address decides again.
  useEffect(() => setRequested((shown) => (shown && (shown.modal !== modal || shown.id !== itemId) ? null : shown)), [modal, itemId])
  // The open form's check for unsaved typing (decision 205); emptied by a close the form chose (Save, Cancel, Discard).
  const unsaved = useRef<UnsavedCheck | null>(null)
  const [asking, setAsking] = useState(false)
  const close = useCallback(() => {
    unsaved.current = null
    setAsking(false)
    setRequested(null)
    onClose()
  }, [onClose])
  // Escape, a tap outside and the close button ask first when the form has changes.
  const closeAsked = useCallback(() => (unsaved.current?.() ? setAsking(true) : close()), [close])
  const shown: Shown = requested ? { modal: requested.modal, itemId: requested.id } : { modal, itemId }
  // Back (or any link) away from a dialog with changes waits for the same answer.
  const leaving = useLeaveGuard({ shouldBlock: ({ next }) => leavesDialog(next, shown), hasChanges: () => unsaved.current?.() === true })
  // Closed on a reload, the Modal (portal, scroll lock, transitions) joins the page after its first paint.
  if (!useAfterFirstPaint(shown.modal !== undefined)) return null
  const body = content(shown, props, close)
  const askingNow = asking || leaving.opened
  const keep = () => (leaving.opened ? leaving.keep() : setAsking(false))
  const discard = () => {
    if (!leaving.opened) return close()
    unsaved.current = null
    leaving.discard()
  }
  return (
    <>
      <Modal
        opened={shown.modal !== undefined}
        onClose={closeAsked}
        title={shown.modal ? TITLES[shown.modal] : ''}
        centered
        transitionProps={AT_ONCE}
        closeOnEscape={!askingNow}
        trapFocus={!askingNow}
      >
        <UnsavedChangesSlot value={unsaved}>{body === undefined ? <Text c="dimmed">Coming soon.</Text> : body}</UnsavedChangesSlot>
      </Modal>
      <DiscardChangesDialog opened={askingNow} onKeep={keep} onDiscard={discard} {...leaving.words} />
    </>
  )
}

/** Whether a navigation goes elsewhere than the dialog shown: the router catching up with a tap's dialog does not. */
function leavesDialog(next: { pathname: string; search: unknown }, shown: Shown): boolean {
  const search = (next.search ?? {}) as { modal?: unknown; id?: unknown }
  return shown.modal !== undefined && (next.pathname !== '/dashboard' || search.modal !== shown.modal || search.id !== shown.itemId)
}
