// Shared checks of the phone journeys (issue 23): every visible interactive element inside the viewport and its
// clipping containers, its label not cut, at least 44x44 px on a touch screen, and no sideways scrolling.
import type { Page } from 'playwright-core'
import { settled } from './screen-checks.ts'

export type LayoutProblem = string

/**
 * The problems on the page as readable lines ("clipped: button 'Redirect' ..."); empty when the screen is fine. Measured
 * once transitions have ended: a dialog still scaling in would measure its buttons under 44 px.
 */
export async function layoutProblems(page: Page, { touch }: { touch: boolean }): Promise<LayoutProblem[]> {
  await settled(page)
  return page.evaluate((touchScreen) => {
    const problems: string[] = []
    const width = document.documentElement.clientWidth
    if (document.documentElement.scrollWidth > width + 1) problems.push(`horizontal scroll: ${document.documentElement.scrollWidth} > ${width}`)
    const selector = 'a[href], button, input:not([type=hidden]), select, textarea, [role=button], [role=tab], [role=radio], [role=switch], [role=combobox]'
    const name = (el: Element) => `${el.tagName.toLowerCase()} '${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}'`
    const hidden = (el: Element) => {
      for (let node: Element | null = el; node; node = node.parentElement) {
        const style = getComputedStyle(node)
        if (style.display === 'none' || style.visibility === 'hidden') return true
        if (node.classList.contains('mantine-visually-hidden')) return true
        // Toasts come and go on their own; they are checked where a screen shows them on purpose, not here.
        if (node.classList.contains('mantine-Notifications-root')) return true
      }
      return false
    }
    /**
     * A radio, checkbox or switch drawn by its label: the label is what a finger taps. A password field's own input is
     * measured, not its bordered box: the box once was 44 px around a 42 px input.
     */
    const tapBox = (el: Element): Element => {
      if (el instanceof HTMLInputElement && ['radio', 'checkbox'].includes(el.type)) return el.closest('label') ?? el
      return el
    }
    /**
     * A transparent radio laid over its label (a choice chip) takes the tap itself and is the radio a screen reader's
     * touch finds, so its own box must be 44 px too: measuring only the label passed 42 px radios inside 44 px chips.
     */
    const overlaidBox = (el: Element): DOMRect | null => {
      if (!(el instanceof HTMLInputElement) || !['radio', 'checkbox'].includes(el.type) || getComputedStyle(el).opacity !== '0') return null
      const rect = el.getBoundingClientRect()
      return rect.width > 1 && rect.height > 1 ? rect : null
    }
    /** A link inside a sentence is exempt from the size rule (WCAG 2.5.8's inline exception). */
    const inline = (el: Element) => el.tagName === 'A' && getComputedStyle(el).display === 'inline' && (el.parentElement?.textContent ?? '').trim().length > (el.textContent ?? '').trim().length + 1
    const seen = new Set<Element>()
    for (const el of Array.from(document.querySelectorAll(selector))) {
      if (hidden(el)) continue
      const box = tapBox(el)
      if (seen.has(box)) continue
      seen.add(box)
      const rect = box.getBoundingClientRect()
      if (rect.width < 1 || rect.height < 1) continue
      if (rect.left < -1 || rect.right > width + 1) problems.push(`outside the viewport: ${name(el)} ${Math.round(rect.left)}..${Math.round(rect.right)} of ${width}`)
      for (let parent = box.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const style = getComputedStyle(parent)
        const clipsX = ['hidden', 'clip', 'auto', 'scroll'].includes(style.overflowX)
        const clipsY = ['hidden', 'clip'].includes(style.overflowY)
        if (!clipsX && !clipsY) continue
        const outer = parent.getBoundingClientRect()
        if (clipsX && (rect.left < outer.left - 1 || rect.right > outer.right + 1)) problems.push(`clipped by its container: ${name(el)}`)
        if (clipsY && (rect.top < outer.top - 1 || rect.bottom > outer.bottom + 1)) problems.push(`clipped by its container: ${name(el)}`)
      }
      // A label cut by its own box ('Social lin…'): a part that hides overflow and holds more than it shows.
      if (!(el instanceof HTMLInputElement) && !(el instanceof HTMLTextAreaElement)) {
        for (const part of [box, ...Array.from(box.querySelectorAll('*'))]) {
          const style = getComputedStyle(part)
          if (!['hidden', 'clip'].includes(style.overflowX)) continue
          // Text for screen readers only (a 1 px clipped box) is hidden on purpose.
          if (part.getBoundingClientRect().width <= 1) continue
          if (part.scrollWidth > part.clientWidth + 1) problems.push(`text cut: ${name(el)} (${part.scrollWidth} > ${part.clientWidth})`)
        }
      }
      // A read-only field shows a choice (a Select's value, 'Novembe…'): it must be read whole. Typed text may scroll.
      if (el instanceof HTMLInputElement && el.readOnly && el.scrollWidth > el.clientWidth + 1) {
        problems.push(`value cut: input '${el.value.slice(0, 40)}' (${el.scrollWidth} > ${el.clientWidth})`)
      }
      if (touchScreen && !inline(el) && (rect.width < 43.5 || rect.height < 43.5)) problems.push(`under 44x44: ${name(el)} ${Math.round(rect.width)}x${Math.round(rect.height)}`)
      const own = box === el ? null : overlaidBox(el)
      if (touchScreen && own && (own.width < 43.5 || own.height < 43.5)) problems.push(`under 44x44: the radio of ${name(box)} ${Math.round(own.width)}x${Math.round(own.height)}`)
    }
    return [...new Set(problems)]
  }, touch)
}
