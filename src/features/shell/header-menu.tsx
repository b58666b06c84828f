// Owns the phone header's menu: the theme switch (and, in the dashboard, Logout) behind one button, so the header's
// row holds the logo, the sync icon and this button at 320 px (issue 23). From tablets up the switch sits in the row.
import { ActionIcon, Box, Button, Popover, Stack, Text } from '@mantine/core'
import { IconLogout, IconMenu2 } from '@tabler/icons-react'
import { useState } from 'react'
import { ThemeSwitch } from './theme-switch.tsx'

export function HeaderMenu({ onLogout }: { onLogout?: () => void }) {
  // Controlled, so Logout can close it: the 'Log out?' warning must not open under a menu still showing.
  const [opened, setOpened] = useState(false)
  const logout = onLogout
    ? () => {
        setOpened(false)
        onLogout()
      }
    : undefined
  return (
    <>
      <Box visibleFrom="sm">
        <ThemeSwitch />
      </Box>
      <Popover position="bottom-end" shadow="md" width={220} opened={opened} onChange={setOpened}>
        <Popover.Target>
          <ActionIcon variant="subtle" color="gray" size={44} aria-label="Menu" hiddenFrom="sm" onClick={() => setOpened((open) => !open)}>
            <IconMenu2 size={22} aria-hidden />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap="sm">
            <Text size="sm" fw={500}>
              Theme
            </Text>
            <ThemeSwitch />
            {logout ? (
              <Button variant="subtle" color="red" leftSection={<IconLogout size={18} aria-hidden />} onClick={logout}>
                Logout
              </Button>
            ) : null}
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </>
  )
}
