// Reads what the server logs: a pino destination that keeps every line in memory, for tests that assert on log content.
import { createLogger, type Logger } from '../../server/http/logging.ts'

export type LogLine = Record<string, unknown> & { level: string; msg: string }

export function captureLogs(): { logger: Logger; text: () => string; lines: () => LogLine[] } {
  const written: string[] = []
  const logger = createLogger('info', { write: (line: string) => void written.push(line) })
  return {
    logger,
    text: () => written.join(''),
    lines: () => written.map((line) => JSON.parse(line) as LogLine),
  }
}
