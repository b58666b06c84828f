// One app server per spec file that mails through a local SMTP sink (the email-confirmation banner and the mailed links
// exist only then), one Chromium, and phones against it: 360x740 touch unless told, each closed after the file.
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { type AppServer, startAppLikeNpmStart } from '../app-server.ts'
import { SmtpSink } from '../fakes/smtp-sink.ts'
import { launchBrowser } from './browser.ts'

export type MailingServer = {
  sink: SmtpSink
  server: () => AppServer
  /** A touch page, signed in as `owner` before any of the app's code runs when one is given. */
  phone: (options?: { owner?: { token: string; refreshToken: string }; width?: number; height?: number }) => Promise<Page>
}

export function mailingServerPerFile(): MailingServer {
  const sink = new SmtpSink()
  let server: AppServer | undefined
  let browser: Browser | undefined
  const contexts: BrowserContext[] = []
  beforeAll(async () => {
    await sink.start()
    server = await startAppLikeNpmStart({ RATE_LIMIT_SCALE: '20', SMTP_URL: sink.url })
    browser = await launchBrowser()
  })
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined)
    await browser?.close()
    await server?.stop()
    await sink.stop()
  })
  const started = () => {
    if (!server || !browser) throw new Error('The mailing server is not started yet (use it inside a test)')
    return { server, browser }
  }
  return {
    sink,
    server: () => started().server,
    phone: async ({ owner, width = 360, height = 740 } = {}) => {
      const { server, browser } = started()
      const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width, height }, hasTouch: true, isMobile: true, serviceWorkers: 'block' })
      contexts.push(context)
      if (owner) {
        await context.addInitScript((t) => {
          localStorage.setItem('token', t.token)
          localStorage.setItem('refreshToken', t.refreshToken)
        }, owner)
      }
      return context.newPage()
    },
  }
}
