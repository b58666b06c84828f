import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { pageTitle } from './page-titles.ts'

describe('pageTitle', () => {
  it.each([
    ['/', {}, 'QR Tee'],
    ['/register', {}, 'Create an account · QR Tee'],
    ['/login', {}, 'Sign in · QR Tee'],
    ['/_authed/dashboard', {}, 'Wishlist · QR Tee'],
    ['/_authed/dashboard', { view: 'dashboard' }, 'Wishlist · QR Tee'],
    ['/_authed/dashboard', { view: 'order' }, 'Order a T-Shirt · QR Tee'],
    ['/_authed/dashboard', { view: 'purchases' }, 'Purchases · QR Tee'],
    ['/_authed/dashboard', { view: 'profile' }, 'Profile · QR Tee'],
    // Own names only: what an object inherits is no tab and no route.
    ['/_authed/dashboard', { view: 'constructor' }, 'Wishlist · QR Tee'],
    ['toString', {}, 'QR Tee'],
    ['/_authed/products/new', {}, 'New wishlist item · QR Tee'],
    ['/_authed/products/$id', {}, 'Edit wishlist item · QR Tee'],
    ['/_authed/profile/edit', {}, 'Profile settings · QR Tee'],
    ['__root__', {}, 'Page not found · QR Tee'],
    // The visitor page's server wrote the owner's name into its title.
    ['/profile/$shareableId', {}, null],
  ])('%s %o -> %s', (routeId, search, title) => {
    expect(pageTitle(routeId, search)).toBe(title)
  })

  it('names every route of the route tree', () => {
    const tree = readFileSync(new URL('../../routeTree.gen.ts', import.meta.url), 'utf8')
    const ids = [...tree.matchAll(/^\s+id: '([^']+)'$/gm)].map((match) => match[1] ?? '').filter((id) => id !== '/_authed')
    expect(ids.length).toBeGreaterThan(10)
    for (const id of ids) expect(pageTitle(id) === 'QR Tee' && id !== '/', `${id} has a page name`).toBe(false)
  })
})
