/**
 * Runs nginx with deploy/nginx.conf itself (its @…@ placeholders filled in) in front of app processes:
 * plain HTTP and HTTPS with HTTP/2, the certificate a self-signed one made here with openssl. Used by
 * `npm run deploy:check` and by the Lighthouse bench, which measures the app as it is served in
 * production.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../src/testing/source-server';

const root = fileURLToPath(new URL('..', import.meta.url));

/** nginx's path (Debian's, else on PATH), or undefined when it is not installed. */
export function findNginx(): string | undefined {
  return ['/usr/sbin/nginx', ...(process.env.PATH ?? '').split(path.delimiter).map((dir) => path.join(dir, 'nginx'))].find((candidate) => existsSync(candidate));
}

export interface RunningNginx {
  /** Plain HTTP, e.g. http://127.0.0.1:40001 */
  http: string;
  /** HTTPS with HTTP/2 (a self-signed certificate for 127.0.0.1), e.g. https://127.0.0.1:40002 */
  https: string;
  process: ChildProcess;
  stop(): void;
}

/**
 * Starts nginx in `prefix` (a new, empty folder) in front of the app processes on `appPorts` (one or
 * two; with one, both upstream entries are that process).
 */
export async function startNginx(nginx: string, prefix: string, appPorts: readonly number[]): Promise<RunningNginx> {
  mkdirSync(prefix, { recursive: true });
  const cert = path.join(prefix, 'cert.pem');
  const key = path.join(prefix, 'key.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', key, '-out', cert], { stdio: 'ignore' });
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  const config = readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8')
    .replaceAll('@PREFIX@', prefix)
    .replaceAll('@PORT_A@', String(appPorts[0]))
    .replaceAll('@PORT_B@', String(appPorts[1] ?? appPorts[0]))
    .replaceAll('@LISTEN_TLS@', `127.0.0.1:${httpsPort}`)
    .replaceAll('@LISTEN@', `127.0.0.1:${httpPort}`)
    .replaceAll('@TLS_CERT@', cert)
    .replaceAll('@TLS_KEY@', key);
  const leftOver = /@[A-Z_]+@/.exec(config);
  if (leftOver) throw new Error(`deploy/nginx.conf: placeholder ${leftOver[0]} is not filled in`);
  writeFileSync(path.join(prefix, 'nginx.conf'), config);
  const child = spawn(nginx, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const http = `http://127.0.0.1:${httpPort}`;
  const deadline = Date.now() + 30_000;
  while (!(await fetch(`${http}/api/v1/health`).then((response) => response.ok, () => false))) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('nginx did not answer within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { http, https: `https://127.0.0.1:${httpsPort}`, process: child, stop: () => child.kill('SIGTERM') };
}
