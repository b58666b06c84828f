// Composes the three public pages (/, /help-center, /demo/wishlist) from their features: the same tree is rendered to
// static HTML at build time (scripts/prerender-public-site.tsx) and hydrated in the browser (decision 096).
import { type ReactNode, useEffect, useState } from 'react'
import * as v from 'valibot'
import { apiPaths } from '../contract/api-paths.ts'
import { PublicConfigSchema } from '../contract/public-config.ts'
import { HelpCenterPage } from '../features/help-center/help-center-page.tsx'
import { DemoWishlistPage } from '../features/landing/demo-wishlist-page.tsx'
import { SUPPORT_EMAIL } from '../features/landing/landing-content.ts'
import { LandingPage } from '../features/landing/landing-page.tsx'
import { PublicFooter, PublicHeader } from '../features/landing/public-header.tsx'
import { PublicThemeSwitch } from '../features/landing/theme-switch.tsx'
import { ContactForm } from '../features/support/contact-form.tsx'

export const PUBLIC_PAGES = ['landing', 'help-center', 'demo-wishlist'] as const
export type PublicPage = (typeof PUBLIC_PAGES)[number]

type RuntimeConfig = { demoUsername?: string; captchaSiteKey: string | null | undefined; publicUrl?: string | undefined }

/** GET /api/public/config after hydration: the demo username and the captcha site key are runtime settings. */
function useRuntimeConfig(): RuntimeConfig {
  const [config, setConfig] = useState<RuntimeConfig>({ captchaSiteKey: undefined })
  useEffect(() => {
    const controller = new AbortController()
    fetch(apiPaths.publicConfig, { signal: controller.signal })
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(`status ${response.status}`))))
      .then((body: unknown) => {
        const parsed = v.safeParse(PublicConfigSchema, body)
        if (parsed.success) setConfig({ demoUsername: parsed.output.demoUsername, captchaSiteKey: parsed.output.turnstileSiteKey, publicUrl: parsed.output.publicUrl })
        else setConfig({ captchaSiteKey: null })
      })
      // Offline or an old server: the form sends without a captcha and the server decides.
      .catch(() => {
        if (!controller.signal.aborted) setConfig({ captchaSiteKey: null })
      })
    return () => controller.abort()
  }, [])
  return config
}

/** `themeSwitch`: the app's own (Mantine) switch when the app renders these pages under its router. */
export function PublicSiteApp({ page, themeSwitch = <PublicThemeSwitch /> }: { page: PublicPage; themeSwitch?: ReactNode }) {
  const { demoUsername, captchaSiteKey, publicUrl } = useRuntimeConfig()
  const contactForm = <ContactForm captchaSiteKey={captchaSiteKey} />
  if (page === 'help-center') {
    return <HelpCenterPage header={<PublicHeader themeSwitch={themeSwitch} />} footer={<PublicFooter />} contactForm={contactForm} supportEmail={SUPPORT_EMAIL} />
  }
  if (page === 'demo-wishlist') return <DemoWishlistPage themeSwitch={themeSwitch} demoUsername={demoUsername} />
  return <LandingPage themeSwitch={themeSwitch} contactForm={contactForm} demoUsername={demoUsername} publicUrl={publicUrl} />
}
