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
  /** Bumped to ask again: the owner may have confirmed from the mail on another device, or in another app. */
  const [asked, setAsked] = useState(0)
  const { fetchMe } = calls
  const unconfirmed = me !== null && !me.emailVerified

  // Back in this app (another tab, the mail app, another device's browser): an unconfirmed address is asked about
  // again, so the banner does not stay until a reload after the link was used elsewhere.
  useEffect(() => {
    if (!unconfirmed) return
    const askAgain = () => {
      if (document.visibilityState === 'visible') setAsked((count) => count + 1)
    }
    window.addEventListener('focus', askAgain)
    document.addEventListener('visibilitychange', askAgain)
    return () => {
      window.removeEventListener('focus', askAgain)
      document.removeEventListener('visibilitychange', askAgain)
    }
  }, [unconfirmed])

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
  }, [online, fetchMe, asked])

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
