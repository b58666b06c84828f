// The process's last line of defence: libraries' console output and stray failures go through the structured logger,
// summarised (no SQL parameters, no request data), instead of being printed raw.
import { format } from 'node:util'
import type { Logger } from './http/logging.ts'

type ConsoleMethod = 'error' | 'warn' | 'info' | 'log' | 'debug'
const LEVEL_OF: Record<ConsoleMethod, 'error' | 'warn' | 'info' | 'debug'> = { error: 'error', warn: 'warn', info: 'info', log: 'info', debug: 'debug' }

/**
 * @hono/node-server and other libraries write failures with console.error(err); an error object from drizzle carries
 * every bound parameter in its message. Errors among the arguments go to the logger's `err` serializer (which keeps
 * only a summary); the remaining arguments become the message.
 */
export function routeConsoleToLogger(logger: Logger, target: Pick<Console, ConsoleMethod> = console): void {
  for (const method of Object.keys(LEVEL_OF) as ConsoleMethod[]) {
    target[method] = (...args: unknown[]) => {
      const err = args.find((arg) => arg instanceof Error)
      const rest = args.filter((arg) => !(arg instanceof Error))
      const message = rest.length > 0 ? format(...rest) : 'library output'
      logger[LEVEL_OF[method]](err ? { err } : {}, message)
    }
  }
}

/**
 * A promise nobody awaited is logged and the server keeps serving (every request path handles its own failures);
 * an exception that escaped everything leaves the process in an unknown state, so it is logged and the process ends
 * for its supervisor to restart.
 */
export function installProcessGuards(logger: Logger, exit: (code: number) => void = (code) => process.exit(code)): void {
  process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled promise rejection'))
  process.on('uncaughtException', (err) => {
    logger.fatal({ err }, 'uncaught exception: stopping')
    exit(1)
  })
}
