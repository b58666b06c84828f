// Shared checks of a screen in the e2e specs: wait until it has settled, then list its axe violations readably.
import AxeBuilder from '@axe-core/playwright'
import type { Page } from 'playwright-core'

/**
 * Waits for the fonts and for every finite animation or transition to end (within 5 s), over three quiet frames.
 * Text still fading in is blended into the page behind it: axe measured a dialog's button at a failing contrast in the
 * middle of Mantine's fade (CI, stop 37), and Mantine starts a transition a frame after it mounts, so one quiet frame
 * proves nothing. Endless animations (a loader's spin) are not waited for.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready)
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const finiteRunning = () =>
          document.getAnimations().some((animation) => animation.playState === 'running' && animation.effect?.getTiming().iterations !== Infinity)
        let quietFrames = 0
        const tick = () => {
          quietFrames = finiteRunning() ? 0 : quietFrames + 1
          if (quietFrames >= 3) resolve()
          else requestAnimationFrame(tick)
        }
        requestAnimationFrame(tick)
        setTimeout(resolve, 5_000)
      }),
  )
}

/**
 * Every axe violation on the settled page, as "rule: target" lines, so a failure names what to fix. A violation counts
 * when a second reading, after the page has settled again, finds it too: a toast that mounts while axe runs (one
 * waiting in Mantine's queue behind another that just closed) is read mid-fade at a blended contrast, which is no
 * property of the screen (CI with two spec files at a time).
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const first = await violationsOf(page)
  if (first.size === 0) return []
  const second = await violationsOf(page)
  return [...second].filter(([key]) => first.has(key)).map(([, line]) => line)
}

/** One reading of the settled page: each violation keyed by rule and target, with its readable line. */
async function violationsOf(page: Page): Promise<Map<string, string>> {
  await settled(page)
  const results = await new AxeBuilder({ page }).analyze()
  return new Map(
    results.violations.flatMap((violation) =>
      violation.nodes.map((node) => {
        const where = `${violation.id}: ${node.target.join(' ')}`
        return [where, `${where} ${node.html.slice(0, 200)} ${node.failureSummary ?? ''}`] as const
      }),
    ),
  )
}
