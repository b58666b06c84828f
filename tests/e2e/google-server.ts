// One app server per spec file that signs in with Google through a local OpenID Connect provider (and mails through a
// local SMTP sink when given one), one Chromium, and 360x740 touch contexts against it, all closed after the file.
import type { Browser, BrowserContext } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { type AppServer, startAppLikeNpmStart } from '../app-server.ts'
import { type OidcProvider, startOidcProvider } from '../fakes/oidc-provider.ts'
import type { SmtpSink } from '../fakes/smtp-sink.ts'
import { launchBrowser, type ServiceWorkers } from './browser.ts'

export type GoogleServer = {
  provider: () => OidcProvider
  server: () => AppServer
  /** A new 360x740 touch context on the server, closed after the file. */
  phoneContext: (serviceWorkers: ServiceWorkers) => Promise<BrowserContext>
}

export function googleServerPerFile({ sink }: { sink?: SmtpSink } = {}): GoogleServer {
  let provider: OidcProvider | undefined
  let server: AppServer | undefined
  let browser: Browser | undefined
  const contexts: BrowserContext[] = []
  beforeAll(async () => {
    await sink?.start()
    provider = await startOidcProvider()
    const mail: Record<string, string> = sink ? { SMTP_URL: sink.url } : {}
    server = await startAppLikeNpmStart({ RATE_LIMIT_SCALE: '20', ...mail, GOOGLE_CLIENT_ID: 'qrtee-e2e-client', GOOGLE_CLIENT_SECRET: 'qrtee-e2e-secret', OIDC_ISSUER: provider.issuer })
    browser = await launchBrowser()
  })
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined)
    await browser?.close()
    await server?.stop()
    await provider?.stop()
    await sink?.stop()
  })
  const started = () => {
    if (!provider || !server || !browser) throw new Error('The Google server is not started yet (use it inside a test)')
    return { provider, server, browser }
  }
  return {
    provider: () => started().provider,
    server: () => started().server,
    phoneContext: async (serviceWorkers) => {
      const { server, browser } = started()
      const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, serviceWorkers })
      contexts.push(context)
      return context
    },
  }
}
