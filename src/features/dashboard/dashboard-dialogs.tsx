// Owns the dashboard's dialogs chosen by the `modal` parameter: qr, new, edit. Their content comes from the QR and
// wishlist features; the frames here keep the address, the Close behaviour and the focus handling in one place.
import { Modal, Text } from '@mantine/core'
import type { DashboardModal } from './dashboard-search.ts'

const TITLES: Record<DashboardModal, string> = { qr: 'Your QR code', new: 'New product', edit: 'Edit product' }

type Props = { modal: DashboardModal | undefined; itemId: string | undefined; onClose: () => void }

export function DashboardDialogs({ modal, itemId, onClose }: Props) {
  return (
    <Modal opened={modal !== undefined} onClose={onClose} title={modal ? TITLES[modal] : ''} centered>
      {modal === 'edit' && !itemId ? <Text>No product selected</Text> : <Text c="dimmed">Coming soon.</Text>}
    </Modal>
  )
}
