import { describe, expect, it } from 'vitest'
import { apiPaths } from '../src/contract/api-paths.ts'
import { RENEWAL_RETRY_WAITS_MS, type RenewalOutcome, type RenewalPorts, renewSubscription, type SubscriptionLike } from './push-renewal.ts'

const KEY = new Uint8Array([4, 1, 2, 3]).buffer
const subscription = (endpoint: string, keys: Record<string, string> = { p256dh: `p256-${endpoint}`, auth: `auth-${endpoint}` }): SubscriptionLike => ({
  endpoint,
  options: { applicationServerKey: KEY },
  toJSON: () => ({ endpoint, keys }),
})

/** Fakes that record what the worker did; `answers` are the server's statuses in order ('down': nothing answered). */
function fakes(answers: Array<number | 'down'>, subscribed: SubscriptionLike | 'refused' = subscription('https://push.test/subscribed')) {
  const posts: unknown[] = []
  const waits: number[] = []
  const subscribeCalls: unknown[] = []
  const ports: RenewalPorts = {
    subscribe: async (options) => {
      subscribeCalls.push(options)
      if (subscribed === 'refused') throw new DOMException('Permission denied', 'NotAllowedError')
      return subscribed
    },
    post: async (path, body) => {
      expect(path).toBe(apiPaths.pushRenewals)
      posts.push(body)
      const answer = answers.shift() ?? 204
      if (answer === 'down') throw new TypeError('Failed to fetch')
      return answer
    },
    wait: async (ms) => void waits.push(ms),
  }
  return { ports, posts, waits, subscribeCalls }
}

const old = subscription('https://push.test/old')
const renewed = subscription('https://push.test/new')
const body = (next: SubscriptionLike) => ({ oldEndpoint: old.endpoint, endpoint: next.endpoint, keys: next.toJSON().keys })

describe('a subscription the browser replaced (pushsubscriptionchange)', () => {
  const cases: [name: string, change: { oldSubscription: SubscriptionLike | null; newSubscription: SubscriptionLike | null }, answers: Array<number | 'down'>, outcome: RenewalOutcome, posts: number, waits: number[]][] = [
    ['the browser gave the new one: the server is told once', { oldSubscription: old, newSubscription: renewed }, [204], 'renewed', 1, []],
    ['no old subscription: nothing to tell (the app posts at its next start)', { oldSubscription: null, newSubscription: renewed }, [], 'no-old-subscription', 0, []],
    ['offline, then back: tried again after a wait', { oldSubscription: old, newSubscription: renewed }, ['down', 204], 'renewed', 2, [RENEWAL_RETRY_WAITS_MS[0]]],
    ['a server error and a rate limit are tried again, at most three times in all', { oldSubscription: old, newSubscription: renewed }, [503, 429, 500], 'failed', 3, [...RENEWAL_RETRY_WAITS_MS]],
    ['an unknown device is not tried again', { oldSubscription: old, newSubscription: renewed }, [404], 'unknown-device', 1, []],
    ['a refused endpoint is not tried again', { oldSubscription: old, newSubscription: renewed }, [400], 'refused', 1, []],
  ]
  it.each(cases)('%s', async (_name, change, answers, outcome, postCount, waits) => {
    const f = fakes(answers)
    expect(await renewSubscription(change, f.ports)).toBe(outcome)
    expect(f.posts).toHaveLength(postCount)
    for (const posted of f.posts) expect(posted).toEqual(body(renewed))
    expect(f.waits).toEqual(waits)
    expect(f.subscribeCalls).toEqual([])
  })

  it('without a new one, subscribes again with the old key and tells the server that one', async () => {
    const f = fakes([204])
    expect(await renewSubscription({ oldSubscription: old, newSubscription: null }, f.ports)).toBe('renewed')
    expect(f.subscribeCalls).toEqual([{ userVisibleOnly: true, applicationServerKey: KEY }])
    expect(f.posts).toEqual([body(subscription('https://push.test/subscribed'))])
  })

  it('cannot subscribe again (permission withdrawn) or gets no keys: tells the server nothing', async () => {
    const refused = fakes([], 'refused')
    expect(await renewSubscription({ oldSubscription: old, newSubscription: null }, refused.ports)).toBe('cannot-subscribe')
    const keyless = fakes([])
    expect(await renewSubscription({ oldSubscription: old, newSubscription: subscription('https://push.test/keyless', {}) }, keyless.ports)).toBe('cannot-subscribe')
    expect([...refused.posts, ...keyless.posts]).toEqual([])
  })
})
