// Lighthouse 13 on one URL, as a phone sees it (default mobile form factor and simulated throttling), in a Chromium
// started by chrome-launcher; returns the four category scores, LCP/TBT/CLS and the audits that cost points.
import { writeFileSync } from 'node:fs'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { CHROMIUM_ARGS } from '../tests/chromium.ts'

const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS]
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const

export type LighthouseFigures = {
  scores: Record<(typeof CATEGORIES)[number], number>
  lcpMs: number
  tbtMs: number
  cls: number
  /** Audits scored below 1 that carry weight in a category, e.g. `seo: is-crawlable (0)`. */
  failing: string[]
  /** Performance opportunities with their estimated saving, e.g. `unused-javascript ~ 600 ms`. */
  opportunities: string[]
}

export async function runLighthouse(url: string, chromePath: string): Promise<LighthouseFigures> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS })
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      formFactor: 'mobile',
      onlyCategories: [...CATEGORIES],
    })
    if (!result) throw new Error('Lighthouse returned no result')
    // For digging into a figure: the full report, as the Lighthouse viewer reads it.
    if (process.env.LIGHTHOUSE_JSON) writeFileSync(process.env.LIGHTHOUSE_JSON, JSON.stringify(result.lhr))
    const { categories, audits } = result.lhr
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100)
    const numeric = (id: string) => audits[id]?.numericValue ?? Number.NaN
    const failing = CATEGORIES.flatMap((category) =>
      (categories[category]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && (audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${category}: ${ref.id} (${audits[ref.id]?.score})`),
    )
    const opportunities = Object.values(audits)
      .filter((audit) => audit.details?.type === 'opportunity' && (audit.numericValue ?? 0) > 0)
      .map((audit) => `${audit.id} ~ ${Math.round(audit.numericValue ?? 0)} ms`)
    return {
      scores: { performance: score('performance'), accessibility: score('accessibility'), 'best-practices': score('best-practices'), seo: score('seo') },
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      failing,
      opportunities,
    }
  } finally {
    chrome.kill()
  }
}
