// A fixed piece of work timed in the bench's own page, so a browser figure can be read against the machine it was taken
// on: this machine's speed changes between sessions by up to three times, and the dashboard's goals are absolute.
import type { Page } from 'playwright-core'

/**
 * The same work every time, at the page's current CPU throttle: JavaScript (a loop building strings and objects, the
 * kind of work a render does) and the browser's own (2,000 classed elements created, attached, styled, laid out and
 * removed, off screen). Returns ms per run.
 */
export async function machineAnchor(page: Page, runs: number): Promise<number[]> {
  const times: number[] = []
  for (let run = 0; run < runs; run++) {
    times.push(
      await page.evaluate(() => {
        const start = performance.now()
        const objects: { key: string; value: number }[] = []
        for (let i = 0; i < 200_000; i++) objects.push({ key: `item-${i % 997}`, value: i * 7 })
        let sum = 0
        for (const object of objects) sum += object.key.length + (object.value % 13)
        const box = document.createElement('div')
        box.style.cssText = 'position:absolute;left:-10000px;top:0;width:960px;display:grid;grid-template-columns:repeat(3,1fr)'
        for (let i = 0; i < 2_000; i++) {
          const element = document.createElement(i % 4 === 0 ? 'a' : 'p')
          element.className = 'anchor-card anchor-text'
          element.setAttribute('aria-label', `Anchor ${i}`)
          element.textContent = `Anchor item ${i}, ${sum % 100}`
          box.append(element)
        }
        document.body.append(box)
        // Reading a box forces the style and layout of all 2,000 elements, the browser's share of the work.
        box.getBoundingClientRect()
        box.remove()
        return performance.now() - start
      }),
    )
  }
  return times
}
