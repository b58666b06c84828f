// Owns Profile settings' signed-in devices (issue 24): one row per sign-in (browser and system, when it signed in,
// when it was last used), 'Sign out' for each other device and 'Sign out everywhere else'. Online only.
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useState } from 'react'
import { failureMessage } from '../../api/client.ts'
import { fetchDevices, signOutDevice, signOutOtherDevices } from '../../api/account-recovery.ts'
import { deviceLabels } from './device-labels.ts'
import { LoadFailure } from './load-failure.tsx'
import { useOnlineLoad } from './use-online-load.ts'

const DEVICES_LOAD_FAILED = 'Your devices could not be loaded'
const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })

export function DevicesPanel() {
  const { online, data, failure, load } = useOnlineLoad(fetchDevices, DEVICES_LOAD_FAILED)
  const devices = data?.devices ?? null
  const [busy, setBusy] = useState(false)
  const labels = deviceLabels(devices ?? [])

  const act = async (action: () => Promise<{ message: string }>) => {
    setBusy(true)
    try {
      notifications.show({ color: 'green', title: 'Signed out', message: (await action()).message })
      load()
    } catch (err) {
      notifications.show({ color: 'red', title: 'Not signed out', message: failureMessage(err, 'The server did not answer. Please try again.') })
    } finally {
      setBusy(false)
    }
  }

  return (
    <Paper withBorder p="md" mt="lg" component="section" aria-labelledby="devices-title">
      <Title order={3} id="devices-title" mb="sm">
        Signed-in devices
      </Title>
      {!online && devices === null ? (
        <Text size="sm">Connect to the internet to see your devices.</Text>
      ) : failure && devices === null ? (
        <LoadFailure title={DEVICES_LOAD_FAILED} failure={failure} onRetry={load} />
      ) : devices === null ? (
        <Text size="sm">Loading your devices...</Text>
      ) : (
        <Stack gap="sm">
          {/* The list stays readable offline, and after a reload that failed; signing a device out needs the server. */}
          {!online && <Text size="sm">Connect to the internet to sign out a device.</Text>}
          {online && failure && <LoadFailure title={DEVICES_LOAD_FAILED} failure={failure} onRetry={load} />}
          {devices.map((device) => (
            <Group key={device.id} justify="space-between" align="flex-start" wrap="nowrap" data-testid="device-row">
              {/* The text gives way, not the button: a shrunk button cut its label to 'Sign o' at 320-390 px. */}
              <div style={{ minWidth: 0 }}>
                <Text fw={600}>
                  {labels.get(device.id) ?? device.name}
                  {device.current ? ' (this device)' : ''}
                </Text>
                <Text size="sm">Signed in {when(device.signedInAt)}</Text>
                <Text size="sm">Last used {when(device.lastUsedAt)}</Text>
              </div>
              {device.current ? null : (
                <Button
                  variant="default"
                  size="sm"
                  disabled={busy || !online}
                  style={{ flexShrink: 0 }}
                  onClick={() => void act(() => signOutDevice(device.id))}
                  aria-label={`Sign out ${labels.get(device.id) ?? device.name}`}
                >
                  Sign out
                </Button>
              )}
            </Group>
          ))}
          {devices.some((device) => !device.current) ? (
            <Button variant="light" color="red" disabled={busy || !online} onClick={() => void act(signOutOtherDevices)}>
              Sign out everywhere else
            </Button>
          ) : null}
        </Stack>
      )}
    </Paper>
  )
}
