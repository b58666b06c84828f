// The owner dashboard's start and its Edit dialog (issue 23 item 12, decision 178): the theme's variables come from the
// stylesheet, not from <style> elements Mantine writes at runtime, in both schemes; Edit on a card opens its dialog,
// filled from the card's row, in the tap's own render; the address, Back and Cancel still lead the dialog.
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { freshPagePerTest } from './browser.ts'
import { createItemByApi, newOwner, openDashboardAs, uniqueName } from './owner-helpers.ts'

let page: Page
freshPagePerTest((fresh) => {
  page = fresh.page
})

/** The dimmed text colour as the page resolves it (gray-7 light, dark-1 dark: 4.5:1), and the provider's runtime styles. */
const themeState = () =>
  page.evaluate(() => ({
    dimmed: getComputedStyle(document.documentElement).getPropertyValue('--mantine-color-dimmed').trim(),
    runtimeStyles: document.querySelectorAll('style[data-mantine-styles="true"], style[data-mantine-styles="classes"]').length,
    scheme: document.documentElement.dataset.mantineColorScheme,
  }))

/**
 * Taps the link and looks once React's work for the click (queued as a microtask by the click) is done, before any task
 * or frame: the edit dialog's filled field, and the address's modal.
 */
const lookInTheTap = (link: Locator) =>
  link.evaluate(async (element) => {
    ;(element as HTMLAnchorElement).click()
    await Promise.resolve()
    const dialog = [...document.querySelectorAll('[role="dialog"]')].find((box) => box.textContent?.includes('Edit product'))
    const field = dialog ? [...dialog.querySelectorAll('input')].find((input) => input.value.length > 0) : undefined
    return { filled: field?.value ?? null, modal: new URL(location.href).searchParams.get('modal') }
  })

describe('the dashboard start', () => {
  it("uses the theme's stylesheet in both schemes, with no style elements written by Mantine at runtime", async () => {
    const owner = await newOwner()
    await openDashboardAs(page, owner)
    expect(await themeState()).toEqual({ dimmed: '#495057', runtimeStyles: 0, scheme: 'light' })
    await page.getByTitle('Dark').first().click()
    await expect.poll(themeState).toEqual({ dimmed: '#b8b8b8', runtimeStyles: 0, scheme: 'dark' })
    await page.reload()
    await page.getByText(`Welcome back, ${owner.username}!`).waitFor()
    expect(await themeState()).toEqual({ dimmed: '#b8b8b8', runtimeStyles: 0, scheme: 'dark' })
  })

  it('Edit opens the filled dialog in the render of the tap itself; the address follows after its paint, and Back closes it', async () => {
    const owner = await newOwner()
    const name = uniqueName('Tap')
    const id = await createItemByApi(owner, name)
    await openDashboardAs(page, owner)
    const edit = page.getByRole('link', { name: `Edit ${name}`, exact: true })
    await edit.waitFor()
    // The address follows after the dialog's paint, out of the tap's wait (decision 191).
    expect(await lookInTheTap(edit)).toEqual({ filled: name, modal: null })
    await page.waitForURL((url) => url.searchParams.get('modal') === 'edit' && url.searchParams.get('id') === id)
    const dialog = page.getByRole('dialog', { name: 'Edit product' })
    expect(await dialog.getByLabel('Product Name').inputValue()).toBe(name)
    await page.goBack()
    await dialog.waitFor({ state: 'hidden' })
    expect(new URL(page.url()).searchParams.get('modal')).toBeNull()
    await edit.click()
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'hidden' })
    await page.waitForURL((url) => url.searchParams.get('modal') === null)

    // Cancelled before its address followed: the address stays the dashboard's, and the dialog does not come back.
    await edit.evaluate(async (link) => {
      ;(link as HTMLAnchorElement).click()
      await Promise.resolve()
      const cancel = [...document.querySelectorAll('[role="dialog"] button')].find((button) => button.textContent === 'Cancel')
      if (!(cancel instanceof HTMLButtonElement)) throw new Error('the dialog was not open in the tap')
      cancel.click()
    })
    await dialog.waitFor({ state: 'hidden' })
    // Past the frame the address would have followed in.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(() => requestAnimationFrame(() => setTimeout(resolve, 100)), 0))))
    expect(new URL(page.url()).searchParams.get('modal')).toBeNull()
    expect(await dialog.isVisible()).toBe(false)
  })

  it('a second tap on Edit, well after the first dialog closed, opens it in the render of the tap again', async () => {
    const owner = await newOwner()
    const name = uniqueName('Again')
    await createItemByApi(owner, name)
    await openDashboardAs(page, owner)
    const edit = page.getByRole('link', { name: `Edit ${name}`, exact: true })
    const dialog = page.getByRole('dialog', { name: 'Edit product' })
    await edit.click()
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'detached' })
    // Past any closing transition: a slow machine reaches the next tap only after it, and so does a person.
    await page.waitForTimeout(500)
    expect(await lookInTheTap(edit)).toEqual({ filled: name, modal: null })
    expect(await dialog.getByLabel('Product Name').inputValue()).toBe(name)
  })
})
