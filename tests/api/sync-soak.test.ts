// Randomized soak of offline sync: three devices of one owner, random offline writes and network faults, then all online; they must converge.
//
// Each run (a fast-check case) signs up a fresh owner on the shared test database and gives it three engine devices
// (own fake-indexeddb database, token store, transport) against the real in-process API. The steps are random:
// creates (some with a photo), edits of some fields, deletes, item images picked or removed, profile settings
// (description, contact, the visibility switch), profile photos, going offline and online, restarts (the engine's
// memory lost, database and tokens kept), syncs one at a time or all at once, an edit while a pass runs, and faults:
// a 5xx or 401 on the k-th operation of a push, an answer lost after the operation committed, a push killed when
// operation k is reached (the server runs on), a push that never arrives, lost or failed pulls, uploads and token
// refreshes, and every access token expiring. Then the heal: every device online, faults gone, passes until a round
// in which the server runs nothing new.
//
// The oracle (tests/api/soak/oracle.ts): among the operations the server really ran, the last one setting a field
// from device D carries D's last local write of that field (nothing lost, nothing reordered, nothing run twice over a
// newer write); image picks and removals arrive one for one and in order; when devices wrote the same field
// concurrently, the last the server ran wins (last-writer-wins by the server's arrival order) and is what the server
// holds; the server holds exactly the items created and not deleted anywhere, each once (none lost, doubled or
// resurrected); and every device holds exactly the server's rows with nothing left to send.
//
// CI runs SOAK_RUNS (default 200) cases with a fresh seed and stops at the first failure, printing the seed, the
// path and the steps. `npm run soak` runs more (SOAK_RUNS, default 2000) and shrinks a failure; SOAK_SEED and SOAK_PATH
// replay one; SOAK_DATABASE=postgres (with TEST_DATABASE_URL) runs against PostgreSQL.
import fc from 'fast-check'
import { beforeAll, expect, it } from 'vitest'
import { sharedDatabase, TestApp, testDatabases } from './harness.ts'
import { describeSteps, scenarioArbitrary, type Step } from './soak/model.ts'
import { runScenario } from './soak/run.ts'

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
beforeAll(async () => {
  if (!database) throw new Error(`SOAK_DATABASE=${process.env.SOAK_DATABASE}: no such test database (is TEST_DATABASE_URL set?)`)
  t = new TestApp(await sharedDatabase(database.url))
})

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
]

it(
  `${runs} random runs of three devices with faults all converge on the owner's last intents`,
  async () => {
    let executed = 0
    const seen: Record<string, number> = {}
    const property = fc.asyncProperty(scenarioArbitrary(), async (steps) => {
      const outcome = await runScenario(t, steps, { forgetful })
      executed += outcome.executed
      for (const [what, times] of Object.entries(outcome.seen)) seen[what] = (seen[what] ?? 0) + times
      if (outcome.problems.length > 0) throw new Error(outcome.problems.join('\n'))
    })
    const details = await fc.check(property, { numRuns: runs, seed, path, endOnFailure: !shrink })
    if (details.failed) throw new Error(failureReport(details))
    console.info(`sync soak: ${runs} runs (seed ${details.seed}), ${executed} operations ran; ${JSON.stringify(seen)}`)
    if (runs < 200) return
    expect(executed).toBeGreaterThan(runs * 3)
    expect(MUST_SEE.filter((what) => !seen[what])).toEqual([])
  },
  Math.max(120_000, runs * 3_000),
)

it('the soak notices a server that runs a resent write again (its own check that it can fail)', async () => {
  // B edits an item and its answer is lost after the edit committed; meanwhile A renames it; B's pass sends again.
  const steps: Step[] = [
    { t: 'create', d: 'a', image: false },
    { t: 'sync', d: 'a' },
    { t: 'sync', d: 'b' },
    { t: 'edit', d: 'b', item: 0, fields: ['name'] },
    { t: 'push-fault', d: 'b', fault: { kind: 'lose-after', k: 0 } },
    { t: 'sync', d: 'b' },
    { t: 'edit', d: 'a', item: 0, fields: ['name'] },
    { t: 'sync', d: 'a' },
    { t: 'sync', d: 'b' },
  ]
  expect((await runScenario(t, steps)).problems).toEqual([])
  const broken = await runScenario(t, steps, { forgetful: true })
  expect(broken.problems.join('\n')).toMatch(/name: the write of "name \d+" ran 2 times/)
})
