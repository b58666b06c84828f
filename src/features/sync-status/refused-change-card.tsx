// Owns one refused change's card: what was refused and why, where an edit fixes it, Retry, and a Discard that first
// says what it drops.
import { Button, Group, Paper, Text } from '@mantine/core'
import { useState } from 'react'
import type { FailedEntry } from '../../local/queries.ts'
import { ButtonLink } from '../../ui/anchor-link.tsx'

const madeAt = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' })

/**
 * The refusal's words: after the owner's Retry met the same refusal, 'Still refused: …' and the time it was tried, so
 * the tap visibly did something instead of showing the identical card again.
 */
export function refusalWords(entry: Pick<FailedEntry, 'error' | 'retriedAt'>, timeOf: (iso: string) => string = madeAt): string {
  return entry.retriedAt ? `Still refused (tried again ${timeOf(entry.retriedAt)}): ${entry.error}` : entry.error
}

/** 'One later change waits…': a later edit that could not be folded into this one as a fix (decision 199). */
export function waitingWords(count: number): string | null {
  if (count === 0) return null
  const changes = count === 1 ? '1 later change of the same thing waits' : `${count} later changes of the same thing wait`
  return `${changes} until you retry or discard this one.`
}

/** The hint under a change an edit can fix: the owner need not discard what they wrote to correct it. */
export function fixWords(fixIn: FailedEntry['fixIn']): string | null {
  if (!fixIn) return null
  const where = fixIn.kind === 'item' ? 'the product' : 'your profile settings'
  return `To fix it, correct it in ${where}: your edit goes to the server again at once, with the rest of this change.`
}

/** The form that fixes it; `onOpen` closes what shows the card (the sync popover) as the form opens. */
function FixLink({ fixIn, onOpen }: { fixIn: NonNullable<FailedEntry['fixIn']>; onOpen?: () => void }) {
  return fixIn.kind === 'item' ? (
    <ButtonLink size="xs" variant="light" to="/dashboard" search={{ modal: 'edit', id: fixIn.id }} onClick={onOpen}>
      Edit the product
    </ButtonLink>
  ) : (
    <ButtonLink size="xs" variant="light" to="/profile/edit" onClick={onOpen}>
      Open profile settings
    </ButtonLink>
  )
}

type Props = { entry: FailedEntry; onRetry: () => void; onDiscard: () => void; onOpenFix?: () => void }

/** Discard drops what the owner wrote (decision 199): it asks first, naming what will be lost. */
export function RefusedChangeCard({ entry, onRetry, onDiscard, onOpenFix }: Props) {
  const [confirming, setConfirming] = useState(false)
  const waiting = waitingWords(entry.waitingBehind)
  const fix = fixWords(entry.fixIn)
  return (
    <Paper withBorder p="sm" radius="sm">
      <Text size="sm" fw={500}>
        {entry.summary}
      </Text>
      <Text size="xs" c="red">
        {refusalWords(entry)}
      </Text>
      {waiting ? <Text size="xs">{waiting}</Text> : null}
      {fix ? <Text size="xs">{fix}</Text> : null}
      <Text size="xs" c="dimmed">
        Made {madeAt(entry.createdAt)}
      </Text>
      {confirming ? (
        <div role="group" aria-label={`Discard ${entry.summary}?`}>
          <Text size="sm" mt="xs">
            Discard it? This loses {entry.loses}; it is not on the server.
          </Text>
          <Group gap="xs" mt="xs">
            <Button size="xs" color="red" onClick={onDiscard}>
              Discard for good
            </Button>
            <Button size="xs" variant="default" onClick={() => setConfirming(false)}>
              Keep it
            </Button>
          </Group>
        </div>
      ) : (
        <Group gap="xs" mt="xs">
          {entry.fixIn ? <FixLink fixIn={entry.fixIn} onOpen={onOpenFix} /> : null}
          <Button size="xs" variant="light" onClick={onRetry} aria-label={`Retry ${entry.summary}`}>
            Retry
          </Button>
          <Button size="xs" variant="subtle" color="red" onClick={() => setConfirming(true)} aria-label={`Discard ${entry.summary}`}>
            Discard
          </Button>
        </Group>
      )}
    </Paper>
  )
}
