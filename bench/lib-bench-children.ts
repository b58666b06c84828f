// The benches' server processes: started as children that announce READY over fd 3 (so standard output is the
// request log alone, a file or a pipe), asked at run time for a raw server inside them or another log level, stopped.
import { type ChildProcess, spawn } from 'node:child_process'
import { closeSync, createWriteStream, openSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { startRawServer } from './lib-scan-load.ts'

export type Ready = { port: number; [key: string]: unknown }
/**
 * A child's messages to the bench (READY, RAW-READY, LEVEL-SET) go over fd 3 when startChild opened it, so that
 * standard output is the request log alone and can be a file, as `node server > app.log` makes it.
 */
const CONTROL_FD = Number(process.env.BENCH_CONTROL_FD ?? 1)
const tell = (text: string) => writeSync(CONTROL_FD, text)
export const announce = (ready: Ready) => tell(`READY ${JSON.stringify(ready)}\n`)

/** Child mode: the raw server in a process of its own. */
export async function serveRaw(answersFile: string) {
  const { port, server } = await startRawServer(answersFile)
  announce({ port })
  process.on('SIGTERM', () => server.close(() => process.exit(0)))
}

/**
 * In an app's child: on a `RAW <answersFile>` line from the parent, the same raw server inside this process, announced
 * as `RAW-READY <port>`. Raw node:http in the app's own process shares its heap and compiled code, so the comparison
 * leaves out how much two processes of the same code differ (about 10% here) and keeps the app's own cost per request.
 * On a `LEVEL <level>` line (bench:log-cost), `setLevel` changes the app's log level, answered `LEVEL-SET`.
 */
export function serveRawOnRequest(setLevel?: (level: string) => void): void {
  let input = ''
  process.stdin.on('data', (chunk: Buffer) => {
    input += chunk.toString()
    const level = /LEVEL (\w+)\n/.exec(input)
    if (level?.[1] && setLevel) {
      input = ''
      setLevel(level[1])
      tell('LEVEL-SET\n')
      return
    }
    const line = /RAW (.+)\n/.exec(input)
    if (!line?.[1]) return
    input = ''
    void startRawServer(line[1]).then(({ port }) => tell(`RAW-READY ${port}\n`))
  })
}

/** Asks an app's child (started by startChild) for a raw server in its own process; resolves to the port. */
export async function rawServerIn(child: ChildProcess, answersFile: string): Promise<number> {
  const answer = controlLine(child, /RAW-READY (\d+)\n/)
  child.stdin?.write(`RAW ${answersFile}\n`)
  return Number((await answer)[1])
}

/** Sets an app child's log level at run time (serveRawOnRequest's LEVEL line); resolves on its LEVEL-SET. */
export async function setLogLevelIn(child: ChildProcess, level: string): Promise<void> {
  const answer = controlLine(child, /LEVEL-SET\n/)
  child.stdin?.write(`LEVEL ${level}\n`)
  await answer
}

/**
 * How a child's request log leaves it: 'file', its standard output is a file (`node server > app.log`); 'pipe', a pipe
 * this process drains into a file, as a log collector reading a service's output would (it costs this process, the
 * load generator's, CPU). `--log-to pipe|file` on the command line; 'file' by default.
 */
export type LogTo = 'file' | 'pipe'
export const logToArg = (): LogTo => (process.argv[process.argv.indexOf('--log-to') + 1] === 'pipe' ? 'pipe' : 'file')

const controlOf = (child: ChildProcess) => child.stdio[3] as Readable | null | undefined

/** The first match of `pattern` in what a child writes on its control fd from now on (listening stops there). */
function controlLine(child: ChildProcess, pattern: RegExp): Promise<RegExpExecArray> {
  return new Promise((resolve) => {
    let out = ''
    const onData = (chunk: Buffer) => {
      out += chunk.toString()
      const match = pattern.exec(out)
      if (!match) return
      controlOf(child)?.off('data', onData)
      resolve(match)
    }
    controlOf(child)?.on('data', onData)
  })
}

/** Runs `script` with `args` in a child process and waits for its READY line. `nodeArgs`: options for its node, such as --cpu-prof. */
export function startChild<T extends Ready>(script: string, args: string[], nodeArgs: string[] = [], logTo: LogTo = logToArg()): Promise<{ child: ChildProcess; ready: T }> {
  const logFile = path.join(tmpdir(), `qr-tee-bench-${process.pid}-${Math.random().toString(36).slice(2)}.log`)
  const output = logTo === 'file' ? openSync(logFile, 'w') : 'pipe'
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script, ...args], {
    stdio: ['pipe', output, 'inherit', 'pipe'],
    env: { ...process.env, BENCH_CONTROL_FD: '3' },
  })
  if (typeof output === 'number') closeSync(output)
  logFiles.set(child, logFile)
  if (child.stdout) child.stdout.pipe(createWriteStream(logFile))
  return new Promise((resolve, reject) => {
    void controlLine(child, /READY (.+)\n/).then((line) => resolve({ child, ready: JSON.parse(line[1] ?? '') as T }))
    child.once('exit', (code) => reject(new Error(`server process exited with ${code}`)))
  })
}

const logFiles = new WeakMap<ChildProcess, string>()
/** The file a child's request log went to (startChild). */
export const childLogFileOf = (child: ChildProcess): string | undefined => logFiles.get(child)

export function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit')
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })
}
