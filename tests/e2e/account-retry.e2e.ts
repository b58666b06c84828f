// Issue 24's account screens when a call fails, in Chromium at 360x740 touch: Profile settings' sections say why they
// could not load and load again on 'Try again'. Own server mailing through a local SMTP sink.
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { newUser, registerByApi } from './helpers.ts'
import { mailingServerPerFile } from './mailing-server.ts'

const { server, phone } = mailingServerPerFile()

/** Answers GETs of `path` with `status` and {message} until the returned function is called; then the server answers. */
async function failGets(page: Page, path: string, status: number, message: string): Promise<() => void> {
  let failing = true
  await page.route(
    (url) => url.pathname === path,
    (route) => (failing && route.request().method() === 'GET' ? route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ message }) }) : route.fallback()),
  )
  return () => {
    failing = false
  }
}

describe('Profile settings when the server fails', () => {
  it.each([
    {
      section: 'Email and sign-in',
      path: '/api/users/me',
      status: 500,
      loading: 'Loading your account...',
      loaded: (section: Locator, email: string) => section.getByText(`Your email: ${email}`).waitFor(),
    },
    {
      section: 'Signed-in devices',
      path: '/api/users/me/devices',
      status: 503,
      loading: 'Loading your devices...',
      loaded: (section: Locator) => expect.poll(() => section.getByTestId('device-row').count()).toBe(1),
    },
  ])("'$section' says the server's message on a $status, and 'Try again' loads it", async ({ section: name, path, status, loading, loaded }) => {
    const owner = await registerByApi(newUser(), server().baseUrl)
    const page = await phone({ owner })
    const answerAgain = await failGets(page, path, status, `Answered ${status} on purpose`)
    await page.goto('/profile/edit')
    const section = page.getByRole('region', { name })
    await section.getByText(`Answered ${status} on purpose`).waitFor({ timeout: 30_000 })
    expect(await section.getByText(loading).count()).toBe(0)
    answerAgain()
    await section.getByRole('button', { name: 'Try again' }).tap()
    await loaded(section, owner.email)
  })
})
