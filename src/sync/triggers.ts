// Sync triggers between tabs: every tab posts its own (visible, timer, online, Sync now) on one channel the leader hears.
import * as v from 'valibot'
import { ChannelMessageSchema } from '../contract/messages.ts'
import { LOCAL_WRITE_CHANNEL } from '../contract/names.ts'
import type { SyncTrigger } from './scheduler.ts'

export type PageTrigger = Exclude<SyncTrigger, 'start' | 'write'>

/**
 * Posts a trigger for whichever tab leads. BroadcastChannel reaches every other context of the origin, the leader's
 * worker included, so a visible tab that does not lead still gets other devices' changes within the timer period.
 */
export function announceTrigger(reason: PageTrigger) {
  if (typeof BroadcastChannel === 'undefined') return
  const channel = new BroadcastChannel(LOCAL_WRITE_CHANNEL)
  channel.postMessage(reason)
  channel.close()
}

export type TriggerTarget = { trigger(reason: SyncTrigger): void; resume(): void }

/** The leader's side (its worker): every tab's writes, sign-ins and triggers reach its scheduler. */
export function listenForTriggers(target: TriggerTarget): () => void {
  const channel = new BroadcastChannel(LOCAL_WRITE_CHANNEL)
  channel.onmessage = (event: MessageEvent) => {
    const message = v.safeParse(ChannelMessageSchema, event.data)
    if (!message.success) return
    if (message.output === 'signed-in') target.resume()
    else target.trigger(message.output)
  }
  return () => channel.close()
}

export type PageEvents = {
  window: Pick<Window, 'addEventListener' | 'removeEventListener'>
  document: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>
}

/**
 * A tab's own triggers, whether it leads or not: coming online, becoming visible, and a timer while it is visible
 * (a hidden tab waits for 'visible'). Returns the function that stops them.
 */
export function watchPageTriggers({ window: win, document: doc }: PageEvents, intervalMs: number, post: (reason: PageTrigger) => void = announceTrigger) {
  const onOnline = () => post('online')
  const onVisibility = () => {
    if (doc.visibilityState === 'visible') post('visible')
  }
  const interval = setInterval(() => {
    if (doc.visibilityState === 'visible') post('interval')
  }, intervalMs)
  win.addEventListener('online', onOnline)
  doc.addEventListener('visibilitychange', onVisibility)
  return () => {
    clearInterval(interval)
    win.removeEventListener('online', onOnline)
    doc.removeEventListener('visibilitychange', onVisibility)
  }
}
