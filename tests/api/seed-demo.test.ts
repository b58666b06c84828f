import { beforeAll, expect, it } from 'vitest'
import { seedDemoProfile } from '../../server/accounts/seed-demo.ts'
import { describeEachDatabase, TestApp } from './harness.ts'
import { download } from './upload-helpers.ts'

describeEachDatabase('demo profile seed', (getDatabase) => {
  let t: TestApp
  beforeAll(async () => {
    t = new TestApp(await getDatabase())
  })

  it('creates the demo owner once, with a public wishlist of a few items with images, reachable by username', async () => {
    const username = `demo_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
    expect(await seedDemoProfile(t.db, username)).toBe(true)
    expect(await seedDemoProfile(t.db, username.toUpperCase())).toBe(false)

    const res = await t.request('GET', `/api/profiles/${username}`)
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({ username, profileType: 'WISHLIST' })
    expect(res.json.wishlist.length).toBeGreaterThanOrEqual(3)
    for (const item of res.json.wishlist) {
      expect(item.imageUrl).toMatch(/^\/api\/uploads\//)
      const image = await download(t, item.imageUrl)
      expect(image.status).toBe(200)
      expect(image.headers.get('content-type')).toBe('image/png')
    }
    expect(res.text).not.toContain('demo@example.com')
  })

  it('the demo account cannot be signed in to', async () => {
    const username = `demo_${Date.now().toString(36)}x`
    await seedDemoProfile(t.db, username)
    const res = await t.request('POST', '/api/auth/login', { body: { email: `${username}@demo.invalid`, password: 'correct horse 42' } })
    expect(res.status).toBe(401)
  })
})
