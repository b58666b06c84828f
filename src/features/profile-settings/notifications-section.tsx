// Owns the settings page's 'Notifications' section (issue 29): gifts and orders, each on or off, by push on this
// device and by email, and 'Send a test notification'. Every switch applies when moved; there is no Save.
import { Alert, Button, Fieldset, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core'
import { useNetwork } from '@mantine/hooks'
import { notifications } from '@mantine/notifications'
import { IconBell, IconWifiOff } from '@tabler/icons-react'
import { useState } from 'react'
import type { LocalProfile, OwnerDatabase } from '../../local/db.ts'
import { LocalStorageFullError } from '../../local/write-errors.ts'
import { updateProfileSettings } from '../../local/writes.ts'
import { EmailVerificationHint } from './email-verification-hint.tsx'
import { canUsePush, PUSH_TEXTS } from './push-support.ts'
import { usePushDevice } from './use-push-device.ts'

type Props = { db: OwnerDatabase; profile: LocalProfile }

export function NotificationsSection({ db, profile }: Props) {
  const { online } = useNetwork()
  return (
    <Paper withBorder p="lg" radius="md" mt="lg" component="section" aria-labelledby="notifications-title">
      <Stack gap="md">
        <Title order={3} id="notifications-title">
          Notifications
        </Title>
        <Text size="sm">Hear about every gift and every order as it happens.</Text>
        {online ? null : (
          <Alert color="yellow" icon={<IconWifiOff size={18} aria-hidden />}>
            {PUSH_TEXTS.offlineNote}
          </Alert>
        )}
        <PushSwitches db={db} />
        <EmailSwitches db={db} profile={profile} />
      </Stack>
    </Paper>
  )
}

function PushSwitches({ db }: { db: OwnerDatabase }) {
  const push = usePushDevice(db)
  const [testing, setTesting] = useState(false)
  const { state, support } = push
  const usable = canUsePush(support)
  // A switch that is on can always be turned off, whatever the browser says now.
  const disabled = (on: boolean) => push.busy || (!on && !usable)

  const test = async () => {
    setTesting(true)
    const answer = await push.sendTest()
    setTesting(false)
    notifications.show({ color: answer.ok ? 'green' : 'red', title: answer.ok ? 'Test sent' : 'Not sent', message: answer.message })
  }

  return (
    <Fieldset legend="Push notifications on this device" variant="unstyled">
      <Stack gap="xs">
        {'message' in support ? (
          <Alert color="yellow" data-testid="push-support-message">
            {support.message}
          </Alert>
        ) : null}
        <Switch
          label="Gifts"
          description="When a visitor buys one of your wishes."
          checked={state.gifts}
          disabled={disabled(state.gifts)}
          onChange={(event) => void push.setSwitch('gifts', event.currentTarget.checked)}
        />
        <Switch
          label="Orders"
          description="When an order ships, fails or is canceled."
          checked={state.orders}
          disabled={disabled(state.orders)}
          onChange={(event) => void push.setSwitch('orders', event.currentTarget.checked)}
        />
        {push.problem ? (
          <Text size="sm" c="red" role="alert">
            {push.problem}
          </Text>
        ) : null}
        {state.error ? (
          <Text size="sm" c="red" role="alert">
            {state.error}
          </Text>
        ) : null}
        {state.pending ? (
          <Text size="sm" c="dimmed" role="status">
            {PUSH_TEXTS.pendingNote}
          </Text>
        ) : null}
        <Group>
          {/* The label wraps and the button grows: at 320 px one line of it was cut ('…notificatio'). */}
          <Button
            variant="default"
            h="auto"
            mih="var(--button-height)"
            py={6}
            styles={{ label: { whiteSpace: 'normal', overflow: 'visible', textAlign: 'center' } }}
            leftSection={<IconBell size={18} aria-hidden />}
            onClick={() => void test()}
            loading={testing}
            disabled={!state.subscription || !(state.gifts || state.orders)}
          >
            Send a test notification
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  )
}

function EmailSwitches({ db, profile }: Props) {
  const save = async (field: 'emailOnGift' | 'emailOnOrder', on: boolean) => {
    try {
      // A profile field like the others: saved here at once and sent through the outbox (offline: when online).
      await updateProfileSettings(db, { [field]: on })
    } catch (error) {
      const message = error instanceof LocalStorageFullError ? error.message : 'Failed to save profile'
      notifications.show({ color: 'red', title: 'Error', message })
    }
  }
  return (
    <Fieldset legend="Email" variant="unstyled">
      <Stack gap="xs">
        <EmailVerificationHint />
        <Switch
          label="Gifts"
          description="One mail per gift; many gifts at once come as one summary."
          checked={profile.emailOnGift ?? true}
          onChange={(event) => void save('emailOnGift', event.currentTarget.checked)}
        />
        <Switch
          label="Orders"
          description="When an order ships, fails or is canceled."
          checked={profile.emailOnOrder ?? true}
          onChange={(event) => void save('emailOnOrder', event.currentTarget.checked)}
        />
      </Stack>
    </Fieldset>
  )
}
