/**
 * The process's log lines: JSON (pino) for machines, or readable coloured lines for a person at a
 * terminal. LOG_FORMAT chooses; unset, a terminal on standard output gets the readable ones.
 */
import type { Writable } from 'node:stream';
import type { FastifyServerOptions } from 'fastify';
import pino from 'pino';
import pretty from 'pino-pretty';
import type { Config } from '../env';

type LogRecord = Record<string, unknown>;

/** One line per request: method and path when it comes in, status and time when it is answered. */
function messageFormat(log: LogRecord, messageKey: string): string {
  const message = String(log[messageKey] ?? '');
  const req = log.req as { method?: string; url?: string } | undefined;
  const res = log.res as { statusCode?: number } | undefined;
  const id = typeof log.reqId === 'string' ? `[${log.reqId.slice(0, 8)}] ` : '';
  if (req) return `${id}${message}: ${req.method} ${req.url}`;
  if (res) return `${id}${message}: ${res.statusCode} in ${Number(log.responseTime ?? 0).toFixed(1)} ms`;
  return `${id}${message}`;
}

export function prettyStream(options: { colorize: boolean; destination?: Writable }) {
  return pretty({
    colorize: options.colorize,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,req,res,reqId,responseTime',
    messageFormat,
    sync: true,
    ...(options.destination && { destination: options.destination }),
  });
}

export function usesPrettyLogs(format: Config['logFormat'], isTTY: boolean): boolean {
  return format === 'pretty' || (format === 'auto' && isTTY);
}

/** Fastify's logger options for this config and standard output. */
export function loggerOptions(config: Pick<Config, 'logFormat' | 'logLevel'>, isTTY = Boolean(process.stdout.isTTY)): FastifyServerOptions['logger'] {
  if (!usesPrettyLogs(config.logFormat, isTTY)) return { level: config.logLevel };
  return { level: config.logLevel, stream: prettyStream({ colorize: true }) };
}

/** A logger outside the app (the primary of several workers), in the same format. */
export function createLogger(config: Pick<Config, 'logFormat' | 'logLevel'>, isTTY = Boolean(process.stdout.isTTY)): pino.Logger {
  if (!usesPrettyLogs(config.logFormat, isTTY)) return pino({ level: config.logLevel });
  return pino({ level: config.logLevel }, prettyStream({ colorize: true }));
}
