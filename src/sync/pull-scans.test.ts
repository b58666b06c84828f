import { describe, expect, it } from 'vitest'
import type { ScanDay } from '../contract/scans.ts'
import { FencedError } from '../local/generation.ts'
import { writeMeta } from '../local/meta.ts'
import { clearLocalData } from '../local/session.ts'
import { freshDatabase } from '../local/testing.ts'
import { pullChanges } from './pull.ts'
import { feed, type FeedPage as Page } from './testing.ts'

const day = (date: string, scans: number, visitors: number): ScanDay => ({ day: date, scans, visitors })

async function withStoredDays(days: ScanDay[]) {
  const db = freshDatabase('pull-scans')
  await db.scanDays.bulkPut(days)
  await writeMeta(db, 'cursor', 5)
  return db
}

describe('pull: the scan counts of the change feed land in scanDays', () => {
  const stored = [day('2026-10-01', 9, 9), day('2026-11-01', 1, 1)]
  const cases: { name: string; pages: Page[]; expect: ScanDay[] }[] = [
    {
      name: 'a delta whose last page carries scans replaces the stored days (a day gone from the window goes)',
      pages: [
        { cursor: 6, hasMore: true },
        { cursor: 7, hasMore: false, scans: [day('2026-11-01', 4, 3), day('2026-11-02', 0, 0)] },
      ],
      expect: [day('2026-11-01', 4, 3), day('2026-11-02', 0, 0)],
    },
    {
      name: 'an answer without scans (a server before scans were counted) keeps the stored days',
      pages: [{ cursor: 6, hasMore: false }],
      expect: stored,
    },
    {
      name: 'a snapshot (reset) over two pages stores the last page’s scans with the rest in one transaction',
      pages: [
        { cursor: 6, hasMore: true, reset: true },
        { cursor: 8, hasMore: false, scans: [day('2026-11-02', 2, 1)] },
      ],
      expect: [day('2026-11-02', 2, 1)],
    },
    {
      name: 'a snapshot without scans keeps the stored days: absent means unknown, not zero',
      pages: [{ cursor: 6, hasMore: false, reset: true }],
      expect: stored,
    },
  ]
  for (const testCase of cases) {
    it(testCase.name, async () => {
      const db = await withStoredDays(stored)
      const { transport, left } = feed(testCase.pages)
      await pullChanges(db, transport)
      expect(left()).toBe(0)
      expect(await db.scanDays.toArray()).toEqual(testCase.expect)
      db.close()
    })
  }

  it('a pull answered after a logout writes no scan counts back (the generation fence)', async () => {
    const db = await withStoredDays([])
    const { transport } = feed([{ cursor: 6, hasMore: false, scans: [day('2026-11-02', 5, 4)] }], () => clearLocalData(db))
    await expect(pullChanges(db, transport)).rejects.toBeInstanceOf(FencedError)
    expect(await db.scanDays.count()).toBe(0)
    db.close()
  })

  it('logout wipes the stored scan counts with the rest of the owner’s data', async () => {
    const db = await withStoredDays([day('2026-11-02', 5, 4)])
    await clearLocalData(db)
    expect(await db.scanDays.count()).toBe(0)
    db.close()
  })
})
