/**
 * HTTP/1.1 over a bare socket, for tests that must send what Node's own client refuses to (NUL bytes
 * and other odd header values, lying Content-Length, bodies cut short) and must tell an answer from a
 * reset, a connection closed without an answer, or a hang.
 */
import net from 'node:net';

export interface RawRequest {
  method: string;
  /** Sent as is on the request line. */
  target: string;
  /** Name/value pairs sent in order, unchecked; Host and Connection: close are added unless given. */
  headers?: [string, string][];
  body?: Buffer | string;
  /** Give up after this long without the whole answer (default 10 s). */
  timeoutMs?: number;
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** What happened instead of an answer. */
export class NoAnswer extends Error {
  constructor(
    readonly kind: 'reset' | 'closed' | 'timeout',
    detail: string,
  ) {
    super(`${kind}: ${detail}`);
    this.name = 'NoAnswer';
  }
}

export function rawRequest(port: number, request: RawRequest): Promise<RawAnswer> {
  const headers = request.headers ?? [];
  const has = (name: string) => headers.some(([key]) => key.toLowerCase() === name);
  const head = [
    `${request.method} ${request.target} HTTP/1.1`,
    ...(has('host') ? [] : [`Host: 127.0.0.1:${port}`]),
    ...(has('connection') ? [] : ['Connection: close']),
    ...headers.map(([name, value]) => `${name}: ${value}`),
  ].join('\r\n');
  const body = typeof request.body === 'string' ? Buffer.from(request.body) : request.body;
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const answer = parseAnswer(Buffer.concat(chunks));
      if (answer) resolve(answer);
      else reject(error ?? new NoAnswer('closed', `no complete answer (${Buffer.concat(chunks).length} bytes read)`));
    };
    const timer = setTimeout(() => finish(new NoAnswer('timeout', `no complete answer after ${request.timeoutMs ?? 10_000} ms`)), request.timeoutMs ?? 10_000);
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      // Keep-alive answers end when their length says so, not when the socket closes.
      if (parseAnswer(Buffer.concat(chunks))) finish();
    });
    socket.on('end', () => finish());
    socket.on('close', () => finish());
    // A server that answers and closes while the body is still being written causes EPIPE/ECONNRESET
    // on our side; the answer it sent first still counts.
    socket.on('error', (error: NodeJS.ErrnoException) => finish(new NoAnswer('reset', error.code ?? error.message)));
    socket.write(`${head}\r\n\r\n`, 'latin1');
    if (body?.length) socket.write(body);
  });
}

/** A complete answer in `data`, or undefined while more is needed (or it never was an answer). */
function parseAnswer(data: Buffer): RawAnswer | undefined {
  const end = data.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const lines = data.subarray(0, end).toString('latin1').split('\r\n');
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? '');
  if (!status) return undefined;
  const headers: Record<string, string> = {};
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const rest = data.subarray(end + 4);
  // 100 Continue and other interim answers come before the real one.
  if (Number(status[1]) < 200) return parseAnswer(rest);
  if (headers['transfer-encoding']?.includes('chunked')) {
    const decoded: Buffer[] = [];
    let at = 0;
    for (;;) {
      const lineEnd = rest.indexOf('\r\n', at);
      if (lineEnd < 0) return undefined;
      const size = parseInt(rest.subarray(at, lineEnd).toString('latin1'), 16);
      if (Number.isNaN(size)) return undefined;
      if (size === 0) break;
      if (rest.length < lineEnd + 2 + size + 2) return undefined;
      decoded.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
      at = lineEnd + 2 + size + 2;
    }
    return { status: Number(status[1]), headers, body: Buffer.concat(decoded).toString('utf8') };
  }
  const length = Number(headers['content-length'] ?? 0);
  if (rest.length < length) return undefined;
  return { status: Number(status[1]), headers, body: rest.subarray(0, length).toString('utf8') };
}
