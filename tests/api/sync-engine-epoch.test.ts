// The change feed's epoch: after a restore from backup the counter went back, so a client's cursor gets a snapshot.
import 'fake-indexeddb/auto'
import { and, eq, gt, sql } from 'drizzle-orm'
import { beforeAll, expect, it } from 'vitest'
import { itemTombstones, purchaseRecords, users, wishlistItems } from '../../server/db/schema.ts'
import { readMeta } from '../../src/local/meta.ts'
import { itemsQuery } from '../../src/local/queries.ts'
import { userIdFromAccessToken } from '../../src/local/session.ts'
import { createItem } from '../../src/local/writes.ts'
import { createDevice } from '../../src/sync/testing.ts'
import { describeEachDatabase, TestApp } from './harness.ts'
import { createItem as createOnServer, signUpOwner, type Owner } from './owner-helpers.ts'

const fields = (name: string) => ({ name, description: 'Something I would love to get', price: 25, brand: 'Acme' })

describeEachDatabase('a database restored from backup', (getDatabase) => {
  let t: TestApp
  beforeAll(async () => {
    t = new TestApp(await getDatabase())
  })

  const userIdOf = (owner: Owner) => userIdFromAccessToken(owner.token) ?? ''
  const headOf = async (owner: Owner) => Number((await t.db.select({ seq: users.changeSeq }).from(users).where(eq(users.id, userIdOf(owner))))[0]?.seq)
  const serverNames = async (owner: Owner) =>
    ((await t.request('GET', `/api/wishlist-items/profile/${owner.profileId}`, { token: owner.token })).json as { name: string }[]).map((i) => i.name).sort()

  /**
   * What restoring this owner's data from a backup taken at `backupHead` does: every row written after it is gone and
   * the counter is back where it was. The restore moves the owner's epoch, as the runbook says (decision 088); a
   * restore of the whole database from a dump changes the database's part of the epoch by itself.
   */
  async function restoreBackupTakenAt(owner: Owner, backupHead: number) {
    const userId = userIdOf(owner)
    await t.db.delete(wishlistItems).where(and(eq(wishlistItems.userId, userId), gt(wishlistItems.seq, backupHead)))
    await t.db.delete(itemTombstones).where(and(eq(itemTombstones.userId, userId), gt(itemTombstones.seq, backupHead)))
    await t.db.delete(purchaseRecords).where(and(eq(purchaseRecords.userId, userId), gt(purchaseRecords.seq, backupHead)))
    await t.db.update(users).set({ changeSeq: backupHead, syncEpoch: sql`${users.syncEpoch} + 1` }).where(eq(users.id, userId))
  }

  it('a client whose cursor is past the restored counter gets a snapshot, not a delta that misses writes', async () => {
    const owner = await signUpOwner(t, 'restore')
    const phone = await createDevice({ fetch: (input, init) => Promise.resolve(t.app.request(input, init)), tokens: owner })
    expect(await phone.engine.syncOnce()).toBe('synced')
    await createItem(phone.db, fields('Before the backup'))
    expect(await phone.engine.syncOnce()).toBe('synced')
    const backupHead = await headOf(owner)
    await createItem(phone.db, fields('After the backup, lost in the restore'))
    expect(await phone.engine.syncOnce()).toBe('synced')
    const phoneCursor = (await readMeta(phone.db, 'cursor')) ?? 0
    expect(phoneCursor).toBeGreaterThan(backupHead)

    await restoreBackupTakenAt(owner, backupHead)
    // Other devices write on the restored database until its counter passes the phone's cursor.
    await createOnServer(t, owner, { name: 'Written after the restore' })
    await createOnServer(t, owner, { name: 'Written after the restore, too' })
    expect(await headOf(owner)).toBeGreaterThan(phoneCursor)

    expect(await phone.engine.syncOnce()).toBe('synced')
    const server = await serverNames(owner)
    expect(server).toEqual(['Before the backup', 'Written after the restore', 'Written after the restore, too'])
    expect((await itemsQuery(phone.db)).map((item) => item.name).sort()).toEqual(server)

    // The phone now holds the new epoch: its next pull is an ordinary delta again.
    const answer = await t.request('GET', `/api/sync/changes?cursor=${await readMeta(phone.db, 'cursor')}&epoch=${await readMeta(phone.db, 'epoch')}`, { token: owner.token })
    expect(answer.json.reset).toBe(false)
  })

  it('the epoch a cursor was handed out under is checked: another one answers reset, the same one a delta', async () => {
    const owner = await signUpOwner(t, 'epoch')
    await createOnServer(t, owner, { name: 'One' })
    const first = (await t.request('GET', '/api/sync/changes?cursor=0', { token: owner.token })).json
    expect(first.epoch).toMatch(/^[A-Za-z0-9.-]+$/)
    const same = await t.request('GET', `/api/sync/changes?cursor=${first.cursor}&epoch=${first.epoch}`, { token: owner.token })
    expect(same.json).toMatchObject({ reset: false, items: [], epoch: first.epoch })
    const other = await t.request('GET', `/api/sync/changes?cursor=${first.cursor}&epoch=before.restore.0`, { token: owner.token })
    expect(other.json).toMatchObject({ reset: true, items: [expect.objectContaining({ name: 'One' })], epoch: first.epoch })
  })
})
