// Owns the service-worker registration (production builds only) and the "A new version is available" prompt.
import { Button, Group, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { Workbox } from 'workbox-window'

const UPDATE_NOTICE_ID = 'sw-update'

export function registerServiceWorker(): void {
  // The dev server has no built worker; registering one there would serve stale bundles while editing.
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  const wb = new Workbox('/sw.js', { scope: '/' })

  // A new version waits (registerType 'prompt') until the user chooses to reload, so a form in progress is not lost.
  wb.addEventListener('waiting', () => {
    const reload = () => {
      wb.addEventListener('controlling', () => window.location.reload())
      wb.messageSkipWaiting()
      notifications.hide(UPDATE_NOTICE_ID)
    }
    notifications.show({
      id: UPDATE_NOTICE_ID,
      title: 'A new version is available',
      autoClose: false,
      message: (
        <Group justify="space-between" mt={4}>
          <Text size="sm">Reload to use it.</Text>
          <Button size="xs" onClick={reload}>
            Reload
          </Button>
        </Group>
      ),
    })
  })

  wb.register().catch((err: unknown) => console.warn('Service worker registration failed:', err))
}
