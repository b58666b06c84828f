// Owns the app's "A new version is available" notice with its Reload button.
import { Button, Group, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'

const UPDATE_NOTICE_ID = 'sw-update'

export function showUpdatePrompt(reload: () => void): void {
  notifications.show({
    id: UPDATE_NOTICE_ID,
    title: 'A new version is available',
    autoClose: false,
    message: (
      <Group justify="space-between" mt={4}>
        <Text size="sm">Reload to use it.</Text>
        <Button
          size="xs"
          onClick={() => {
            notifications.hide(UPDATE_NOTICE_ID)
            reload()
          }}
        >
          Reload
        </Button>
      </Group>
    ),
  })
}
