// Owns the 'Show QR code' button of the owner's tabs: it opens the QR dialog over the dashboard, keeping its place.
import { IconQrcode } from '@tabler/icons-react'
import { ButtonLink } from './anchor-link.tsx'

export function ShowQrCodeLink() {
  return (
    <ButtonLink
      to="/dashboard"
      search={(prev) => ({ ...prev, modal: 'qr', id: undefined })}
      resetScroll={false}
      variant="light"
      leftSection={<IconQrcode size={18} aria-hidden />}
    >
      Show QR code
    </ButtonLink>
  )
}
