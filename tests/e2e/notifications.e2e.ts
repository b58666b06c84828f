// The owner's notifications (issue 29) in Chromium at 360x740, touch: the permission asked only when a push switch goes
// on, plain words when it is refused or on an iPhone tab, the switches kept after a reload and the mail switch on the
// server; a visitor's gift pushed by the server through the fake push service, shown by the service worker, and its
// tap opening Purchases; and 'Send a test notification'.
import type { BrowserContext, Page } from 'playwright-core'
import * as v from 'valibot'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { baseUrl, launchBrowser } from './browser.ts'
import { confirmPurchase, giftCard, waitForServiceWorker } from './helpers.ts'
import { api, createItemByApi, newOwner, openDashboardAs, type Owner } from './owner-helpers.ts'
import { layoutProblems } from './phone-layout.ts'
import { axeViolations } from './screen-checks.ts'
import { waitForSynced } from './offline-helpers.ts'
import { installFakePush, mintSubscription, pushesTo } from './push-helpers.ts'

const PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, deviceScaleFactor: 1 }
const IPHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'

let browser: Browser
const contexts: BrowserContext[] = []
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()))
})

async function phoneContext(options: { userAgent?: string } = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseUrl(), ...PHONE, ...options })
  contexts.push(context)
  return context
}

/** The owner signed in on the settings page, its Notifications section in view. */
async function openSettings(page: Page, owner: Owner): Promise<void> {
  await page.goto('/login')
  await page.evaluate((t) => {
    localStorage.setItem('token', t.token)
    localStorage.setItem('refreshToken', t.refreshToken)
  }, owner)
  await page.goto('/profile/edit')
  await page.getByRole('heading', { name: 'Notifications' }).waitFor()
}

const pushGroup = (page: Page) => page.getByRole('group', { name: 'Push notifications on this device' })
const emailGroup = (page: Page) => page.getByRole('group', { name: 'Email' })
const supportMessage = (page: Page) => page.getByTestId('push-support-message')

const ProfileMailSchema = v.looseObject({ emailOnGift: v.boolean(), emailOnOrder: v.boolean() })

describe('Notifications in Profile settings', () => {
  it('asks for the permission only when a push switch goes on, and says plainly when it is refused', async () => {
    const owner = await newOwner()
    const context = await phoneContext()
    // The browser's question is answered 'denied' and counted: the page must not ask at load.
    await context.addInitScript(() => {
      const counter = window as unknown as { permissionAsked: number }
      counter.permissionAsked = 0
      Notification.requestPermission = async () => {
        counter.permissionAsked += 1
        return 'denied'
      }
    })
    const page = await context.newPage()
    await openSettings(page, owner)
    await page.getByRole('heading', { name: 'Notifications' }).scrollIntoViewIfNeeded()
    await page.evaluate(() => document.fonts.ready)
    expect(await page.evaluate(() => (window as unknown as { permissionAsked: number }).permissionAsked)).toBe(0)
    await expect.poll(() => layoutProblems(page, { touch: true })).toEqual([])
    expect(await axeViolations(page)).toEqual([])
    await page.screenshot({ path: 'docs/screens/owner-settings-notifications-light.png', fullPage: true })

    await pushGroup(page).getByRole('switch', { name: 'Gifts' }).click()
    await expect.poll(() => page.evaluate(() => (window as unknown as { permissionAsked: number }).permissionAsked)).toBe(1)
    await expect.poll(() => supportMessage(page).textContent()).toContain('Notifications are blocked for this site')
    expect(await pushGroup(page).getByRole('switch', { name: 'Gifts' }).isChecked()).toBe(false)
    expect(await pushGroup(page).getByRole('button', { name: 'Send a test notification' }).isDisabled()).toBe(true)
  })

  it('on an iPhone tab that is not installed, says push needs the app on the Home Screen', async () => {
    const owner = await newOwner()
    const page = await (await phoneContext({ userAgent: IPHONE_UA })).newPage()
    await openSettings(page, owner)
    await expect.poll(() => supportMessage(page).textContent()).toContain("'Add to Home Screen'")
    expect(await pushGroup(page).getByRole('switch', { name: 'Gifts' }).isDisabled()).toBe(true)
    // Mail does not depend on the device.
    expect(await emailGroup(page).getByRole('switch', { name: 'Gifts' }).isDisabled()).toBe(false)
  })

  it('keeps the switches after a reload, and the mail switch reaches the server through the outbox', async () => {
    const owner = await newOwner()
    const subscription = await mintSubscription()
    const context = await phoneContext()
    await context.grantPermissions(['notifications'], { origin: baseUrl() })
    await installFakePush(context, subscription)
    const page = await context.newPage()
    await openSettings(page, owner)

    await pushGroup(page).getByRole('switch', { name: 'Orders' }).click()
    await expect.poll(() => pushGroup(page).getByRole('switch', { name: 'Orders' }).isChecked()).toBe(true)
    await expect.poll(() => pushGroup(page).getByRole('status').count()).toBe(0)
    await emailGroup(page).getByRole('switch', { name: 'Gifts' }).click()
    await expect
      .poll(async () => v.parse(ProfileMailSchema, (await api('/api/profiles', { token: owner.token })).json), { timeout: 30_000 })
      .toEqual(expect.objectContaining({ emailOnGift: false, emailOnOrder: true }))

    await page.reload()
    await page.getByRole('heading', { name: 'Notifications' }).waitFor()
    await expect.poll(() => pushGroup(page).getByRole('switch', { name: 'Orders' }).isChecked()).toBe(true)
    expect(await pushGroup(page).getByRole('switch', { name: 'Gifts' }).isChecked()).toBe(false)
    expect(await emailGroup(page).getByRole('switch', { name: 'Gifts' }).isChecked()).toBe(false)
    expect(await emailGroup(page).getByRole('switch', { name: 'Orders' }).isChecked()).toBe(true)
  })

  it("a visitor's gift is pushed by the server, shown by the service worker, and its tap opens Purchases", async () => {
    const owner = await newOwner()
    const itemName = `Red kite ${Math.random().toString(36).slice(2, 7)}`
    await createItemByApi(owner, itemName)
    const subscription = await mintSubscription()
    const context = await phoneContext()
    await context.grantPermissions(['notifications'], { origin: baseUrl() })
    await installFakePush(context, subscription)
    const page = await context.newPage()
    await openSettings(page, owner)
    await waitForServiceWorker(page, () => page.getByRole('heading', { name: 'Notifications' }).waitFor())
    await pushGroup(page).getByRole('switch', { name: 'Gifts' }).click()
    await expect.poll(() => pushGroup(page).getByRole('button', { name: 'Send a test notification' }).isEnabled()).toBe(true)

    // 'Send a test notification' reaches the push service as a test payload.
    await pushGroup(page).getByRole('button', { name: 'Send a test notification' }).click()
    await page.getByText('Test notification sent', { exact: false }).first().waitFor()
    await expect.poll(async () => (await pushesTo(subscription)).map((push) => push.type), { timeout: 30_000 }).toContain('test')

    // A visitor buys the wish on another device.
    const visitorContext = await browser.newContext({ baseURL: baseUrl() })
    contexts.push(visitorContext)
    const visitor = await visitorContext.newPage()
    await visitor.goto(`/profile/${owner.shareableId}`)
    await giftCard(visitor, itemName).getByRole('button', { name: 'Purchase' }).click()
    await confirmPurchase(visitor)

    // The server pushed it through the fake push service, which decrypted it: only what the owner sees in the app.
    let gift: Awaited<ReturnType<typeof pushesTo>>[number] | undefined
    await expect
      .poll(async () => (gift = (await pushesTo(subscription)).find((push) => push.type === 'purchase')), { timeout: 30_000 })
      .toBeDefined()
    expect(gift?.title + ' ' + gift?.body).toContain(itemName)
    expect(gift?.url).toBe('/dashboard?view=purchases')

    // This machine reaches no real push service: the same bytes go to the worker through CDP.
    await page.goto('/dashboard')
    await page.getByRole('heading', { name: `Welcome back, ${owner.username}!` }).waitFor()
    await deliverPush(page, JSON.stringify(gift))
    await expect
      .poll(() => page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => `${n.title} | ${n.body}`)))
      .toEqual([`${gift?.title} | ${gift?.body}`])

    // The tap: the worker's own notificationclick handler on the shown notification.
    const [worker] = context.serviceWorkers()
    if (!worker) throw new Error('no service worker')
    await worker.evaluate(async () => {
      // The worker's globals, which the page's type library does not name.
      type Scope = { registration: ServiceWorkerRegistration; dispatchEvent: (event: Event) => boolean }
      type NotificationEventClass = new (type: string, init: { notification: Notification }) => Event
      const scope = self as unknown as Scope
      const [shown] = await scope.registration.getNotifications()
      if (!shown) throw new Error('no notification to tap')
      const NotificationEventOfWorker = (self as unknown as { NotificationEvent: NotificationEventClass }).NotificationEvent
      scope.dispatchEvent(new NotificationEventOfWorker('notificationclick', { notification: shown }))
    })
    await page.waitForURL(/\/dashboard\?view=purchases/)
    await page.getByText(itemName).first().waitFor()
  })
})

describe("A gift pushed while the owner's app is open", () => {
  it('shows in Purchases with its notification, not at the next minute\'s pull', async () => {
    const owner = await newOwner()
    const itemName = `Blue kite ${Math.random().toString(36).slice(2, 7)}`
    const itemId = await createItemByApi(owner, itemName)
    const context = await phoneContext()
    await context.grantPermissions(['notifications'], { origin: baseUrl() })
    const page = await context.newPage()
    await openSettings(page, owner)
    await waitForServiceWorker(page, () => page.getByRole('heading', { name: 'Notifications' }).waitFor())
    await page.goto('/dashboard?view=purchases')
    await waitForSynced(page)
    // The badge may still read the settings page's pass: the dashboard's own start pulls are let finish first.
    await page.waitForTimeout(3_000)

    // A stranger buys the wish; the app, open on Purchases and pulled a moment ago, knows nothing of it yet.
    expect((await buy(owner, itemId)).status).toBe(201)
    const gift = page.getByText(itemName).first()
    await page.waitForTimeout(1_500)
    expect(await gift.isVisible()).toBe(false)

    // Its push arrives (the payload the server sends for a gift): the sync worker pulls at once, well inside the minute.
    // (The minute's pull would come 60 s after the last; 15 s leaves the worker's start and a slow machine room.)
    await deliverPush(page, JSON.stringify({ type: 'purchase', title: 'You got a gift!', body: `${itemName} (€25.00)`, url: '/dashboard?view=purchases' }))
    await gift.waitFor({ timeout: 15_000 })
    await giftToast(page).filter({ hasText: `Someone just bought ${itemName} (€25.00) for you.` }).waitFor()
  })

  it("without push on this device, the pull that brings a gift says it in the app, once; a fresh device's first pull is not news", async () => {
    const owner = await newOwner()
    const before = await createItemByApi(owner, `Old kite ${Math.random().toString(36).slice(2, 7)}`)
    expect((await buy(owner, before)).status).toBe(201)
    const itemName = `Green kite ${Math.random().toString(36).slice(2, 7)}`
    const itemId = await createItemByApi(owner, itemName)
    const page = await (await phoneContext()).newPage()
    await openDashboardAs(page, owner)
    await waitForSynced(page)
    await page.waitForTimeout(2_000)
    expect(await giftToast(page).count()).toBe(0)

    expect((await buy(owner, itemId)).status).toBe(201)
    // The owner comes back to the app (the page turns visible): its pull brings the gift, and the app says so.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
    await giftToast(page).filter({ hasText: `Someone just bought ${itemName} (€25.00) for you.` }).waitFor({ timeout: 15_000 })
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
    await page.waitForTimeout(2_000)
    expect(await giftToast(page).count()).toBe(1)
  })
})

const giftToast = (page: Page) => page.locator('.mantine-Notification-root').filter({ hasText: 'New gift' })
const buy = (owner: Owner, itemId: string) => api(`/api/public/profiles/${owner.shareableId}/purchases`, { method: 'POST', body: { wishlistItemId: itemId } })

/** CDP's ServiceWorker.deliverPushMessage to the page's registration, as a push service would deliver it. */
async function deliverPush(page: Page, data: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page)
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((registration) => !registration.isDeleted && registration.scopeURL.startsWith(baseUrl()))
      if (ours) resolve(ours.registrationId)
    })
  })
  await cdp.send('ServiceWorker.enable')
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: baseUrl(), registrationId: await registrationId, data })
  await cdp.detach()
}

