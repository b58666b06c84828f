import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../api/client.ts'
import type { DeviceSubscription } from '../api/push-subscriptions.ts'
import { choosePushSwitches, readPushDevice, syncPushDevice, type PushDevicePorts } from './push-device.ts'
import { freshDatabase } from './testing.ts'

const sub = (name: string): DeviceSubscription => ({ endpoint: `https://push.test/${name}`, keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) } })

/** A browser and server that record what they were asked; `browser` is the browser's current subscription. */
function fakePorts(options: { online?: boolean; browser?: DeviceSubscription | null; subscribeGives?: DeviceSubscription | null; postFails?: unknown } = {}) {
  const calls: string[] = []
  let browser = options.browser === undefined ? null : options.browser
  const ports: PushDevicePorts = {
    online: () => options.online ?? true,
    browserSubscription: async () => browser,
    subscribe: async () => {
      calls.push('subscribe')
      browser = options.subscribeGives === undefined ? sub('new') : options.subscribeGives
      return browser
    },
    unsubscribe: async () => {
      calls.push('unsubscribe')
      browser = null
    },
    post: async (subscription, switches) => {
      calls.push(`post ${subscription.endpoint} gifts=${switches.gifts} orders=${switches.orders}`)
      if (options.postFails) throw options.postFails
    },
    remove: async (endpoint) => void calls.push(`delete ${endpoint}`),
  }
  return { ports, calls }
}

describe('syncPushDevice', () => {
  it.each<[string, { gifts: boolean; orders: boolean }, Parameters<typeof fakePorts>[0], string, string[]]>([
    ['gifts on with the page\'s subscription: posted', { gifts: true, orders: false }, { browser: sub('a') }, 'sent', ['post https://push.test/a gifts=true orders=false']],
    ['on without a subscription: subscribes, then posts', { gifts: true, orders: true }, {}, 'sent', ['subscribe', 'post https://push.test/new gifts=true orders=true']],
    ['offline: waits, nothing sent', { gifts: true, orders: true }, { online: false, browser: sub('a') }, 'waiting', []],
    ['a subscription cannot be made: waits', { gifts: true, orders: false }, { subscribeGives: null }, 'waiting', ['subscribe']],
    ['a network failure: waits', { gifts: true, orders: false }, { browser: sub('a'), postFails: new TypeError('offline') }, 'waiting', ['post https://push.test/a gifts=true orders=false']],
    ['a server error: waits', { gifts: true, orders: false }, { browser: sub('a'), postFails: new ApiError('down', 503) }, 'waiting', ['post https://push.test/a gifts=true orders=false']],
    ['refused for good: off, browser unsubscribed', { gifts: true, orders: false }, { browser: sub('a'), postFails: new ApiError('Not supported', 400) }, 'refused', ['post https://push.test/a gifts=true orders=false', 'unsubscribe']],
  ])('%s', async (_, switches, options, expected, expectedCalls) => {
    const db = freshDatabase('push')
    const { ports, calls } = fakePorts(options)
    await choosePushSwitches(db, switches, options?.browser ?? null)
    expect(await syncPushDevice(db, ports)).toBe(expected)
    expect(calls).toEqual(expectedCalls)
    const state = await readPushDevice(db)
    expect(state.pending).toBe(expected === 'waiting')
    if (expected === 'refused') expect(state).toMatchObject({ gifts: false, orders: false, subscription: null, error: 'Not supported' })
  })

  it('both off: deletes on the server, then in the browser; a second call has nothing to do', async () => {
    const db = freshDatabase('push')
    const { ports, calls } = fakePorts({ browser: sub('a') })
    await choosePushSwitches(db, { gifts: true, orders: true }, sub('a'))
    await syncPushDevice(db, ports)
    await choosePushSwitches(db, { gifts: false, orders: false })
    expect(await syncPushDevice(db, ports)).toBe('sent')
    expect(calls.slice(1)).toEqual(['delete https://push.test/a', 'unsubscribe'])
    expect(await readPushDevice(db)).toMatchObject({ subscription: null, pending: false })
    expect(await syncPushDevice(db, ports)).toBe('nothing-to-do')
  })

  it('changed offline, it applies once online', async () => {
    const db = freshDatabase('push')
    let online = false
    const { ports, calls } = fakePorts({ browser: sub('a') })
    ports.online = () => online
    await choosePushSwitches(db, { gifts: false, orders: true }, sub('a'))
    expect(await syncPushDevice(db, ports)).toBe('waiting')
    online = true
    expect(await syncPushDevice(db, ports)).toBe('sent')
    expect(calls).toEqual(['post https://push.test/a gifts=false orders=true'])
  })

  it('a browser that lost its subscription (forced sign-out) is subscribed and posted again', async () => {
    const db = freshDatabase('push')
    const { ports, calls } = fakePorts({ browser: sub('a') })
    await choosePushSwitches(db, { gifts: true, orders: false }, sub('a'))
    await syncPushDevice(db, ports)
    await ports.unsubscribe()
    expect(await syncPushDevice(db, ports)).toBe('sent')
    expect(calls.slice(1)).toEqual(['unsubscribe', 'subscribe', 'post https://push.test/new gifts=true orders=false'])
    expect((await readPushDevice(db)).subscription?.endpoint).toBe('https://push.test/new')
  })

  it('a change made while the call was out stays pending', async () => {
    const db = freshDatabase('push')
    const { ports } = fakePorts({ browser: sub('a') })
    const post = ports.post
    ports.post = async (subscription, switches) => {
      await choosePushSwitches(db, { gifts: false, orders: true })
      await post(subscription, switches)
    }
    await choosePushSwitches(db, { gifts: true, orders: false }, sub('a'))
    expect(await syncPushDevice(db, ports)).toBe('waiting')
    expect(await readPushDevice(db)).toMatchObject({ gifts: false, orders: true, pending: true })
  })
})
