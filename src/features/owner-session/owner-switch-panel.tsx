// Owns the choice on /switch-owner: another owner's unsent changes are on this device; sign in as them, or discard them.
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core'
import { useNavigate, useRouter } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { logout } from '../../api/auth.ts'
import { readTokens } from '../../api/tokens.ts'
import type { PendingOwnerSwitch } from '../../local/owner-switch.ts'
import { DEFAULT_AFTER_SIGN_IN, isSameOriginPath } from '../../lib/safe-redirect.ts'
import classes from './owner-switch-panel.module.css'
import { useOwnerSync } from './owner-sync.ts'
import { discardQuestion, ownerName, signInAsLabel, unsentChangesOf } from './owner-switch-words.ts'

type Loaded = { state: 'loading' } | { state: 'none' } | { state: 'ask'; pending: PendingOwnerSwitch }

export function OwnerSwitchPanel({ redirect }: { redirect?: string }) {
  const sync = useOwnerSync()
  const router = useRouter()
  const navigate = useNavigate()
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' })
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const target = redirect && isSameOriginPath(redirect) ? redirect : DEFAULT_AFTER_SIGN_IN

  useEffect(() => {
    const { token } = readTokens()
    if (!token) {
      void navigate({ to: '/login', replace: true })
      return
    }
    sync.pendingOwnerSwitch(token).then(
      (pending) => setLoaded(pending ? { state: 'ask', pending } : { state: 'none' }),
      () => setFailure('This device could not read its local data. Reload the page to try again.'),
    )
  }, [sync, navigate])

  // Nothing (left) to decide, e.g. another tab answered: the protected page claims or keeps as usual.
  useEffect(() => {
    if (loaded.state === 'none') void router.navigate({ href: target, replace: true })
  }, [loaded, router, target])

  if (loaded.state !== 'ask') return failure ? <Alert color="red" role="alert">{failure}</Alert> : null
  const { pending } = loaded

  // The newcomer leaves; the first owner's changes stay and go out once that owner signs in here again.
  const signInAsFirstOwner = async () => {
    setBusy(true)
    await logout()
    await navigate({ to: '/login', replace: true })
  }
  const discard = async () => {
    setBusy(true)
    try {
      const { token } = readTokens()
      if (token) await sync.discardOtherOwner(token, pending.userId)
      setConfirming(false)
      await router.navigate({ href: target, replace: true })
    } catch {
      setFailure('The changes could not be discarded. Try again.')
      setBusy(false)
    }
  }

  return (
    <>
      <Stack>
        {failure ? (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        ) : null}
        <Text>{unsentChangesOf(pending)}.</Text>
        <Text>
          They are sent when {ownerName(pending)} signs in here again. Discarding them deletes them from this device.
        </Text>
        <Button fullWidth size="md" classNames={classes} disabled={busy} onClick={() => void signInAsFirstOwner()}>
          {signInAsLabel(pending)}
        </Button>
        <Button fullWidth size="md" variant="outline" color="red" disabled={busy} onClick={() => setConfirming(true)}>
          Discard them
        </Button>
      </Stack>
      {/* Composed by hand: the plain Modal's header is a <header>, which axe counts as a second banner of the page. */}
      <Modal.Root opened={confirming} onClose={() => setConfirming(false)} centered>
        <Modal.Overlay />
        <Modal.Content>
          <Modal.Header role="none">
            <Modal.Title>{discardQuestion(pending)}</Modal.Title>
            <Modal.CloseButton aria-label="Close" />
          </Modal.Header>
          <Modal.Body>
            <Text>They are deleted from this device and never reach the server.</Text>
            <Group justify="flex-end" mt="lg">
              <Button variant="default" size="md" onClick={() => setConfirming(false)}>
                Cancel
              </Button>
              <Button color="red" size="md" disabled={busy} onClick={() => void discard()}>
                Discard changes
              </Button>
            </Group>
          </Modal.Body>
        </Modal.Content>
      </Modal.Root>
    </>
  )
}
