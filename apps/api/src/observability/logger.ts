import type { LogLevel } from '@nestjs/common';
import pino, { type Level, type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { LogConfig } from '@tabour/platform';

/**
 * Keys that never reach a log line whatever an object carries: an error or a caller may hand the
 * logger a request's headers or a body (docs/operations.md, "Logs").
 */
const REDACTED = ['authorization', 'cookie', 'password', 'token', 'secret'].flatMap((k) => [k, `*.${k}`, `*.headers.${k}`]);

/**
 * The process's one logger: JSON lines on standard output, or coloured text for a developer.
 * Written synchronously, as pino does by default, so that the lines before a crash or an exit
 * are not lost in a buffer.
 */
export function createRootLogger(log: LogConfig): Logger {
  const options: pino.LoggerOptions = {
    level: log.level,
    timestamp: pino.stdTimeFunctions.isoTime,
    // Names, not numbers: `"level":"warn"` is what an operator greps for.
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: REDACTED, censor: '[redacted]' },
  };
  if (log.format === 'json') return pino(options, pino.destination({ dest: 1, sync: true }));
  return pino(
    options,
    pretty({
      sync: true,
      translateTime: 'SYS:HH:MM:ss.l',
      ignore: 'pid,hostname,context',
      messageFormat: '{if context}[{context}] {end}{msg}',
      singleLine: true,
    }),
  );
}

/**
 * The least severe level a Nest-style list names (`['error', 'warn']` is `warn`); `false`, or an
 * empty list, is silence. The tests' servers are quietened so.
 */
export function levelOf(levels: LogLevel[] | false): Level | 'silent' {
  if (levels === false || levels.length === 0) return 'silent';
  const order: [LogLevel, Level][] = [
    ['verbose', 'trace'],
    ['debug', 'debug'],
    ['log', 'info'],
    ['warn', 'warn'],
    ['error', 'error'],
    ['fatal', 'fatal'],
  ];
  return order.find(([nest]) => levels.includes(nest))![1];
}
