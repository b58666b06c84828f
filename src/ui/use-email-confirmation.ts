// Owns an owner's email confirmation on screen (the banner, the mail switches' hint): /users/me read when online, and
// 'Send the link again' with the sentence it answered. The calls come in from src/api (ui imports no api).
import { useNetwork } from '@mantine/hooks'
import { useEffect, useState } from 'react'
import type { Me } from '../contract/account-recovery.ts'
import { afterNextPaint } from './after-first-paint.ts'

export type EmailConfirmationCalls = {
  fetchMe: () => Promise<Me>
  /** Sends the link again and answers the sentence to show, a refusal's included (never rejects). */
  resend: () => Promise<string>
}

export function useEmailConfirmation(calls: EmailConfirmationCalls) {
  const { online } = useNetwork()
  const [me, setMe] = useState<Me | null>(null)
  const [note, setNote] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const { fetchMe } = calls

  // Asked after the page's first paint: on a reload the banner's answer comes from the network later anyway.
  useEffect(() => {
    if (!online) return
    let live = true
    const cancel = afterNextPaint(() =>
      fetchMe().then(
        (answer) => live && setMe(answer),
        () => undefined,
      ),
    )
    return () => {
      live = false
      cancel()
    }
  }, [online, fetchMe])

  const resend = async () => {
    setSending(true)
    try {
      setNote(await calls.resend())
    } finally {
      setSending(false)
    }
  }
  return { me, note, sending, resend }
}
