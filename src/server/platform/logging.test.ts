import { PassThrough } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions, prettyStream, usesPrettyLogs } from './logging';

function capture() {
  const destination = new PassThrough();
  let text = '';
  destination.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { destination, text: () => text };
}

describe('log format', () => {
  it('is readable in a terminal and JSON otherwise, unless LOG_FORMAT says', () => {
    expect(usesPrettyLogs('auto', true)).toBe(true);
    expect(usesPrettyLogs('auto', false)).toBe(false);
    expect(usesPrettyLogs('json', true)).toBe(false);
    expect(usesPrettyLogs('pretty', false)).toBe(true);
    expect(loggerOptions({ logFormat: 'json', logLevel: 'info' }, true)).toEqual({ level: 'info' });
    expect(loggerOptions({ logFormat: 'auto', logLevel: 'warn' }, true)).toMatchObject({ level: 'warn', stream: expect.anything() });
  });

  it('prints a coloured line with the time, level and message; requests as method, path, status and time', () => {
    const out = capture();
    const log = pino({ level: 'info' }, prettyStream({ colorize: true, destination: out.destination }));
    log.info('listening');
    log.info({ reqId: 'abcdef0123456789', req: { method: 'GET', url: '/api/v1/health' } }, 'incoming request');
    log.info({ reqId: 'abcdef0123456789', res: { statusCode: 200 }, responseTime: 3.14159 }, 'request completed');
    const lines = out.text().trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(out.text()).toContain('\u001b['); // ANSI colour
    const plain = lines.map((line) => line.replaceAll(/\[[\d;]*m/g, '').replaceAll('\u001b', ''));
    expect(plain[0]).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: listening$/);
    expect(plain[1]).toMatch(/INFO: \[abcdef01\] incoming request: GET \/api\/v1\/health$/);
    expect(plain[2]).toMatch(/INFO: \[abcdef01\] request completed: 200 in 3\.1 ms$/);
  });
});
