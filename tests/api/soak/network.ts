// The soak's network: one device's line to the in-process server, with faults armed per request and a log of what the server ran.
import { Hono } from 'hono'
import type { AppEnv } from '../../../server/deps.ts'
import { toErrorResponse } from '../../../server/http/http.ts'
import { type Dispatch, syncRoutes } from '../../../server/sync/sync.ts'
import { PUSH_ALREADY_APPLIED_STATUS, PUSH_NOT_ATTEMPTED_STATUS } from '../../../src/contract/sync.ts'
import type { FetchLike } from '../../../src/sync/transport.ts'
import { userIdFromAccessToken } from '../../../src/local/session.ts'
import type { TestApp } from '../harness.ts'

/**
 * A write the server refuses every time (`refuse`: 400, as for an invalid field) or fails on every time (`fail`: 500,
 * a server bug on one body). The written value carries the marker, so the soak's server knows it; the owner
 * discards a refused one and retries a failed one once the bug is fixed (the end of the run).
 */
export type Poison = 'refuse' | 'fail'
export const POISON_MARKER: Record<Poison, string> = { refuse: 'poison-refuse', fail: 'poison-fail' }

/** A fault for the next push request: inside the batch at operation k, or the whole request. */
export type PushFault =
  | { kind: 'fail'; k: number; status: 500 | 502 | 503 }
  /** The token expired between the batch's check and this operation: the operation answers 401. */
  | { kind: 'unauthorized'; k: number }
  /** The operation commits, then the connection drops: the client never hears, the server runs the rest. */
  | { kind: 'lose-after'; k: number }
  /** The connection drops when operation k is reached (a killed push); the server still runs the batch to its end. */
  | { kind: 'lose-before'; k: number }
  /** The request never reaches the server. */
  | { kind: 'drop' }

/** A fault for the next request of another kind (a pull, an upload, a token refresh). */
export type RequestFault = { on: 'pull' | 'upload' | 'refresh'; kind: 'bad-gateway' | 'lose-response' | 'drop' }

/** One operation the server ran for real: not answered from a stored result, not refused, not "already applied". */
export type Executed = { device: string; user: string; seq: number; method: string; path: string; body: Record<string, unknown> }

/**
 * How the soak's server behaves, shared by every device's line. `poisonFixed`: poisoned writes (model.ts) go through.
 * The broken servers, for the soak's own checks that it can fail: `forgetful` runs a resent write again (every
 * operation arrives with a fresh key and no mutation id); `drops` acknowledges item edits without running them;
 * `blocking` answers pushes without the device's last applied mutation id, as the server before decision 139 did,
 * so an entry that fails every time holds back everything behind it.
 */
export type ServerSwitches = { poisonFixed: boolean; forgetful: boolean; drops: boolean; blocking: boolean }
export const normalServer = (): ServerSwitches => ({ poisonFixed: false, forgetful: false, drops: false, blocking: false })

/** The injected answer to a poisoned write while the server is not fixed, or undefined. */
function poisonAnswer(body: string, switches: ServerSwitches): Response | undefined {
  if (switches.poisonFixed) return undefined
  if (body.includes(POISON_MARKER.refuse)) return Response.json({ message: 'Injected refusal: this value is invalid.' }, { status: 400 })
  if (body.includes(POISON_MARKER.fail)) return Response.json({ message: 'Injected server bug on this body' }, { status: 500 })
  return undefined
}

const userOf = (request: Request) => userIdFromAccessToken((request.headers.get('Authorization') ?? '').replace(/^Bearer /, '')) ?? ''

/** What the server ran, and how often each fault fired and each kind of answer came back (the soak's coverage). */
export type ServerLog = { executed: Executed[]; seen: Record<string, number> }

export const countSeen = (log: ServerLog, what: string) => {
  log.seen[what] = (log.seen[what] ?? 0) + 1
}

const lostConnection = () => new TypeError('Failed to fetch')
const ITEM_EDIT = /^\/api\/wishlist-items\/[0-9a-f-]{36}$/

function requestKind(method: string, pathname: string): RequestFault['on'] | 'push' | 'other' {
  if (pathname === '/api/sync/push') return 'push'
  if (pathname === '/api/sync/changes') return 'pull'
  if (pathname === '/api/auth/refresh') return 'refresh'
  if (method === 'POST' && pathname === '/api/uploads') return 'upload'
  return 'other'
}

/**
 * One device's line to the server, with the faults armed on it; `switches` (shared) say how the server behaves.
 */
export function deviceNetwork(t: TestApp, device: string, log: ServerLog, running: Set<Promise<unknown>>, switches: ServerSwitches) {
  const pushFaults: PushFault[] = []
  /** Injected 5xx faults that fired: that many can make an entry wait for the owner (SERVER_FAILURES_BEFORE_OWNER). */
  let failsFired = 0
  const requestFaults: RequestFault[] = []
  let online = true

  /** Runs in the background like a real server would after the client hung up; the soak waits for it at the end. */
  const track = <T>(work: Promise<T>): Promise<T> => {
    const tracked = work.catch(() => undefined).finally(() => running.delete(tracked))
    running.add(tracked)
    return work
  }

  async function push(input: string, sent: RequestInit): Promise<Response> {
    const init = switches.forgetful ? forgetResends(sent) : sent
    const fault = pushFaults.shift()
    if (fault?.kind === 'drop') {
      countSeen(log, 'push drop')
      throw lostConnection()
    }
    let loseAnswer: (error: Error) => void = () => {}
    const lost = new Promise<never>((_resolve, reject) => {
      loseAnswer = reject
    })
    lost.catch(() => undefined)
    let index = 0
    const dispatch: Dispatch = async (request, bindings) => {
      const k = index++
      const armed = fault && 'k' in fault && fault.k === k ? fault : undefined
      if (armed) countSeen(log, `push ${armed.kind}`)
      if (armed?.kind === 'lose-before') loseAnswer(lostConnection())
      if (armed?.kind === 'fail') failsFired += 1
      if (armed?.kind === 'fail') return Response.json({ message: 'Injected failure' }, { status: armed.status })
      if (armed?.kind === 'unauthorized') return Response.json({ message: 'Token expired' }, { status: 401 })
      const text = request.method === 'DELETE' ? '{}' : await request.clone().text()
      const body = parsedBody(text)
      const poisoned = poisonAnswer(text, switches)
      if (poisoned) countSeen(log, `poison answered ${poisoned.status}`)
      if (poisoned) return poisoned
      if (switches.drops && request.method === 'PUT' && ITEM_EDIT.test(new URL(request.url).pathname)) return Response.json({}, { status: 200 })
      const res = await t.app.fetch(request, bindings)
      const ran = res.status >= 200 && res.status < 300 && res.status !== PUSH_ALREADY_APPLIED_STATUS && !res.headers.get('Idempotent-Replayed')
      if (res.headers.get('Idempotent-Replayed')) countSeen(log, 'answered from idempotency row')
      if (res.status === 409) countSeen(log, 'answered 409')
      if (ran) log.executed.push({ device, user: userOf(request), seq: log.executed.length, method: request.method, path: new URL(request.url).pathname, body })
      if (armed?.kind === 'lose-after') loseAnswer(lostConnection())
      return res
    }
    const pushApp = new Hono<AppEnv>().route('/api', syncRoutes(t.deps, dispatch))
    pushApp.onError((err, c) => {
      const { status, message, headers } = toErrorResponse(err)
      return c.json({ message }, status, headers)
    })
    const answer = track(Promise.resolve(pushApp.request(input, init)).then(countAnswers))
    return Promise.race([answer, lost])
  }

  /** The push route answers "already applied" and "not attempted" itself, without dispatching: read them off its answer. */
  async function countAnswers(res: Response): Promise<Response> {
    const answer = (await res.clone().json().catch(() => ({}))) as { results?: { status: number }[]; lastMutationId?: number }
    for (const { status } of answer.results ?? []) {
      if (status === PUSH_ALREADY_APPLIED_STATUS) countSeen(log, 'answered 208 already applied')
      if (status === PUSH_NOT_ATTEMPTED_STATUS) countSeen(log, 'answered 424 not attempted')
    }
    if (!switches.blocking || answer.lastMutationId === undefined) return res
    const { lastMutationId: _withheld, ...old } = answer
    const headers = new Headers(res.headers)
    headers.delete('content-length')
    return Response.json(old, { status: res.status, headers })
  }

  async function other(kind: RequestFault['on'], input: string, init: RequestInit): Promise<Response> {
    const index = requestFaults.findIndex((fault) => fault.on === kind)
    const fault = index >= 0 ? requestFaults.splice(index, 1)[0] : undefined
    if (fault) countSeen(log, `${kind} ${fault.kind}`)
    if (fault?.kind === 'drop') throw lostConnection()
    if (fault?.kind === 'bad-gateway') return Response.json({ message: 'Bad gateway' }, { status: 502 })
    const res = await track(Promise.resolve(t.app.request(input, init)))
    if (kind === 'upload' && res.status === 201) countSeen(log, 'upload stored')
    if (fault?.kind === 'lose-response') {
      await res.text()
      throw lostConnection()
    }
    return res
  }

  const fetch: FetchLike = async (input, init) => {
    if (!online) throw lostConnection()
    const kind = requestKind(init.method ?? 'GET', new URL(input).pathname)
    if (kind === 'push') return push(input, init)
    if (kind === 'other') {
      // A single call (the batch refused) meets the same poisoned-value rule as an operation in a push.
      const poisoned = init.method && init.method !== 'GET' ? poisonAnswer(String(init.body ?? ''), switches) : undefined
      return poisoned ?? t.app.request(input, init)
    }
    return other(kind, input, init)
  }

  return {
    fetch,
    get online() {
      return online
    },
    setOnline(value: boolean) {
      online = value
    },
    armPush(fault: PushFault) {
      pushFaults.push(fault)
    },
    armRequest(fault: RequestFault) {
      requestFaults.push(fault)
    },
    /** Faults armed and not met yet: of a push kind, or on a request kind (of one kind of fault). */
    armed(kind: PushFault['kind'] | RequestFault['on'], requestKind?: RequestFault['kind']) {
      const requests = requestFaults.filter((fault) => fault.on === kind && (requestKind === undefined || fault.kind === requestKind))
      return pushFaults.filter((fault) => fault.kind === kind).length + requests.length
    },
    armedTotal() {
      return pushFaults.length + requestFaults.length
    },
    get failsFired() {
      return failsFired
    },
  }
}

export type DeviceNetwork = ReturnType<typeof deviceNetwork>

function parsedBody(text: string): Record<string, unknown> {
  try {
    return (JSON.parse(text || '{}') ?? {}) as Record<string, unknown>
  } catch {
    return {}
  }
}

function forgetResends(init: RequestInit): RequestInit {
  const push = JSON.parse(String(init.body)) as { operations: Record<string, unknown>[] }
  const operations = push.operations.map(({ mutationId: _forgotten, ...op }) => ({ ...op, idempotencyKey: crypto.randomUUID() }))
  return { ...init, body: JSON.stringify({ ...push, operations }) }
}

/** Waits for every request the server is still running after its client hung up. */
export async function settled(running: Set<Promise<unknown>>) {
  while (running.size > 0) await Promise.all([...running])
}
