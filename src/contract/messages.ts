// Owns the valibot schemas of what crosses between runtimes in the browser: page and sync worker (comlink calls,
// broadcast messages) and page and service worker (postMessage).
import * as v from 'valibot'

export const WorkerConfigSchema = v.object({
  databaseName: v.pipe(v.string(), v.minLength(1)),
  baseUrl: v.pipe(v.string(), v.url()),
})
export type WorkerConfig = v.InferOutput<typeof WorkerConfigSchema>

export const TokenPairSchema = v.object({ token: v.string(), refreshToken: v.pipe(v.string(), v.minLength(1)) })

/**
 * Posted on LOCAL_WRITE_CHANNEL by any tab: a local write, an owner who signed in again, or one of its triggers; and by
 * the service worker, 'push', when a push brought news the server holds (a gift, an order's status).
 */
export const ChannelMessageSchema = v.picklist(['write', 'signed-in', 'online', 'visible', 'interval', 'manual', 'push'])
export type ChannelMessage = v.InferOutput<typeof ChannelMessageSchema>

/** Page -> waiting service worker: take over now (sent by workbox-window's messageSkipWaiting on "Reload"). */
export const SkipWaitingMessageSchema = v.object({ type: v.literal('SKIP_WAITING') })
/** Page -> service worker on logout: delete every cache that may hold the owner's data. */
export const ClearPrivateCachesMessageSchema = v.object({ type: v.literal('CLEAR_PRIVATE_CACHES') })
export type ClearPrivateCachesMessage = v.InferOutput<typeof ClearPrivateCachesMessageSchema>
/** Service worker -> page, on the port the page sent: the caches it deleted. */
export const PrivateCachesClearedMessageSchema = v.object({ type: v.literal('PRIVATE_CACHES_CLEARED'), deleted: v.array(v.string()) })
export type PrivateCachesClearedMessage = v.InferOutput<typeof PrivateCachesClearedMessageSchema>
