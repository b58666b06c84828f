// Before the e2e run: start the server exactly as `npm start` does and hand its base URL to the tests; stop it after.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { TestProject } from 'vitest/node'
import { startAppLikeNpmStart } from '../app-server.ts'
import { startFakePushService, type FakePushService } from '../fake-push-service.ts'
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

/**
 * The fake push service lives in this process, the specs in workers: they reach it through this small HTTP door.
 * POST /subscriptions mints one; GET /pushes?endpoint= lists the decrypted payloads pushed to it.
 */
async function startPushControl(push: FakePushService): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://control')
    const json = (status: number, body: unknown) => res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body))
    if (req.method === 'POST' && url.pathname === '/subscriptions') return json(201, push.newSubscription())
    if (req.method === 'GET' && url.pathname === '/pushes') return json(200, push.messages(url.searchParams.get('endpoint') ?? '').map((message) => message.json))
    json(404, { message: 'no such control route' })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

export default async function setup(project: TestProject) {
  // Every spec signs up from 127.0.0.1, more accounts per hour than one real address ever makes.
  const shop = await startFakeShop()
  const push = await startFakePushService()
  const control = await startPushControl(push)
  const server = await startAppLikeNpmStart({ RATE_LIMIT_SCALE: '20', LINK_PREVIEW_ALLOW_HOSTS: shop.hostPort, PUSH_SERVICE_HOSTS: push.host })
  project.provide('baseUrl', server.baseUrl)
  project.provide('shopOrigin', shop.origin)
  project.provide('pushControlOrigin', control.origin)
  return async () => {
    await server.stop()
    await control.close()
    await push.close()
    await shop.close()
  }
}
