// Fault injection inside a sync push: fail, delay or lose the answer of the k-th operation of a batch (not only whole requests).
import { Hono } from 'hono'
import type { AppEnv } from '../../server/deps.ts'
import { toErrorResponse } from '../../server/http/http.ts'
import { type Dispatch, syncRoutes } from '../../server/sync/sync.ts'
import type { FetchLike } from '../../src/sync/transport.ts'
import { createDevice } from '../../src/sync/testing.ts'
import type { TestApp } from './harness.ts'
import type { Owner } from './owner-helpers.ts'

export type OperationFault = {
  /** The operation answers this status without running (a deadlock's 500, a 503 from a lost database). */
  fail?: number
  /** The operation waits for the promise before it runs: a slow operation. */
  delay?: Promise<unknown>
  /** Called when the server reaches the operation, before any delay: its push is then inside the owner's lock. */
  reached?: () => void
  /**
   * The client stops hearing from this push when the operation is reached ('before') or after it ran ('after'), as on
   * a timeout or a dropped connection; the server carries on with the rest of the batch.
   */
  loseAnswer?: 'before' | 'after'
}

export type ExecutedOperation = { server: string; push: number; index: number; method: string; path: string; status: number }

/**
 * A fetch for the engine: pushes run through the real sync route with an injecting dispatch, every other request goes
 * to the app. `next(faults)` arms the next push request; `settled()` waits for pushes still running on the server.
 * Injectors of several servers may share one `executed` log, each naming its `server`.
 */
export function pushFaultInjector(t: TestApp, { executed = [] as ExecutedOperation[], server = 'app' } = {}) {
  const armed: Map<number, OperationFault>[] = []
  const running = new Set<Promise<unknown>>()
  let pushes = 0

  const fetch: FetchLike = async (input, init) => {
    if (new URL(input).pathname !== '/api/sync/push') return t.app.request(input, init)
    const push = pushes++
    const faults = armed.shift() ?? new Map<number, OperationFault>()
    let loseAnswer: (error: Error) => void = () => {}
    const lost = new Promise<never>((_resolve, reject) => {
      loseAnswer = reject
    })
    let index = 0
    const dispatch: Dispatch = async (request, bindings) => {
      const k = index++
      const fault = faults.get(k)
      const record = (status: number) => executed.push({ server, push, index: k, method: request.method, path: new URL(request.url).pathname, status })
      fault?.reached?.()
      if (fault?.loseAnswer === 'before') loseAnswer(new TypeError('Failed to fetch'))
      if (fault?.fail !== undefined) {
        record(fault.fail)
        return Response.json({ message: 'Injected failure' }, { status: fault.fail })
      }
      if (fault?.delay) await fault.delay
      const res = await t.app.fetch(request, bindings)
      record(res.status)
      if (fault?.loseAnswer === 'after') loseAnswer(new TypeError('Failed to fetch'))
      return res
    }
    const pushApp = new Hono<AppEnv>().route('/api', syncRoutes(t.deps, dispatch))
    pushApp.onError((err, c) => {
      const { status, message, headers } = toErrorResponse(err)
      return c.json({ message }, status, headers)
    })
    const answer = Promise.resolve(pushApp.request(input, init))
    const tracked = answer.catch(() => undefined).finally(() => running.delete(tracked))
    running.add(tracked)
    return Promise.race([answer, lost])
  }

  return {
    fetch,
    /** Faults for the next push request, by operation index (0-based). */
    next(faults: Record<number, OperationFault>) {
      armed.push(new Map(Object.entries(faults).map(([k, fault]) => [Number(k), fault])))
    },
    /** Every operation the server ran or failed, in the order it happened. */
    executed,
    async settled() {
      while (running.size > 0) await Promise.all([...running])
    },
  }
}

/** A promise the test opens when it wants: `gate.open()`. */
export function gate() {
  let open: () => void = () => {}
  const promise = new Promise<void>((resolve) => {
    open = resolve
  })
  return { promise, open }
}

/** The owner on two devices (two sign-ins, two local databases), both synced; every push goes through `faults`. */
export async function twoSyncedDevices(t: TestApp, owner: Owner) {
  const faults = pushFaultInjector(t)
  const login = await t.request('POST', '/api/auth/login', { body: { email: owner.email, password: owner.password } })
  const a = await createDevice({ fetch: faults.fetch, tokens: owner })
  const b = await createDevice({ fetch: faults.fetch, tokens: login.json })
  if ((await a.engine.syncOnce()) !== 'synced' || (await b.engine.syncOnce()) !== 'synced') throw new Error('the first sync did not complete')
  return { a, b, faults }
}
