// The Help Center and the demo wishlist end to end: sections with their own anchors, 'Learn more' landing on privacy,
// the contact form, the demo goals with their funding progress and the call to action, and axe on both pages.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { freshPagePerTest } from './browser.ts'
import { axeViolations } from './screen-checks.ts'

let page: Page
freshPagePerTest((fresh) => {
  ;({ page } = fresh)
})

const hydrated = () => page.getByRole('radio', { name: 'Dark' }).isEnabled()

describe('/help-center', () => {
  it('answers in sections with their own anchors, from how it works to contacting support', async () => {
    await page.goto('/help-center')
    await page.getByRole('heading', { level: 1, name: 'Help Center' }).waitFor()
    const sections = await page.locator('main section[id]').evaluateAll((all) => all.map((s) => [s.id, s.querySelector('h2')?.textContent]))
    expect(sections).toEqual([
      ['how-it-works', 'How QR Tee works'],
      ['ordering', 'Ordering a shirt'],
      ['sizes', 'Sizes'],
      ['printing-and-shipping', 'Printing and shipping'],
      ['changing-your-code', 'Changing what your code shows'],
      ['off-switch', 'The off-switch'],
      ['privacy', 'Privacy'],
      ['payments', 'Payments and fees'],
      ['contact', 'Contacting support'],
    ])
    const privacy = await page.locator('#privacy').innerText()
    for (const fact of ['never see your email address', 'Export my data', 'Delete account']) expect(privacy).toContain(fact)
    const payments = await page.locator('#payments').innerText()
    for (const fact of ['Apple Pay', 'Google Pay', '3-D Secure', '1 to 3 percent', 'no hidden fees']) expect(payments).toContain(fact)
    for (const field of ['Name', 'Email', 'Message']) await page.locator('#contact').getByLabel(field, { exact: true }).waitFor()
    expect(await page.getByRole('navigation', { name: 'Help topics' }).getByRole('link', { name: 'Privacy' }).getAttribute('href')).toBe('#privacy')
  })

  it("the landing's 'Learn more' lands on the privacy section", async () => {
    await page.goto('/')
    await page.getByRole('link', { name: 'Learn more' }).click()
    await page.waitForURL(/\/help-center#privacy$/)
    const heading = page.getByRole('heading', { level: 2, name: 'Privacy', exact: true })
    await heading.waitFor()
    await expect.poll(() => heading.evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(200)
  })

  it('has no axe violations', async () => {
    await page.goto('/help-center')
    await expect.poll(hydrated).toBe(true)
    expect(await axeViolations(page)).toEqual([])
  })
})

describe('/demo/wishlist', () => {
  it("shows the demo owner's gifts, whole, with no funding promise (decision 149), and a 'Create Free Profile' call to action", async () => {
    await page.goto('/demo/wishlist')
    await page.getByRole('heading', { level: 1, name: 'Demo wishlist' }).waitFor()
    const gifts = page.getByRole('article')
    expect(await gifts.count()).toBe(4)
    await gifts.filter({ hasText: 'Instant camera' }).getByText('€89.50').waitFor()
    // Contributions do not exist: nothing promises chipping in or a funding percentage.
    expect(await page.getByText(/funded|chip in/i).count()).toBe(0)
    expect(await page.getByRole('progressbar').count()).toBe(0)
    expect(await gifts.filter({ hasText: 'Trail running shoes' }).innerText()).toContain('€')
    expect(await page.getByRole('link', { name: 'Create Free Profile' }).getAttribute('href')).toBe('/register')
    expect(await page.getByRole('link', { name: 'open the live demo profile' }).getAttribute('href')).toBe('/profile/demo')
  })

  it('has no axe violations', async () => {
    await page.goto('/demo/wishlist')
    await expect.poll(hydrated).toBe(true)
    expect(await axeViolations(page)).toEqual([])
  })
})
