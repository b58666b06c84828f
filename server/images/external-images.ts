// Brings every item image on another host home (issue 28): fetched through the safe fetcher, cleaned like an upload,
// stored as the owner's image; one that cannot be fetched, read or fitted in the quota loses the image, never the item.
// Restartable (its only state is the rows still pointing elsewhere) and safe with several servers on one database:
// each item is settled under its owner's row lock after checking that nobody settled or changed it meanwhile.
import { and, eq, isNotNull, isNull, ne, notLike, sql } from 'drizzle-orm'
import { IMAGE_MAX_SIDE } from '../../src/contract/images.ts'
import { UPLOAD_PATH_PREFIX } from '../../src/contract/api-paths.ts'
import { LIMITS } from '../../src/contract/limits.ts'
import type { Database } from '../db/client.ts'
import { images, wishlistItems } from '../db/schema.ts'
import type { AppDeps } from '../deps.ts'
import { ApiError } from '../http/http.ts'
import { reserveSeqs } from '../changes/change-seq.ts'
import { processImage, type ProcessedImage } from './image-processing.ts'
import { storedBytes } from './image-store.ts'
import { OutboundError, safeFetch } from '../outbound/safe-fetch.ts'
import { invalidatePublicProfile } from '../profile-cache/public-profile-cache.ts'

export type ExternalImagesDeps = Pick<AppDeps, 'config' | 'outbound' | 'storageQuotaBytes' | 'now'> & { database: Database }
export type ExternalImagesResult = { copied: number; dropped: number; skipped: number }

const BATCH = 20

class Settled extends Error {}

export async function bringExternalImagesHome(deps: ExternalImagesDeps): Promise<ExternalImagesResult> {
  const { db } = deps.database
  const result: ExternalImagesResult = { copied: 0, dropped: 0, skipped: 0 }
  const tried = new Set<string>()
  for (;;) {
    // Random order: servers running this together mostly take different items instead of racing for the same one.
    const rows = await db
      .select({ id: wishlistItems.id, userId: wishlistItems.userId, profileId: wishlistItems.profileId, imageUrl: wishlistItems.imageUrl })
      .from(wishlistItems)
      .where(and(isNotNull(wishlistItems.imageUrl), ne(wishlistItems.imageUrl, ''), notLike(wishlistItems.imageUrl, `${UPLOAD_PATH_PREFIX}%`), isNull(wishlistItems.storedImageId)))
      .orderBy(sql`random()`)
      .limit(BATCH + tried.size)
    const fresh = rows.filter((row) => !tried.has(row.id))
    if (fresh.length === 0) return result
    for (const row of fresh) {
      tried.add(row.id)
      result[await bringOne(deps, { ...row, imageUrl: row.imageUrl ?? '' })]++
    }
  }
}

type Candidate = { id: string; userId: string; profileId: string; imageUrl: string }

async function fetchClean(deps: ExternalImagesDeps, url: string): Promise<ProcessedImage | undefined> {
  try {
    const fetched = await safeFetch(url, 'image', { ...deps.outbound, allowHosts: deps.config.linkPreviewAllowHosts })
    return await processImage(new Uint8Array(fetched.body), IMAGE_MAX_SIDE.product)
  } catch (error) {
    if (error instanceof OutboundError || error instanceof ApiError) return undefined
    throw error
  }
}

async function bringOne(deps: ExternalImagesDeps, item: Candidate): Promise<keyof ExternalImagesResult> {
  const { db } = deps.database
  const quota = deps.storageQuotaBytes ?? LIMITS.storageQuotaBytes
  let image = await fetchClean(deps, item.imageUrl)
  try {
    await db.transaction(async (tx) => {
      // The owner's row first, like every write (decision 076); then the item, re-read under that lock.
      const [seq] = await reserveSeqs(tx, item.userId, 1)
      const [current] = await tx
        .select({ imageUrl: wishlistItems.imageUrl, storedImageId: wishlistItems.storedImageId })
        .from(wishlistItems)
        .where(eq(wishlistItems.id, item.id))
      // Another server settled it, or the owner changed the image meanwhile: nothing to do (and no seq spent).
      if (!current || current.imageUrl !== item.imageUrl || current.storedImageId !== null) throw new Settled()
      if (image && (await storedBytes(tx, item.userId)) + image.bytes.byteLength > quota) image = undefined
      let storedImageId: string | null = null
      if (image) {
        const [row] = await tx
          .insert(images)
          .values({ userId: item.userId, contentType: image.contentType, bytes: image.bytes, byteSize: image.bytes.byteLength, width: image.width, height: image.height })
          .returning({ id: images.id })
        storedImageId = row?.id ?? null
      }
      await tx.update(wishlistItems).set({ storedImageId, imageUrl: null, seq: seq ?? 0, updatedAt: deps.now() }).where(eq(wishlistItems.id, item.id))
    })
  } catch (error) {
    if (error instanceof Settled) return 'skipped'
    throw error
  }
  invalidatePublicProfile(db, item.profileId)
  return image ? 'copied' : 'dropped'
}
