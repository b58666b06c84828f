import { describe, expect, it } from 'vitest'
import { appPath, chooseWindow, clickTarget, GENERIC_NOTIFICATION, NOTIFICATION_ICON, parsePushText, toNotification, type WindowInfo } from './push-notification.ts'

const generic = (url = '/dashboard') => ({
  title: GENERIC_NOTIFICATION.title,
  options: { body: GENERIC_NOTIFICATION.body, icon: NOTIFICATION_ICON, badge: NOTIFICATION_ICON, tag: 'qrtee-generic', data: { url, type: 'unknown' } },
})

describe('toNotification', () => {
  const purchase = { type: 'purchase', title: 'New gift: Blue bike', body: '€120.50 · "Happy birthday!"', url: '/dashboard?view=purchases' }

  it.each<[string, unknown, { title: string; body: string; url: string; type: string }]>([
    ['a purchase', purchase, { title: 'New gift: Blue bike', body: '€120.50 · "Happy birthday!"', url: '/dashboard?view=purchases', type: 'purchase' }],
    ['an order', { type: 'order', title: 'Order shipped', body: 'Track it', url: '/dashboard?view=order' }, { title: 'Order shipped', body: 'Track it', url: '/dashboard?view=order', type: 'order' }],
    ['a test', { type: 'test', title: 'Test', body: 'It works', url: '/dashboard?view=purchases' }, { title: 'Test', body: 'It works', url: '/dashboard?view=purchases', type: 'test' }],
    ['a test without url', { type: 'test', title: 'Test', body: 'It works' }, { title: 'Test', body: 'It works', url: '/dashboard?view=purchases', type: 'test' }],
    ['a purchase without url goes to Purchases', { ...purchase, url: undefined }, { title: purchase.title, body: purchase.body, url: '/dashboard?view=purchases', type: 'purchase' }],
    ['an order whose url is another site goes to the Order tab', { type: 'order', title: 'T', body: 'B', url: 'https://evil.example/x' }, { title: 'T', body: 'B', url: '/dashboard?view=order', type: 'order' }],
    ['a protocol-relative url is refused', { ...purchase, url: '//evil.example/' }, { title: purchase.title, body: purchase.body, url: '/dashboard?view=purchases', type: 'purchase' }],
    ['a missing body shows the title alone', { type: 'purchase', title: 'New gift' }, { title: 'New gift', body: '', url: '/dashboard?view=purchases', type: 'purchase' }],
  ])('%s', (_, payload, expected) => {
    const shown = toNotification(payload)
    expect({ title: shown.title, body: shown.options.body, url: shown.options.data.url, type: shown.options.data.type }).toEqual(expected)
    expect(shown.options.icon).toBe(NOTIFICATION_ICON)
    expect(shown.options.tag).toMatch(/^qrtee-/)
  })

  it.each<[string, unknown]>([
    ['nothing', null],
    ['a number', 42],
    ['an array', [1, 2]],
    ['an unknown type', { type: 'spam', title: 'x', body: 'y', url: '/dashboard' }],
    ['no title', { type: 'purchase', body: 'y' }],
    ['a blank title', { type: 'purchase', title: '   ', body: 'y' }],
    ['a title that is not text', { type: 'purchase', title: { a: 1 }, body: 'y' }],
  ])('%s: the generic notification', (_, payload) => {
    expect(toNotification(payload)).toEqual(generic())
  })

  it('the same event twice gets one tag (repeats collapse); two gifts get two', () => {
    const again = toNotification({ ...purchase })
    expect(toNotification(purchase).options.tag).toBe(again.options.tag)
    expect(toNotification({ ...purchase, title: 'New gift: Red kite' }).options.tag).not.toBe(again.options.tag)
    expect(toNotification({ ...purchase, tag: 'purchase-42' }).options.tag).toBe('purchase-42')
  })

  it('cuts an overlong title and body', () => {
    const shown = toNotification({ type: 'purchase', title: 'x'.repeat(500), body: 'y'.repeat(5000) })
    expect(shown.title).toHaveLength(120)
    expect(shown.options.body).toHaveLength(400)
  })
})

describe('parsePushText', () => {
  it.each<[string | null, unknown]>([
    [null, null],
    ['', null],
    ['not json', null],
    ['{"type":"test"', null],
    ['{"type":"test"}', { type: 'test' }],
  ])('%j -> %j', (text, expected) => {
    expect(parsePushText(text)).toEqual(expected)
  })

  it('malformed text still becomes a notification', () => {
    expect(toNotification(parsePushText('\u0000garbage'))).toEqual(generic())
  })
})

describe('appPath and clickTarget', () => {
  it.each<[unknown, string | null]>([
    ['/dashboard?view=purchases', '/dashboard?view=purchases'],
    ['/profile/edit', '/profile/edit'],
    ['dashboard', null],
    ['//evil.example', null],
    ['/\\evil.example', null],
    ['https://evil.example/', null],
    ['javascript:alert(1)', null],
    ['/a b', null],
    [42, null],
  ])('%j -> %j', (value, expected) => {
    expect(appPath(value)).toBe(expected)
  })

  it.each<[unknown, string]>([
    [{ url: '/dashboard?view=order', type: 'order' }, '/dashboard?view=order'],
    [{ url: 'https://evil.example/' }, '/dashboard'],
    [null, '/dashboard'],
    ['text', '/dashboard'],
  ])('tap on %j opens %s', (data, expected) => {
    expect(clickTarget(data)).toBe(expected)
  })
})

describe('chooseWindow', () => {
  const origin = 'https://qrtee.test'
  const win = (path: string, focused = false, visibilityState = 'hidden', at = origin): WindowInfo => ({ url: `${at}${path}`, focused, visibilityState })

  it.each<[string, WindowInfo[], number]>([
    ['none open: a new window', [], -1],
    ['the only app window', [win('/dashboard')], 0],
    ['the focused one first', [win('/dashboard'), win('/profile/edit', true, 'visible')], 1],
    ['then a visible one', [win('/dashboard'), win('/dashboard?view=order', false, 'visible')], 1],
    ['then the first', [win('/dashboard'), win('/profile/edit')], 0],
    ["a visitor's profile page is not the app", [win('/profile/abcd234567', true, 'visible')], -1],
    ['the owner pages under /profile are', [win('/profile/qr', true, 'visible')], 0],
    ['another origin never', [win('/dashboard', true, 'visible', 'https://other.test')], -1],
    ['an unreadable url is skipped', [{ url: 'not a url', focused: true, visibilityState: 'visible' }, win('/dashboard')], 1],
  ])('%s', (_, windows, expected) => {
    expect(chooseWindow(windows, origin)).toBe(expected)
  })
})
