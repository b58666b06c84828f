// Images nothing references are removed after a grace period and stop counting against the quota (issue 25, decision 158).
import { eq } from 'drizzle-orm'
import { images, profiles } from '../../server/db/schema.ts'
import { beforeAll, describe, expect, it } from 'vitest'
import { ORPHAN_IMAGE_GRACE_MS, sweepOrphanImages } from '../../server/images/orphan-images.ts'
import { IMAGE_MESSAGES } from '../../src/contract/images.ts'
import { reserveSeqs } from '../../server/changes/change-seq.ts'
import type { Database } from '../../server/db/client.ts'
import { describeEachDatabase, TestApp } from './harness.ts'
import { createItem, signUpOwner, type Owner } from './owner-helpers.ts'
import { download, fixture, upload } from './upload-helpers.ts'

const HOUR = 60 * 60 * 1000

async function userIdOf(t: TestApp, owner: Owner): Promise<string> {
  const [row] = await t.db.select({ userId: profiles.userId }).from(profiles).where(eq(profiles.id, owner.profileId))
  if (!row) throw new Error('no profile')
  return row.userId
}

describeEachDatabase('unreferenced images', (getDatabase) => {
  let database: Database
  let t: TestApp
  beforeAll(async () => {
    database = await getDatabase()
    t = new TestApp(database, { storageQuotaBytes: 1500 })
  })

  /** Uploads until the quota answers 413; returns the ids stored. */
  async function fillQuota(owner: Owner): Promise<string[]> {
    const ids: string[] = []
    for (let i = 0; i < 10; i++) {
      const res = await upload(t, owner.token, fixture('small.png'))
      if (res.status === 413) {
        expect(res.json).toEqual({ message: IMAGE_MESSAGES.quota })
        return ids
      }
      expect(res.status).toBe(201)
      ids.push(res.json.id as string)
    }
    throw new Error('the quota was never reached')
  }

  /** One image shown by a product, one as the profile photo, the rest referenced by nothing. */
  async function ownerWithOrphans() {
    const owner = await signUpOwner(t, 'orphans')
    const [shown, photo, ...orphans] = await fillQuota(owner)
    if (!shown || !photo || orphans.length === 0) throw new Error('the quota holds too few images for this test')
    await createItem(t, owner, { storedImageId: shown })
    expect((await t.request('PUT', '/api/profiles', { token: owner.token, body: { profileImageId: photo } })).status).toBe(200)
    return { owner, shown, photo, orphans }
  }

  const sweep = async (owner: Owner, afterMs: number) =>
    sweepOrphanImages(t.db, new Date(Date.now() + afterMs), ORPHAN_IMAGE_GRACE_MS, { owners: [await userIdOf(t, owner)] })
  const served = async (id: string) => (await download(t, `/api/uploads/${id}`)).status

  it("frees the owner's quota once the grace has passed: the orphans go, a new upload fits", async () => {
    const { owner, shown, photo, orphans } = await ownerWithOrphans()
    const result = await sweep(owner, ORPHAN_IMAGE_GRACE_MS + HOUR)
    expect(result).toMatchObject({ images: orphans.length, owners: 1, skippedOwners: 0 })
    expect(result.bytes).toBeGreaterThan(0)
    for (const id of orphans) expect(await served(id)).toBe(404)
    expect(await served(shown)).toBe(200)
    expect(await served(photo)).toBe(200)
    expect((await upload(t, owner.token, fixture('small.png'))).status).toBe(201)
  })

  it('never removes an image within the grace, nor one a product or the profile photo shows, however old', async () => {
    const { owner, shown, photo, orphans } = await ownerWithOrphans()
    expect(await sweep(owner, ORPHAN_IMAGE_GRACE_MS - HOUR)).toMatchObject({ images: 0 })
    for (const id of orphans) expect(await served(id)).toBe(200)
    expect((await upload(t, owner.token, fixture('small.png'))).status).toBe(413)
    expect(await sweep(owner, 365 * 24 * HOUR)).toMatchObject({ images: orphans.length })
    expect(await served(shown)).toBe(200)
    expect(await served(photo)).toBe(200)
  })

  it('an image referenced just before the sweep stays: the reference is what counts, not the age', async () => {
    const { owner, orphans } = await ownerWithOrphans()
    const [late] = orphans
    await createItem(t, owner, { storedImageId: late })
    expect(await sweep(owner, ORPHAN_IMAGE_GRACE_MS + HOUR)).toMatchObject({ images: orphans.length - 1 })
    expect(await served(late ?? '')).toBe(200)
  })

  it('two servers sweeping at once remove each orphan exactly once, and keep every referenced image', async () => {
    const owners = await Promise.all([ownerWithOrphans(), ownerWithOrphans(), ownerWithOrphans()])
    const scope = { owners: await Promise.all(owners.map(({ owner }) => userIdOf(t, owner))) }
    const later = new Date(Date.now() + ORPHAN_IMAGE_GRACE_MS + HOUR)
    // On PostgreSQL the two sweeps run on two connections of the pool, as two servers would.
    const [one, two] = await Promise.all([sweepOrphanImages(t.db, later, ORPHAN_IMAGE_GRACE_MS, scope), sweepOrphanImages(t.db, later, ORPHAN_IMAGE_GRACE_MS, scope)])
    const orphanCount = owners.reduce((total, { orphans }) => total + orphans.length, 0)
    expect((one?.images ?? 0) + (two?.images ?? 0)).toBe(orphanCount)
    // Whatever one skipped (the other held that owner) is gone all the same, so a third sweep finds nothing.
    expect(await sweepOrphanImages(t.db, later, ORPHAN_IMAGE_GRACE_MS, scope)).toMatchObject({ images: 0 })
    for (const { shown, photo, orphans } of owners) {
      expect(await served(shown)).toBe(200)
      expect(await served(photo)).toBe(200)
      for (const id of orphans) expect(await served(id)).toBe(404)
    }
  })
})

describe.runIf(process.env.TEST_DATABASE_URL)('unreferenced images: an owner busy writing [postgres]', () => {
  it('a sweep skips an owner whose write holds their row (it may be about to reference the image); the next sweep removes it', async () => {
    const { sharedDatabase } = await import('./harness.ts')
    const database = await sharedDatabase(process.env.TEST_DATABASE_URL ?? '')
    const t = new TestApp(database)
    const owner = await signUpOwner(t, 'orphans-busy')
    const orphan = (await upload(t, owner.token, fixture('small.png'))).json.id as string
    const later = new Date(Date.now() + ORPHAN_IMAGE_GRACE_MS + HOUR)
    const userId = await userIdOf(t, owner)
    const scope = { owners: [userId] }
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    let holding: () => void = () => {}
    const isHolding = new Promise<void>((resolve) => (holding = resolve))
    const write = t.db.transaction(async (tx) => {
      await reserveSeqs(tx, userId, 1)
      holding()
      await held
    })
    await isHolding
    expect(await sweepOrphanImages(t.db, later, ORPHAN_IMAGE_GRACE_MS, scope)).toMatchObject({ images: 0, skippedOwners: 1 })
    release()
    await write
    expect(await sweepOrphanImages(t.db, later, ORPHAN_IMAGE_GRACE_MS, scope)).toMatchObject({ images: 1, owners: 1 })
    expect(await t.db.select({ id: images.id }).from(images).where(eq(images.id, orphan))).toEqual([])
  })
})
