// Owns the logout cleanup: {type:'CLEAR_PRIVATE_CACHES'} deletes every cache but the app shell and the public ones.
import * as v from 'valibot'
import { cacheNames } from 'workbox-core'
import { ClearPrivateCachesMessageSchema, type PrivateCachesClearedMessage } from '../src/contract/messages.ts'
import { keptCacheNames } from './cache-names.ts'

declare const self: ServiceWorkerGlobalScope

export async function clearPrivateCaches(): Promise<string[]> {
  const kept = keptCacheNames(cacheNames.precache)
  const doomed = (await caches.keys()).filter((name) => !kept.has(name))
  await Promise.all(doomed.map((name) => caches.delete(name)))
  return doomed
}

export function registerPrivateCacheCleanup(): void {
  self.addEventListener('message', (event: ExtendableMessageEvent) => {
    if (!v.is(ClearPrivateCachesMessageSchema, event.data)) return
    // A page that sent a MessageChannel port learns when it is done, e.g. before it navigates to /login.
    const done = clearPrivateCaches().then((deleted) => {
      const answer: PrivateCachesClearedMessage = { type: 'PRIVATE_CACHES_CLEARED', deleted }
      event.ports[0]?.postMessage(answer)
    })
    event.waitUntil(done)
  })
}
