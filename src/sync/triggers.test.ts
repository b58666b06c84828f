import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ChannelMessage } from '../contract/messages.ts'
import { LOCAL_WRITE_CHANNEL } from '../contract/names.ts'
import type { SyncTrigger } from './scheduler.ts'
import { announceTrigger, listenForTriggers, watchPageTriggers, type PageEvents, type PageTrigger } from './triggers.ts'

/** A tab's window and document, as far as the triggers use them. */
function fakeTab(visibilityState: DocumentVisibilityState) {
  const tab = { window: new EventTarget(), document: Object.assign(new EventTarget(), { visibilityState }) }
  return tab satisfies PageEvents
}

/** The leader's scheduler as the worker wires it, recording what reaches it. */
function leader() {
  const received: (SyncTrigger | 'resume')[] = []
  const stop = listenForTriggers({ trigger: (reason) => received.push(reason), resume: () => received.push('resume') })
  const until = async (count: number) => {
    while (received.length < count) await new Promise((resolve) => setTimeout(resolve, 5))
    return received
  }
  return { received, stop, until }
}

const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  vi.useRealTimers()
})

describe('sync triggers across tabs', () => {
  it("a visible tab that does not lead reaches the leader's scheduler: visible, online and Sync now", async () => {
    const lead = leader()
    stops.push(lead.stop)
    const tab = fakeTab('visible')
    stops.push(watchPageTriggers(tab, 60_000))
    tab.document.dispatchEvent(new Event('visibilitychange'))
    tab.window.dispatchEvent(new Event('online'))
    announceTrigger('manual')
    expect((await lead.until(3)).sort()).toEqual(['manual', 'online', 'visible'])
  })

  it("the service worker's 'push' on the channel reaches the leader's scheduler", async () => {
    const lead = leader()
    stops.push(lead.stop)
    // As sw/push-handlers.ts posts it: the worker cannot import this room, only the channel's name and message.
    const worker = new BroadcastChannel(LOCAL_WRITE_CHANNEL)
    worker.postMessage('push' satisfies ChannelMessage)
    worker.postMessage('You were hacked')
    worker.close()
    announceTrigger('manual')
    expect((await lead.until(2)).sort()).toEqual(['manual', 'push'])
  })

  it("a visible tab's timer reaches the leader; a hidden tab's timer stays quiet", async () => {
    vi.useFakeTimers()
    const posted: PageTrigger[] = []
    const visible = fakeTab('visible')
    const hidden = fakeTab('hidden')
    stops.push(watchPageTriggers(visible, 1000, (reason) => posted.push(reason)))
    stops.push(watchPageTriggers(hidden, 1000, () => posted.push('manual')))
    hidden.document.dispatchEvent(new Event('visibilitychange'))
    await vi.advanceTimersByTimeAsync(3000)
    expect(posted).toEqual(['interval', 'interval', 'interval'])
  })

  it('a sign-in in any tab resumes the leader; unknown messages are ignored', async () => {
    const lead = leader()
    stops.push(lead.stop)
    const channel = new BroadcastChannel('qrtee:local-write')
    channel.postMessage({ not: 'a trigger' })
    channel.postMessage('signed-in')
    channel.postMessage('write')
    channel.close()
    expect(await lead.until(2)).toEqual(['resume', 'write'])
  })
})
