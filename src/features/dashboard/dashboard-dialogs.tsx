// Owns the dashboard's dialogs chosen by the `modal` parameter: qr, new, edit. Their content comes from the QR and
// wishlist features through the route; the frames here keep the address, the Close behaviour and the focus handling.
import { Modal, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import type { DashboardModal } from './dashboard-search.ts'

const TITLES: Record<DashboardModal, string> = { qr: 'Your QR code', new: 'New product', edit: 'Edit product' }

/** What the route plugs into the dialogs; a missing one shows a stand-in. */
export type DashboardDialogSlots = {
  qr?: (props: { shareableId: string; onClose: () => void }) => ReactNode
}

type Props = {
  modal: DashboardModal | undefined
  itemId: string | undefined
  /** Empty while the profile loads. */
  shareableId: string
  slots: DashboardDialogSlots
  onClose: () => void
}

export function DashboardDialogs({ modal, itemId, shareableId, slots, onClose }: Props) {
  return (
    <Modal opened={modal !== undefined} onClose={onClose} title={modal ? TITLES[modal] : ''} centered>
      {modal === 'qr' && slots.qr ? slots.qr({ shareableId, onClose }) : null}
      {modal === 'edit' && !itemId ? <Text>No product selected</Text> : null}
      {(modal === 'qr' && !slots.qr) || modal === 'new' || (modal === 'edit' && itemId) ? <Text c="dimmed">Coming soon.</Text> : null}
    </Modal>
  )
}
