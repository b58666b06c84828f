// Uploads images picked offline, beside the push, then gives the entries that waited for them the server's id.
import * as v from 'valibot'
import { apiPaths } from '../contract/api-paths.ts'
import { UploadResultSchema } from '../contract/purchase.ts'
import type { OwnerDatabase, PendingImage } from '../local/db.ts'
import { PENDING_IMAGE_ID } from '../local/writes.ts'
import { fencedTransaction } from '../local/generation.ts'
import { classifyAnswer, withUploadedImage } from './outbox.ts'
import { messageOf, TransientError, type Transport } from './transport.ts'
import { laterAnswerWords } from '../lib/network-words.ts'

/**
 * An upload is aborted only after this long without a byte moving, never at a fixed total time: an 8 MB photo at
 * 1 Mbit/s takes over a minute and must finish (decision 112).
 */
export const UPLOAD_STALL_MS = 30_000

/** How many images went up, and why the uploads stopped early: a TransientError means "later", anything else is thrown. */
export type UploadOutcome = { uploaded: number; error?: unknown }

export async function hasPendingUploads(db: OwnerDatabase): Promise<boolean> {
  return (await db.pendingImages.filter((image) => image.status === 'pending').count()) > 0
}

/**
 * Uploads the pending images one after another (they share one uplink). A refused image fails its entries
 * (Retry/Discard); a "later" answer, no answer or a stall stops the uploads for this pass and is returned.
 */
export async function uploadPendingImages(db: OwnerDatabase, transport: Transport, generation: number, stallMs = UPLOAD_STALL_MS): Promise<UploadOutcome> {
  const pending = await db.pendingImages.filter((image) => image.status === 'pending').toArray()
  let uploaded = 0
  for (const image of pending) {
    // Nothing waits for it any more (its item was deleted here or on another device): it must not use up the quota.
    if (await droppedAsOrphan(db, generation, image.id)) continue
    const { body, contentType } = multipartBody(image)
    let res
    try {
      res = await transport.send({ method: 'POST', path: uploadPath(image), body, contentType, idempotencyKey: image.uploadKey, stallTimeoutMs: stallMs })
    } catch (error) {
      if (error instanceof TransientError) return { uploaded, error }
      throw error
    }
    const outcome = classifyAnswer(res, { method: 'POST', ignoreFailure: false })
    if (outcome === 'retry-later' || outcome === 'unauthorized') return { uploaded, error: new TransientError(laterAnswerWords(res.status), res.status) }
    const result = v.safeParse(UploadResultSchema, res.body)
    if (outcome === 'done' && result.success) {
      await useUploadedImage(db, generation, image.id, result.output)
      uploaded += 1
    } else await failImage(db, generation, image.id, `${IMAGE_REFUSED_MESSAGE} ${messageOf(res)}`)
  }
  return { uploaded }
}

/** Deletes a pending image that no outbox entry refers to; true when it did. */
async function droppedAsOrphan(db: OwnerDatabase, generation: number, localImageId: string): Promise<boolean> {
  return fencedTransaction(db, generation, [db.outbox, db.pendingImages, db.items, db.profile], async () => {
    if ((await db.outbox.where('imageRef').equals(localImageId).count()) > 0) return false
    await db.items.where('id').anyOf(await itemIdsShowing(db, localImageId)).modify({ localImageId: null })
    await db.profile.filter((profile) => profile.localImageId === localImageId).modify({ localImageId: null })
    await db.pendingImages.delete(localImageId)
    return true
  })
}

// The product hint is left out: an item created offline does not exist on the server yet, and the server
// refuses an unknown productId. The profile hint picks the smaller avatar size.
function uploadPath(image: PendingImage): string {
  return apiPaths.uploads(image.productId ? null : image.profileId)
}

/**
 * A multipart body with a boundary derived from the upload's idempotency key: a retry then sends byte-identical
 * bytes, which the server's idempotency check requires (a random FormData boundary would read as another request).
 */
export function multipartBody(image: Pick<PendingImage, 'blob' | 'uploadKey'>): { body: Blob; contentType: string } {
  const boundary = `qrtee-${image.uploadKey}`
  const type = image.blob.type || 'application/octet-stream'
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="image"\r\nContent-Type: ${type}\r\n\r\n`
  return { body: new Blob([head, image.blob, `\r\n--${boundary}--\r\n`]), contentType: `multipart/form-data; boundary=${boundary}` }
}

async function useUploadedImage(db: OwnerDatabase, generation: number, localImageId: string, uploaded: { id: string; url: string }) {
  await fencedTransaction(db, generation, [db.outbox, db.items, db.profile, db.pendingImages], async () => {
    const entries = await db.outbox.where('imageRef').equals(localImageId).toArray()
    for (const entry of entries) {
      if (entry.seq === undefined) continue
      await db.outbox.update(entry.seq, { body: withUploadedImage(entry.body, PENDING_IMAGE_ID, uploaded.id), imageRef: null })
    }
    await db.items.where('id').anyOf(await itemIdsShowing(db, localImageId)).modify({ storedImageId: uploaded.id, imageUrl: uploaded.url, localImageId: null })
    await db.profile
      .filter((profile) => profile.localImageId === localImageId)
      .modify({ profileImageId: uploaded.id, profileImageUrl: uploaded.url, localImageId: null })
    await db.pendingImages.delete(localImageId)
  })
}

async function itemIdsShowing(db: OwnerDatabase, localImageId: string): Promise<string[]> {
  return (await db.items.filter((item) => item.localImageId === localImageId).toArray()).map((item) => item.id)
}

/** Starts the failed entry's message; the server's reason follows. */
export const IMAGE_REFUSED_MESSAGE = 'The photo was not saved; everything else was.'

/**
 * A refused image fails only its own image change (decision 084): the item or profile keeps every other edit, the
 * screen goes back to the photo the server still has, and the failed change tells the owner why (Retry, Discard).
 */
async function failImage(db: OwnerDatabase, generation: number, localImageId: string, message: string) {
  await fencedTransaction(db, generation, [db.outbox, db.pendingImages, db.items, db.profile], async () => {
    await db.pendingImages.update(localImageId, { status: 'failed', lastError: message })
    await db.outbox.where('imageRef').equals(localImageId).modify({ status: 'failed', lastError: message })
    await db.items.where('id').anyOf(await itemIdsShowing(db, localImageId)).modify({ localImageId: null })
    await db.profile.filter((profile) => profile.localImageId === localImageId).modify({ localImageId: null })
  })
}
