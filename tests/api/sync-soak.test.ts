// Randomized soak of offline sync: three devices of one owner, random offline writes and network faults, then all online; they must converge.
//
// Each run (a fast-check case) signs up a fresh owner on the shared test database and gives it three engine devices
// (own fake-indexeddb database, token store, transport) against the real in-process API. The steps are random:
// creates (some with a photo), edits of some fields (the product link too), deletes, item images picked or removed,
// profile settings (description, contact, the visibility switch, the profile type, the redirect address), social
// links added, edited and removed link by link, profile photos, going offline and online, restarts (the engine's
// memory lost, database and tokens kept), app updates (the database opens at a newer schema version, which resets the
// cursor), syncs one at a time or all at once, passes driven by the worker's scheduler (`waitForUploads: false`,
// debounce and backoff on manual timers), an edit while a pass runs, writes the server refuses every time (400) or
// fails on every time (500), another owner signing in on a device and out again (after a logout, or after the session
// ended by itself with changes unsent), visitors' purchases, and faults: a 5xx or 401 on the k-th operation of a push,
// an answer lost after the operation committed, a push killed when operation k is reached (the server runs on), a push
// that never arrives, lost or failed pulls, uploads and token refreshes, every access token expiring, and the clock
// jumping past the 48-hour idempotency purge or past 30 days (refresh tokens and tombstones expire: every device must
// be signed out, and its owner signs in again, keeping what was unsent). Then the heal: every device online, faults
// gone, passes until a round in which the server runs nothing new. Then the check of what waits for the owner
// (tests/api/soak/oracle-waiting.ts), the owner's answers (refused entries discarded, failed ones retried once the
// server is fixed), and a second heal.
//
// The oracle (tests/api/soak/oracle.ts): among the operations the server really ran, the last one setting a field
// from device D carries D's last local write of that field (nothing lost, nothing reordered, nothing run twice over a
// newer write); image picks and removals arrive one for one and in order; the server's value of each field is some
// device's last write of it and never one a device held when it wrote a newer one (last-writer-wins judged from the
// devices' own intents), and is what the last operation the server ran set; the server holds exactly the items and
// links created and not deleted anywhere, each once (none lost, doubled or resurrected); every device holds exactly
// the server's rows and purchases with nothing left to send; and after a day's orphan sweep no image is unreferenced.
//
// CI runs SOAK_RUNS (default 200) cases with a fresh seed and stops at the first failure, printing the seed, the
// path and the steps. `npm run soak` runs more (SOAK_RUNS, default 2000) and shrinks a failure; SOAK_SEED and SOAK_PATH
// replay one; SOAK_DATABASE=postgres (with TEST_DATABASE_URL) runs against PostgreSQL.
import fc from 'fast-check'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { FakePrintful } from '../fakes/printful.ts'
import { sharedDatabase, TestApp, testDatabases } from './harness.ts'
import { describeSteps, scenarioArbitrary, type Step } from './soak/model.ts'
import type { ServerSwitches } from './soak/network.ts'
import { runScenario } from './soak/run.ts'
import { withPrintful } from './soak/visitor.ts'

const runs = Number(process.env.SOAK_RUNS ?? 200)
const seed = process.env.SOAK_SEED === undefined ? undefined : Number(process.env.SOAK_SEED)
const path = process.env.SOAK_PATH
const shrink = process.env.SOAK_SHRINK === '1'
/** SOAK_FORGETFUL=1: against a server that runs resent writes again, to see what a failure report looks like. */
const forgetful = process.env.SOAK_FORGETFUL === '1'

// PGlite by default: the in-process server as the devices meet it; SOAK_DATABASE=postgres runs against TEST_DATABASE_URL
// (its push lock is an advisory lock instead of the process's queue). One database for the file, one owner per run.
const database = testDatabases.find((candidate) => candidate.name === (process.env.SOAK_DATABASE ?? 'pglite'))

let t: TestApp
let printful: FakePrintful | undefined
beforeAll(async () => {
  if (!database) throw new Error(`SOAK_DATABASE=${process.env.SOAK_DATABASE}: no such test database (is TEST_DATABASE_URL set?)`)
  const withFake = await withPrintful()
  printful = withFake.fake
  t = new TestApp(await sharedDatabase(database.url), withFake.overrides)
})
afterAll(() => printful?.close())

function failureReport(details: fc.RunDetails<[Step[]]>): string {
  const steps = details.counterexample?.[0] ?? []
  const replay = `${forgetful ? 'SOAK_FORGETFUL=1 ' : ''}SOAK_SEED=${details.seed}${details.counterexamplePath ? ` SOAK_PATH=${details.counterexamplePath}` : ''}`
  const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)
  return [
    `Sync soak failed after ${details.numRuns} runs (seed ${details.seed}, path ${details.counterexamplePath}).`,
    `Replay (and shrink): ${replay} npm run soak   (just this case, no shrinking: add SOAK_SHRINK=0)`,
    'What broke:',
    cause,
    `Steps (${steps.length}):`,
    describeSteps(steps),
  ].join('\n')
}

/** What 200 runs must have exercised, or the soak proves less than it says (the generator or the harness drifted). */
const MUST_SEE = [
  'push fail',
  'push unauthorized',
  'push lose-after',
  'push lose-before',
  'push drop',
  'pull lose-response',
  'upload lose-response',
  'refresh lose-response',
  'answered 208 already applied',
  'answered 424 not attempted',
  'pass retry-later',
  'scheduled synced',
  'poison answered 400',
  'poison answered 500',
  'owner discarded',
  'owner retried',
  'clock +49 h',
  'clock +721 h',
  'pass signed-out',
  'database upgraded',
  'switch-owner revoked asked-other-owner',
  'switch-owner logout first-user',
  'purchase 201',
  'order 201',
  'webhook 200',
]

/**
 * Runs made before the random ones, for what the generator reaches too rarely to count on: an upload's lost answer
 * needs an armed upload fault and then a pending image on the same device, about 2 in 200 runs (none in one CI run).
 * Not when SOAK_PATH replays a case, whose path counts the generated runs only.
 */
const SURE_TO_SEE: [Step[]][] = [
  [
    [
      { t: 'request-fault', d: 'a', fault: { on: 'upload', kind: 'lose-response' } },
      { t: 'create', d: 'a', image: true },
      { t: 'sync', d: 'a' },
      { t: 'sync', d: 'a' },
    ],
  ],
]

it(
  `${runs} random runs of three devices with faults all converge on the owner's last intents`,
  async () => {
    let executed = 0
    const seen: Record<string, number> = {}
    const property = fc.asyncProperty(scenarioArbitrary(), async (steps) => {
      const outcome = await runScenario(t, steps, { forgetful }, printful)
      executed += outcome.executed
      for (const [what, times] of Object.entries(outcome.seen)) seen[what] = (seen[what] ?? 0) + times
      if (outcome.problems.length > 0) throw new Error(outcome.problems.join('\n'))
    })
    const details = await fc.check(property, { numRuns: runs, seed, path, endOnFailure: !shrink, ...(path ? {} : { examples: SURE_TO_SEE }) })
    if (details.failed) throw new Error(failureReport(details))
    console.info(`sync soak: ${runs} runs (seed ${details.seed}), ${executed} operations ran; ${JSON.stringify(seen)}`)
    if (runs < 200) return
    expect(executed).toBeGreaterThan(runs * 3)
    expect(MUST_SEE.filter((what) => !seen[what])).toEqual([])
  },
  Math.max(120_000, runs * 3_000),
)

// The soak's own checks that it can fail: each broken server below makes a run fail that passes on the real one.
const soakCanFail: { what: string; server: Partial<ServerSwitches>; steps: Step[]; reports: RegExp }[] = [
  {
    what: 'a server that runs a resent write again (forgetful of what it ran)',
    server: { forgetful: true },
    // B edits an item and its answer is lost after the edit committed; meanwhile A renames it; B's pass sends again.
    steps: [
      { t: 'create', d: 'a', image: false },
      { t: 'sync', d: 'a' },
      { t: 'sync', d: 'b' },
      { t: 'edit', d: 'b', item: 0, fields: ['name'] },
      { t: 'push-fault', d: 'b', fault: { kind: 'lose-after', k: 0 } },
      { t: 'sync', d: 'b' },
      { t: 'edit', d: 'a', item: 0, fields: ['name'] },
      { t: 'sync', d: 'a' },
      { t: 'sync', d: 'b' },
    ],
    reports: /name: the write of "name \d+" ran 2 times/,
  },
  {
    what: 'a server that acknowledges an edit but drops it (forgetful of what it was sent)',
    server: { drops: true },
    steps: [
      { t: 'create', d: 'a', image: false },
      { t: 'sync', d: 'a' },
      { t: 'edit', d: 'a', item: 0, fields: ['brand'] },
      { t: 'sync', d: 'a' },
    ],
    reports: /brand from a: its last write was "brand \d+", the last the server ran from it "brand \d+"/,
  },
  {
    what: 'one entry that fails every time blocking the queue behind it, as before decision 139',
    server: { blocking: true },
    // The poisoned create fails every time; the profile edit and the other item behind it must still arrive.
    steps: [
      { t: 'create', d: 'a', image: false, poison: 'fail' },
      { t: 'create', d: 'a', image: false },
      { t: 'profile', d: 'a', fields: ['contactInfo'] },
      { t: 'sync', d: 'a' },
      { t: 'scheduled', d: 'a', trigger: 'write' },
    ],
    reports: /did not settle[\s\S]*POST \/api\/wishlist-items\/profile\/.* could go but waits/,
  },
]

for (const { what, server, steps, reports } of soakCanFail) {
  it(`the soak notices ${what} (its own check that it can fail)`, async () => {
    expect((await runScenario(t, steps)).problems).toEqual([])
    const broken = await runScenario(t, steps, server)
    expect(broken.problems.join('\n')).toMatch(reports)
  })
}

it('a write refused every time waits for the owner alone: the writes behind it arrive, Discard drops only it', async () => {
  const steps: Step[] = [
    { t: 'create', d: 'a', image: false },
    { t: 'sync', d: 'a' },
    { t: 'edit', d: 'a', item: 0, fields: ['price'], poison: 'refuse' },
    { t: 'sync', d: 'a' },
    { t: 'profile', d: 'a', fields: ['contactInfo'], poison: 'refuse' },
    { t: 'create', d: 'b', image: false },
    { t: 'sync-all' },
  ]
  const outcome = await runScenario(t, steps)
  expect(outcome.problems).toEqual([])
  expect(outcome.seen).toMatchObject({ 'poison answered 400': expect.any(Number), 'owner discarded': 2 })
})
