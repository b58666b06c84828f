// Owns one refused change's card: what was refused and why, Retry, and a Discard that first says what it drops.
import { Button, Group, Paper, Text } from '@mantine/core'
import { useState } from 'react'
import type { FailedEntry } from '../../local/queries.ts'

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

type Props = { entry: FailedEntry; onRetry: () => void; onDiscard: () => void }

/** Discard drops what the owner wrote (decision 199): it asks first, naming what will be lost. */
export function RefusedChangeCard({ entry, onRetry, onDiscard }: Props) {
  const [confirming, setConfirming] = useState(false)
  const waiting = waitingWords(entry.waitingBehind)
  return (
    <Paper withBorder p="sm" radius="sm">
      <Text size="sm" fw={500}>
        {entry.summary}
      </Text>
      <Text size="xs" c="red">
        {refusalWords(entry)}
      </Text>
      {waiting ? <Text size="xs">{waiting}</Text> : null}
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
