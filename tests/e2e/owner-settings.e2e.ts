// The owner's settings journeys end to end: each profile type saved and seen by the public API after sync, social
// link detection and refusal of unsafe URLs, and the password change (wrong, right, then signing in with the new one).
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { freshPagePerTest } from './browser.ts'
import { api, eventually, expectToast, newOwner, openDashboardAs, publicProfile, syncBadgeText } from './owner-helpers.ts'

let page: Page
freshPagePerTest((fresh) => {
  ;({ page } = fresh)
})

/** /profile/edit reached the way an owner does: Profile tab -> 'Edit profile'. */
async function openSettings() {
  await page.getByRole('button', { name: 'Profile', exact: true }).click()
  await page.getByRole('link', { name: 'Edit profile' }).click()
  await page.getByRole('heading', { name: 'Profile settings' }).waitFor()
  await page.getByRole('button', { name: 'Save' }).waitFor()
}

const chooseType = (label: string) => page.getByRole('radio', { name: label, exact: true }).check()
const save = (toast = 'Saved') => expectToast(page, toast, () => page.getByRole('button', { name: 'Save' }).click())

describe('profile settings', () => {
  it("each profile type is 'Saved' and the public profile shows it after sync; social links detect the platform and refuse unsafe URLs", async () => {
    const owner = await newOwner()
    await openDashboardAs(page, owner)
    await openSettings()

    await chooseType('Custom text')
    await page.getByRole('textbox', { name: 'Custom text' }).fill('Hello from my shirt!')
    await save()
    await eventually(async () => (await publicProfile(owner)).customText).toBe('Hello from my shirt!')
    expect((await publicProfile(owner)).profileType).toBe('CUSTOM_TEXT')

    await chooseType('Social links')
    await page.getByRole('button', { name: 'Add link' }).click()
    await page.getByRole('textbox', { name: 'URL of link 1' }).fill('https://instagram.com/me')
    await expect.poll(() => page.getByRole('textbox', { name: 'Platform of link 1' }).inputValue()).toBe('instagram')
    await page.getByRole('button', { name: 'Add link' }).click()
    const unsafe = page.getByRole('textbox', { name: 'URL of link 2' })
    await unsafe.fill('javascript:alert(1)')
    await unsafe.blur()
    await page.getByText(/^Please enter a valid URL \(.+ or mailto:\/tel:\)$/).waitFor()
    expect(await unsafe.getAttribute('aria-invalid')).toBe('true')
    // Polled: the border colour has a short CSS transition.
    const borderIsRed = () =>
      unsafe.evaluate((input) => {
        const [red = 0, green = 0, blue = 0] = getComputedStyle(input).borderColor.match(/\d+/g)?.map(Number) ?? []
        return red > 150 && red > green + 80 && red > blue + 80
      })
    await expect.poll(borderIsRed).toBe(true)
    await page.getByRole('button', { name: 'Remove link 2' }).click()
    await save()
    await eventually(async () => (await publicProfile(owner)).socialLinks).toEqual([
      expect.objectContaining({ platform: 'instagram', url: expect.stringContaining('instagram.com/me') }),
    ])
    expect((await publicProfile(owner)).profileType).toBe('SOCIAL_LINKS')

    await chooseType('Redirect')
    await page.getByRole('textbox', { name: 'Redirect URL' }).fill('https://example.com/hello')
    await save()
    await eventually(async () => (await publicProfile(owner)).profileType).toBe('REDIRECT')
    expect((await publicProfile(owner)).redirectUrl).toBe('https://example.com/hello')

    await chooseType('Wishlist')
    await save()
    await eventually(async () => (await publicProfile(owner)).profileType).toBe('WISHLIST')
  })

  it('a bad Redirect URL left behind another type does not block Save: the rest is saved and the toast says what was not', async () => {
    const owner = await newOwner()
    await openDashboardAs(page, owner)
    await openSettings()
    await chooseType('Redirect')
    await page.getByRole('textbox', { name: 'Redirect URL' }).fill('not a url at all')
    await save('Not saved')
    await chooseType('Social links')
    await page.getByRole('button', { name: 'Add link' }).click()
    await page.getByRole('textbox', { name: 'URL of link 1' }).fill('https://instagram.com/me')
    await save()
    await page.getByText('Your profile settings are saved. Not saved: the Redirect URL, which is not valid. Choose that type again to fix it.').waitFor()
    await eventually(async () => (await publicProfile(owner)).profileType).toBe('SOCIAL_LINKS')
    expect((await publicProfile(owner)).socialLinks).toEqual([expect.objectContaining({ platform: 'instagram' })])

    // The draft is still there to fix, and Save marks it again while Redirect is chosen.
    await chooseType('Redirect')
    const redirect = page.getByRole('textbox', { name: 'Redirect URL' })
    expect(await redirect.inputValue()).toBe('not a url at all')
    await save('Not saved')
    expect(await redirect.getAttribute('aria-invalid')).toBe('true')
    await redirect.fill('https://example.com/shop')
    await save()
    await eventually(async () => (await publicProfile(owner)).redirectUrl).toBe('https://example.com/shop')
  })

  it("password: a wrong current password gives 'Password change failed' on its field and no 'Saved', the right one 'Password updated', and the new one signs in", async () => {
    const owner = await newOwner()
    const newPassword = `${owner.password}-renewed`
    await openDashboardAs(page, owner)
    await openSettings()
    const fillPasswords = async (current: string) => {
      await page.getByLabel('Current password', { exact: true }).fill(current)
      await page.getByLabel('New password', { exact: true }).fill(newPassword)
      await page.getByLabel('Confirm new password', { exact: true }).fill(newPassword)
    }

    await fillPasswords('not-my-password')
    await save('Password change failed')
    // One toast that says what was saved and what was not (never a 'Saved' beside it), and the refusal on its field.
    await page.getByText('Current password is incorrect. Your password is not changed. Your profile settings are saved.').waitFor()
    expect(await page.locator('.mantine-Notification-title', { hasText: /^Saved$/ }).count()).toBe(0)
    const current = page.getByLabel('Current password', { exact: true })
    await expect.poll(() => current.getAttribute('aria-invalid')).toBe('true')
    await expect.poll(() => current.evaluate((input) => input === document.activeElement)).toBe(true)
    await page.getByText('Current password is incorrect', { exact: true }).waitFor()
    await fillPasswords(owner.password)
    await save('Password updated')
    const login = (password: string) => api('/api/auth/login', { method: 'POST', body: { email: owner.email, password } })
    expect((await login(owner.password)).status).toBe(401)

    await page.goto('/dashboard')
    await eventually(() => syncBadgeText(page)).toMatch(/^Synced at /)
    await page.getByRole('button', { name: 'Logout' }).click()
    await page.waitForURL((url) => url.pathname === '/login')
    await page.getByLabel('Email', { exact: true }).fill(owner.email)
    await page.getByLabel('Password', { exact: true }).fill(newPassword)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.getByText(`Welcome back, ${owner.username}!`).waitFor()
  })
})
