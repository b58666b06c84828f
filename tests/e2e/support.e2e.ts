// The contact-support form end to end against a server of its own, with the Turnstile script routed to the local fake
// widget, the server pointed at the local fake siteverify, and an SMTP sink receiving the mail: every state of the
// form, the blocked-captcha paths, a refused token, and a mail outage that loses nothing.
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { SUPPORT_CAPTCHA_ACTION, SUPPORT_MESSAGES } from '../../src/contract/support.ts'
import { type AppServer, startAppLikeNpmStart } from '../app-server.ts'
import { SmtpSink } from '../fakes/smtp-sink.ts'
import { FAKE_SECRET, FAKE_SITE_KEY, FAKE_WIDGET_SCRIPT, FakeTurnstile } from '../fakes/turnstile.ts'
import { launchBrowser } from './browser.ts'

const turnstile = new FakeTurnstile()
const sink = new SmtpSink()
let server: AppServer
let browser: Browser
let context: BrowserContext
let page: Page

beforeAll(async () => {
  await Promise.all([turnstile.start(), sink.start()])
  server = await startAppLikeNpmStart({
    TURNSTILE_SITE_KEY: FAKE_SITE_KEY,
    TURNSTILE_SECRET_KEY: FAKE_SECRET,
    TURNSTILE_VERIFY_URL: turnstile.verifyUrl,
    SMTP_URL: sink.url,
    SUPPORT_EMAIL_TO: 'help@qrtee.test',
    RATE_LIMIT_SCALE: '20',
  })
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await Promise.all([turnstile.stop(), sink.stop()])
})

/** 'fake': Cloudflare's script answered by the local fake widget; 'blocked': the request fails, as under a blocker. */
async function openLanding(script: 'fake' | 'blocked' = 'fake') {
  context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' })
  await context.route('https://challenges.cloudflare.com/**', (route) =>
    script === 'blocked' ? route.abort('blockedbyclient') : route.fulfill({ contentType: 'text/javascript', body: FAKE_WIDGET_SCRIPT }),
  )
  page = await context.newPage()
  await page.goto('/')
}
afterEach(async () => {
  await context?.close()
})

const form = () => page.getByRole('form', { name: 'Contact support' })
const send = () => form().getByRole('button', { name: /Send Message|Sending/ })
const marker = () => Math.random().toString(36).slice(2, 10)

async function fill(name: string, email: string, message: string) {
  await form().getByLabel('Name', { exact: true }).fill(name)
  await form().getByLabel('Email', { exact: true }).fill(email)
  await form().getByLabel('Message', { exact: true }).fill(message)
}
const fieldValues = () => Promise.all(['Name', 'Email', 'Message'].map((label) => form().getByLabel(label, { exact: true }).inputValue()))

describe('contact-support form', () => {
  it("needs the captcha (light theme, retry 8000 ms), sends, shows 'Message Sent!', clears the fields, returns after 5 s, and mails support with the visitor as Reply-To", async () => {
    await openLanding()
    await form().getByRole('button', { name: /fake captcha/ }).waitFor()
    const options = await page.evaluate(() => {
      const o = (window as unknown as { fakeTurnstile: { options: Record<string, unknown> } }).fakeTurnstile.options
      return { sitekey: o.sitekey, theme: o.theme, retryInterval: o['retry-interval'], action: o.action }
    })
    // The action is checked by the server against siteverify's answer (the fake names it back from the token).
    expect(options).toEqual({ sitekey: FAKE_SITE_KEY, theme: 'light', retryInterval: 8000, action: SUPPORT_CAPTCHA_ACTION })

    const id = marker()
    await fill('Ada Visitor', `ada.${id}@example.test`, `My shirt has not arrived ${id}`)
    expect(await send().isDisabled()).toBe(true)
    await form().getByText(SUPPORT_MESSAGES.captchaMissing).waitFor()

    await form().getByRole('button', { name: /fake captcha/ }).click()
    await expect.poll(() => send().isEnabled()).toBe(true)
    // Held on its way, so the sending state can be seen. The gate exists before the request does: 'Sending...' shows
    // on the click, and under load the request can reach the route after release() (CI, two files at a time), which
    // then must still let it through.
    let release: () => void = () => undefined
    const released = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/public/support/contact', async (route) => {
      await released
      await route.continue()
    })
    await send().click()
    await expect.poll(() => send().innerText()).toBe('Sending...')
    expect(await send().isDisabled()).toBe(true)
    release()

    await page.getByText('Message Sent!').waitFor()
    const sentAt = Date.now()
    const mail = await sink.waitFor(id)
    expect(mail.headers.get('reply-to')).toContain(`ada.${id}@example.test`)
    expect(mail.headers.get('from')).not.toContain(`ada.${id}@example.test`)
    expect(mail.envelopeTo).toEqual(['help@qrtee.test'])
    expect(turnstile.calls.some((call) => call.secret === FAKE_SECRET && call.remoteip === '127.0.0.1')).toBe(true)

    await form().waitFor({ timeout: 8000 })
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(4000)
    expect(await fieldValues()).toEqual(['', '', ''])
  })

  it('an expired captcha clears the token: the button waits for a new one', async () => {
    await openLanding()
    await form().getByRole('button', { name: /fake captcha/ }).click()
    await fill('Ada', 'ada@example.test', 'Hello')
    await expect.poll(() => send().isEnabled()).toBe(true)
    await page.evaluate(() => (window as unknown as { fakeTurnstile: { expire: () => void } }).fakeTurnstile.expire())
    await expect.poll(() => send().isDisabled()).toBe(true)
    await form().getByText(SUPPORT_MESSAGES.captchaMissing).waitFor()
  })

  it("shows the server's message on failure and keeps the fields (a refused captcha answer)", async () => {
    await openLanding()
    await form().getByRole('button', { name: /fake captcha/ }).waitFor()
    await page.evaluate(() => (window as unknown as { fakeTurnstile: { solve: (t: string) => void } }).fakeTurnstile.solve('forged-token'))
    const id = marker()
    await fill('Mallory', `m.${id}@example.test`, `Let me in ${id}`)
    await send().click()
    await form().getByRole('alert').filter({ hasText: 'The captcha answer was not accepted. Please complete the captcha again.' }).waitFor()
    expect(await fieldValues()).toEqual(['Mallory', `m.${id}@example.test`, `Let me in ${id}`])
  })

  it("shows the error's own text when the server cannot be reached, keeping the fields", async () => {
    await openLanding()
    await form().getByRole('button', { name: /fake captcha/ }).click()
    await fill('Ada', 'ada@example.test', 'Hello there')
    await page.route('**/api/public/support/contact', (route) => route.abort('connectionrefused'))
    await send().click()
    const alert = form().getByRole('alert')
    await alert.waitFor()
    expect((await alert.innerText()).length).toBeGreaterThan(0)
    expect(await fieldValues()).toEqual(['Ada', 'ada@example.test', 'Hello there'])
  })

  it.each([
    ['the widget reports an error', 'fake' as const],
    ["Cloudflare's script is blocked", 'blocked' as const],
  ])('when %s: the blocked notice, and the message is sent without a captcha', async (_name, script) => {
    await openLanding(script)
    if (script === 'fake') {
      await form().getByRole('button', { name: /fake captcha/ }).waitFor()
      await page.evaluate(() => (window as unknown as { fakeTurnstile: { fail: () => void } }).fakeTurnstile.fail())
    }
    await form().getByText(SUPPORT_MESSAGES.captchaBlocked).waitFor()
    const id = marker()
    await fill('Blocked Visitor', `b.${id}@example.test`, `No captcha here ${id}`)
    await expect.poll(() => send().isEnabled()).toBe(true)
    await send().click()
    await page.getByText('Message Sent!').waitFor()
    await sink.waitFor(id)
  })

  it('a mail outage loses nothing: the message is stored and mailed once SMTP is back', async () => {
    await openLanding()
    const port = sink.port
    await sink.stop()
    const id = marker()
    try {
      await form().getByRole('button', { name: /fake captcha/ }).click()
      await fill('Patient Visitor', `p.${id}@example.test`, `Sent during the outage ${id}`)
      await send().click()
      await page.getByText('Message Sent!').waitFor()
      await new Promise((resolve) => setTimeout(resolve, 1000))
      expect(sink.mails.some((mail) => mail.body.includes(id))).toBe(false)
    } finally {
      await sink.start(port)
    }
    const mail = await sink.waitFor(id, 30_000)
    expect(mail.headers.get('reply-to')).toContain(`p.${id}@example.test`)
    expect(sink.mails.filter((m) => m.body.includes(id))).toHaveLength(1)
  })
})
