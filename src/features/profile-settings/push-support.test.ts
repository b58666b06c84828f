import { describe, expect, it } from 'vitest'
import { canUsePush, PUSH_TEXTS, pushSupport, readPushEnvironment, type PushEnvironment } from './push-support.ts'

const chrome: PushEnvironment = { serviceWorker: true, pushManager: true, notification: true, permission: 'default', ios: false, standalone: false, serverKey: 'BKey' }

describe('pushSupport', () => {
  it.each<[string, Partial<PushEnvironment>, string, string | undefined]>([
    ['Chrome, not asked yet: asked when a switch goes on', {}, 'ask', undefined],
    ['Chrome, allowed', { permission: 'granted' }, 'ready', undefined],
    ['Chrome, offline (key unknown): still usable, applies when online', { serverKey: undefined }, 'ask', undefined],
    ['blocked', { permission: 'denied' }, 'blocked', PUSH_TEXTS.blocked],
    ['no Push API', { pushManager: false, permission: null }, 'unsupported', PUSH_TEXTS.unsupported],
    ['no Notification API', { notification: false, permission: null }, 'unsupported', PUSH_TEXTS.unsupported],
    ['no service worker', { serviceWorker: false }, 'unsupported', PUSH_TEXTS.unsupported],
    ['iPhone Safari tab: install first', { ios: true, pushManager: false, notification: false, permission: null }, 'install-first', PUSH_TEXTS.installFirst],
    ['iPhone, installed: asks', { ios: true, standalone: true }, 'ask', undefined],
    ['iPhone, installed, blocked', { ios: true, standalone: true, permission: 'denied' }, 'blocked', PUSH_TEXTS.blocked],
    ['a server without a key', { serverKey: null }, 'no-server', PUSH_TEXTS.noServer],
  ])('%s', (_, change, kind, message) => {
    const support = pushSupport({ ...chrome, ...change })
    expect(support.kind).toBe(kind)
    expect('message' in support ? support.message : undefined).toBe(message)
    expect(canUsePush(support)).toBe(kind === 'ask' || kind === 'ready')
  })
})

describe('readPushEnvironment', () => {
  const standaloneQuery = (matches: boolean) => () => ({ matches })
  it.each<[string, Parameters<typeof readPushEnvironment>[0], Parameters<typeof readPushEnvironment>[1], Partial<PushEnvironment>]>([
    [
      'desktop Chrome',
      { userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131', serviceWorker: {} },
      { PushManager: class {}, Notification: { permission: 'default' }, matchMedia: standaloneQuery(false) },
      { serviceWorker: true, pushManager: true, notification: true, permission: 'default', ios: false, standalone: false },
    ],
    [
      'iPhone Safari tab',
      { userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Safari/604.1', standalone: false, serviceWorker: {} },
      { matchMedia: standaloneQuery(false) },
      { pushManager: false, notification: false, permission: null, ios: true, standalone: false },
    ],
    [
      'iPad (desktop-class Safari) from the Home Screen',
      { userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15', maxTouchPoints: 5, standalone: true, serviceWorker: {} },
      { PushManager: class {}, Notification: { permission: 'granted' }, matchMedia: standaloneQuery(false) },
      { ios: true, standalone: true, permission: 'granted' },
    ],
    [
      'a Mac is not an iPad',
      { userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15', maxTouchPoints: 0, serviceWorker: {} },
      { PushManager: class {}, Notification: { permission: 'default' }, matchMedia: standaloneQuery(false) },
      { ios: false },
    ],
    [
      'an installed Android app (display-mode standalone)',
      { userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/131 Mobile', serviceWorker: {} },
      { PushManager: class {}, Notification: { permission: 'default' }, matchMedia: standaloneQuery(true) },
      { ios: false, standalone: true },
    ],
    ['no service worker', { userAgent: 'Old/1.0' }, {}, { serviceWorker: false, pushManager: false, notification: false, permission: null, standalone: false }],
  ])('%s', (_, nav, win, expected) => {
    expect(readPushEnvironment(nav, win, 'k')).toMatchObject({ ...expected, serverKey: 'k' })
  })
})
