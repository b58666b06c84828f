// Shared steps of the public-site specs: axe with its violations listed readably.
import AxeBuilder from '@axe-core/playwright'
import type { Page } from 'playwright-core'

/** Every axe violation on the page, as "rule: target" lines, so a failure names what to fix. */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')} ${node.html.slice(0, 200)} ${node.failureSummary ?? ''}`))
}
