// Owns the frame of the protected routes: the page, plus the notice that a newer tab upgraded the local database.
import { Button, Group, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { Outlet } from '@tanstack/react-router'
import { useEffect } from 'react'
import { DATABASE_OUTDATED_EVENT } from '../../../contract/names.ts'
import { EmailVerificationBanner } from '../../../features/account/email-verification-banner.tsx'

const OUTDATED_NOTICE_ID = 'database-outdated'

function showOutdatedNotice() {
  notifications.show({
    id: OUTDATED_NOTICE_ID,
    color: 'yellow',
    title: 'QR Tee was updated in another tab',
    autoClose: false,
    withCloseButton: false,
    message: (
      <Group justify="space-between" mt={4} wrap="nowrap">
        <Text size="sm">Reload this tab to keep saving your changes.</Text>
        <Button size="xs" onClick={() => window.location.reload()}>
          Reload
        </Button>
      </Group>
    ),
  })
}

export function AuthedLayout() {
  useEffect(() => {
    window.addEventListener(DATABASE_OUTDATED_EVENT, showOutdatedNotice)
    return () => window.removeEventListener(DATABASE_OUTDATED_EVENT, showOutdatedNotice)
  }, [])
  return (
    <>
      <EmailVerificationBanner />
      <Outlet />
    </>
  )
}
