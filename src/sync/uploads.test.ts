import 'fake-indexeddb/auto'
import { expect, it } from 'vitest'
import { freshDatabase } from '../local/testing.ts'
import { uploadPendingImages } from './uploads.ts'
import type { ApiRequest, Transport } from './transport.ts'

it('a pending upload whose item is gone (no entry waits for it) is dropped on the device, never sent', async () => {
  const db = freshDatabase('orphan-upload')
  const sent: ApiRequest[] = []
  const transport = { send: async (request: ApiRequest) => (sent.push(request), { status: 201, body: { id: crypto.randomUUID(), url: '/api/images/x' } }) } as unknown as Transport
  await db.pendingImages.put({ id: 'orphan', blob: new Blob(['x'], { type: 'image/jpeg' }), uploadKey: 'k1', productId: 'gone-item', profileId: null, status: 'pending', lastError: null })
  expect(await uploadPendingImages(db, transport, 0)).toEqual({ uploaded: 0 })
  expect(sent).toEqual([])
  expect(await db.pendingImages.count()).toBe(0)
})
