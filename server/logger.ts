// Structured logs: one JSON object per line on stdout, so any log collector
// can parse them without a format to configure. Deliberately tiny: no
// dependency, no transports; where the lines go is the platform's business.
import type { LogLevel } from './config'

export type LogFields = Record<string, unknown>

export interface Logger {
  debug(msg: string, fields?: LogFields): void
  info(msg: string, fields?: LogFields): void
  warn(msg: string, fields?: LogFields): void
  error(msg: string, fields?: LogFields): void
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 }

export interface LoggerOptions {
  level?: LogLevel
  /** Receives each finished line (without the newline); stdout by default. */
  write?: (line: string) => void
  now?: () => Date
}

/** An Error as plain fields (JSON.stringify drops an Error's own properties). */
export function describeError(error: unknown): LogFields {
  if (error instanceof Error) {
    const cause = error.cause === undefined ? {} : { cause: describeError(error.cause) }
    // A failed query's message carries its parameters (a note's text, an
    // email): the log keeps the SQL and leaves the values out.
    const { query, params } = error as { query?: unknown; params?: unknown }
    if (typeof query === 'string' && params !== undefined) {
      const message = `Failed query: ${query}`
      const stack = error.stack?.replace(error.message, message)
      // The database's own message may quote a value too ("invalid input syntax ...: <value>"): its code says enough.
      const code = (error.cause as { code?: unknown } | undefined)?.code
      const reason = error.cause instanceof Error ? { cause: { name: error.cause.name, code } } : {}
      return { name: error.name, message, stack, ...reason }
    }
    return { name: error.name, message: error.message, stack: error.stack, ...cause }
  }
  return { message: String(error) }
}

function serialise(record: LogFields): string {
  try {
    return JSON.stringify(record, (_key, value: unknown) => {
      if (value instanceof Error) return describeError(value)
      if (typeof value === 'bigint') return value.toString()
      return value
    })
  } catch {
    // A circular field must not lose the line itself.
    return JSON.stringify({ time: record.time, level: record.level, msg: record.msg, note: 'fields not serialisable' })
  }
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const threshold = RANK[options.level ?? 'info']
  const write = options.write ?? ((line: string) => void process.stdout.write(`${line}\n`))
  const now = options.now ?? (() => new Date())
  const log =
    (level: LogLevel) =>
    (msg: string, fields: LogFields = {}) => {
      if (RANK[level] < threshold) return
      write(serialise({ time: now().toISOString(), level, msg, ...fields }))
    }
  return { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') }
}

/** A logger that keeps its records, for tests. */
export function memoryLogger(): Logger & { records: LogFields[] } {
  const records: LogFields[] = []
  const logger = createLogger({ level: 'debug', write: (line) => records.push(JSON.parse(line) as LogFields) })
  return Object.assign(logger, { records })
}
