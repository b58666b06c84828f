// Before the e2e run: start the server exactly as `npm start` does and hand its base URL to the tests; stop it after.
import type { TestProject } from 'vitest/node'
import { startAppLikeNpmStart } from '../app-server.ts'
import { startFakeShop } from '../fake-shop.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    /** A local shop (tests/fake-shop.ts) the server may fetch link previews from (LINK_PREVIEW_ALLOW_HOSTS). */
    shopOrigin: string
    /** The control address of the fake push service (tests/e2e/push-helpers.ts): mint subscriptions, read pushes. */
    pushControlOrigin: string
  }
}

export default async function setup(project: TestProject) {
  // Every spec signs up from 127.0.0.1, more accounts per hour than one real address ever makes.
  const shop = await startFakeShop()
  const server = await startAppLikeNpmStart({ RATE_LIMIT_SCALE: '20', LINK_PREVIEW_ALLOW_HOSTS: shop.hostPort })
  project.provide('baseUrl', server.baseUrl)
  project.provide('shopOrigin', shop.origin)
  return async () => {
    await server.stop()
    await shop.close()
  }
}
