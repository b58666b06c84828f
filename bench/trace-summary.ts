// Reads a Chrome trace written by `npm run bench:dashboard -- --profile DIR` (DIR/reload.json) and prints where the
// page's main thread spent a reload, so a change can aim at the largest cost: its long tasks in order, time per kind of
// work (script per chunk, style, layout, paint, garbage collection), the JavaScript functions with the most self time
// (the trace's CPU samples), and how busy the other threads of the page's process were (the sync worker's).
// Run: npx tsx bench/trace-summary.ts DIR/reload.json [--from MS] [--until MS] [--top 25]. --until ends the window at MS
// since the navigation started (the bench's "last card" of that run); without it the window ends at the trace's end.
// --from starts it later, to read one stretch of the bench's phases alone.
import { readFileSync } from 'node:fs'

type TraceEvent = {
  name: string
  cat?: string
  ph: string
  ts: number
  dur?: number
  pid: number
  tid: number
  id?: string
  args?: { name?: string; data?: Record<string, unknown> & { url?: string; stackTrace?: { url?: string }[] } }
}
type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number }
type ProfileNode = { id: number; callFrame: CallFrame; parent?: number }

const file = process.argv[2]
if (!file) throw new Error('usage: npx tsx bench/trace-summary.ts TRACE.json [--from MS] [--until MS] [--top N]')
const flag = (name: string) => (process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : undefined)
const TOP = flag('--top') ?? 25
const raw = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[]
const events = Array.isArray(raw) ? raw : raw.traceEvents

const threadNames = new Map<string, string>()
for (const event of events) if (event.ph === 'M' && event.name === 'thread_name') threadNames.set(`${event.pid}:${event.tid}`, event.args?.name ?? '')
const threadOf = (event: TraceEvent) => `${event.pid}:${event.tid}`

// The reload's document: the last main-frame navigation start that names a document (Chromium also marks empty ones
// later). A trace without one (the Edit click's) is read from its start, on the renderer main thread that worked most.
const navigation = events
  .filter((event) => event.name === 'navigationStart' && event.args?.data?.isLoadingMainFrame === true && Boolean(event.args.data.documentLoaderURL))
  .at(-1)
const busiestRenderer = () => {
  const busy = new Map<string, number>()
  for (const event of events) if (event.name === 'RunTask' && threadNames.get(threadOf(event)) === 'CrRendererMain') busy.set(threadOf(event), (busy.get(threadOf(event)) ?? 0) + (event.dur ?? 0))
  const [thread] = [...busy].sort((a, b) => b[1] - a[1])[0] ?? []
  if (!thread) throw new Error('No renderer main thread in the trace')
  return thread
}
const mainThread = navigation ? threadOf(navigation) : busiestRenderer()
const start = navigation?.ts ?? events.reduce((first, event) => (threadOf(event) === mainThread && event.ts > 0 ? Math.min(first, event.ts) : first), Number.POSITIVE_INFINITY)
const fromMs = flag('--from') ?? 0
const untilMs = flag('--until')
const end = untilMs !== undefined ? start + untilMs * 1000 : events.reduce((last, event) => Math.max(last, event.ts + (event.dur ?? 0)), 0)
const at = (ts: number) => Math.round((ts - start) / 1000)
const ms = (us: number) => `${Math.round(us / 1000)}`.padStart(5)
console.log(`${file}: window ${at(start)}-${at(end)} ms after ${navigation ? 'the navigation started' : "the trace's start"}, main thread ${mainThread}`)

const shortUrl = (url: unknown) => (typeof url === 'string' && url ? url.replace(/^https?:\/\/[^/]+/, '').replace(/^\/assets\//, '') : '')
const inWindow = (event: TraceEvent) => event.ts + (event.dur ?? 0) > start + fromMs * 1000 && event.ts < end
const complete = events.filter((event) => event.ph === 'X' && inWindow(event))

// Milestones the trace itself marks.
const marks = events.filter((event) => inWindow(event) && threadOf(event) === mainThread && ['firstContentfulPaint', 'MarkDOMContent', 'MarkLoad', 'firstPaint'].includes(event.name))
console.log(`milestones: ${marks.map((event) => `${event.name} ${at(event.ts)}`).join(', ') || 'none'}`)

// Long tasks of the main thread, each named by the largest event inside it.
const mainEvents = complete.filter((event) => threadOf(event) === mainThread)
const tasks = mainEvents.filter((event) => event.name === 'RunTask')
const DETAIL = new Set(['EvaluateScript', 'v8.evaluateModule', 'v8.compile', 'v8.compileModule', 'FunctionCall', 'TimerFire', 'FireAnimationFrame', 'EventDispatch', 'Layout', 'UpdateLayoutTree', 'Paint', 'ParseHTML', 'ParseAuthorStyleSheet', 'MajorGC', 'MinorGC', 'V8.GC_SCAVENGER', 'HitTest', 'PrePaint', 'Layerize', 'Commit', 'v8.run'])
const label = (event: TraceEvent) => {
  const data = event.args?.data
  const url = shortUrl(data?.url ?? data?.stackTrace?.[0]?.url ?? (data as { fileName?: string } | undefined)?.fileName)
  const fn = typeof data?.functionName === 'string' && data.functionName ? ` ${data.functionName}` : ''
  return `${event.name}${fn}${url ? ` ${url}` : ''}`
}
let busy = 0
console.log('\nmain-thread tasks over 8 ms (start, duration, what inside took longest):')
for (const task of tasks) {
  const dur = task.dur ?? 0
  busy += dur
  if (dur < 8000) continue
  const inside = mainEvents.filter((event) => event !== task && DETAIL.has(event.name) && event.ts >= task.ts && event.ts < task.ts + dur)
  const parts = new Map<string, number>()
  for (const event of inside) parts.set(label(event), (parts.get(label(event)) ?? 0) + (event.dur ?? 0))
  const top = [...parts].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([name, us]) => `${name} ${Math.round(us / 1000)}`)
  console.log(`  ${String(at(task.ts)).padStart(5)} ${ms(dur)} ms  ${top.join('; ')}`)
}
console.log(`main thread busy ${Math.round(busy / 1000)} ms of the ${Math.round((end - start) / 1000)} ms window`)

// Totals per kind of work (nested events counted once: only those not inside another of the same name).
console.log('\ntime by kind (main thread, outermost events):')
const byKind = new Map<string, number>()
for (const name of DETAIL) {
  const list = mainEvents.filter((event) => event.name === name).sort((a, b) => a.ts - b.ts)
  let reach = 0
  for (const event of list) {
    if (event.ts < reach) continue
    reach = event.ts + (event.dur ?? 0)
    const key = ['EvaluateScript', 'v8.evaluateModule', 'v8.compile', 'v8.compileModule'].includes(name) ? label(event) : name
    byKind.set(key, (byKind.get(key) ?? 0) + (event.dur ?? 0))
  }
}
for (const [name, us] of [...byKind].sort((a, b) => b[1] - a[1]).slice(0, TOP)) if (us >= 1000) console.log(`  ${ms(us)} ms  ${name}`)

// The CPU samples: self time per function and per script, for each thread that was sampled.
type Sampled = { nodes: Map<number, ProfileNode>; samples: { ts: number; node: number }[]; thread: string }
const profiles = new Map<string, Sampled>()
for (const event of events) {
  if (event.name !== 'Profile' && event.name !== 'ProfileChunk') continue
  const key = `${event.pid}:${event.id}`
  let profile = profiles.get(key)
  if (!profile) profiles.set(key, (profile = { nodes: new Map(), samples: [], thread: threadOf(event) }))
  const data = event.args?.data as { startTime?: number; cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] } | undefined
  if (event.name === 'Profile') {
    ;(profile as Sampled & { last?: number }).last = data?.startTime ?? event.ts
    continue
  }
  for (const node of data?.cpuProfile?.nodes ?? []) profile.nodes.set(node.id, node)
  const withClock = profile as Sampled & { last?: number }
  let clock = withClock.last ?? event.ts
  const deltas = data?.timeDeltas ?? []
  for (const [index, node] of (data?.cpuProfile?.samples ?? []).entries()) {
    clock += deltas[index] ?? 0
    profile.samples.push({ ts: clock, node })
  }
  withClock.last = clock
}
for (const profile of profiles.values()) {
  const samples = profile.samples.filter((sample) => sample.ts >= start + fromMs * 1000 && sample.ts < end)
  if (samples.length < 2) continue
  const selfByFunction = new Map<string, number>()
  const selfByScript = new Map<string, number>()
  for (const [index, sample] of samples.entries()) {
    const next = samples[index + 1]
    const weight = next ? Math.min(next.ts - sample.ts, 10_000) : 0
    const frame = profile.nodes.get(sample.node)?.callFrame
    if (!frame) continue
    const script = shortUrl(frame.url) || frame.functionName
    const fn = `${frame.functionName || '(anonymous)'} ${script}${frame.url ? `:${frame.lineNumber + 1}:${frame.columnNumber + 1}` : ''}`
    selfByFunction.set(fn, (selfByFunction.get(fn) ?? 0) + weight)
    selfByScript.set(script, (selfByScript.get(script) ?? 0) + weight)
  }
  const total = [...selfByScript].filter(([name]) => name !== '(idle)').reduce((sum, [, us]) => sum + us, 0)
  console.log(`\nCPU samples of ${threadNames.get(profile.thread) ?? profile.thread}: ${Math.round(total / 1000)} ms not idle`)
  console.log('  self time per script:')
  for (const [name, us] of [...selfByScript].sort((a, b) => b[1] - a[1]).slice(0, 12)) if (us >= 2000) console.log(`    ${ms(us)} ms  ${name}`)
  console.log('  self time per function:')
  for (const [name, us] of [...selfByFunction].sort((a, b) => b[1] - a[1]).slice(0, TOP)) if (us >= 2000) console.log(`    ${ms(us)} ms  ${name}`)
}

// The other threads of the page's renderer (worker, service worker): their tasks compete for the same two cores.
console.log('\nother threads of the page process (busy ms in the window):')
const [mainPid] = mainThread.split(':')
const otherBusy = new Map<string, number>()
for (const event of complete) {
  if (event.name !== 'RunTask' && event.name !== 'ThreadControllerImpl::RunTask') continue
  const thread = threadOf(event)
  if (thread === mainThread || thread.split(':')[0] !== mainPid) continue
  otherBusy.set(thread, (otherBusy.get(thread) ?? 0) + (event.dur ?? 0))
}
for (const [thread, us] of [...otherBusy].sort((a, b) => b[1] - a[1]).slice(0, 8)) if (us >= 1000) console.log(`  ${ms(us)} ms  ${threadNames.get(thread) ?? thread}`)

// What the page fetched and when (its own requests; through the service worker they are answered from its cache).
console.log('\nrequests of the page (sent -> finished, ms since the window start):')
const sent = new Map<string, { url: string; at: number }>()
for (const event of events) {
  const data = event.args?.data as { requestId?: string; url?: string } | undefined
  if (event.name === 'ResourceSendRequest' && data?.requestId && data.url) sent.set(data.requestId, { url: data.url, at: event.ts })
  if (event.name === 'ResourceFinish' && data?.requestId) {
    const request = sent.get(data.requestId)
    if (request && request.at >= start && request.at < end) console.log(`  ${String(at(request.at)).padStart(5)} -> ${String(at(event.ts)).padStart(5)}  ${shortUrl(request.url)}`)
  }
}
