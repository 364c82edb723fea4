/**
 * The only reader of process.env (eslint.config.js refuses it anywhere else in the app). Parsed once
 * with zod; a bad value stops the process with a message naming the variable (see main.ts).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

const EnvSchema = z.object({
  PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).default(8080)),
  HOST: z.preprocess(emptyAsUndefined, z.string().default('0.0.0.0')),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .refine((url) => /^postgres(ql)?:\/\//.test(url), 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default('./data')),
  UPLOADS_DIR: z.preprocess(emptyAsUndefined, z.string().optional()),
  JWT_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  LOG_LEVEL: z.preprocess(emptyAsUndefined, z.enum(LOG_LEVELS).default('info')),
  LOG_FORMAT: z.preprocess(emptyAsUndefined, z.enum(['auto', 'pretty', 'json']).default('auto')),
  PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  WEB_DIST: z.preprocess(emptyAsUndefined, z.string().default('./dist/web')),
  SMTP_URL: z.preprocess(emptyAsUndefined, z.string().optional()),
  TILE_URL: z.preprocess(emptyAsUndefined, z.string().optional()),
  TILE_ATTRIBUTION: z.preprocess(emptyAsUndefined, z.string().max(500).optional()),
  DB_POOL_MAX: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(500).default(20)),
  WORKERS: z.preprocess(
    emptyAsUndefined,
    z.union([z.literal('auto'), z.coerce.number().int().min(1).max(256)]).default(1),
  ),
  /** Set by the primary process for its workers: the database it opened (JSON), never by hand. */
  TRUCKDESK_WORKER_DATABASE: z.preprocess(emptyAsUndefined, z.string().optional()),
  TRUST_PROXY_HOPS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(10).default(0)),
  DEMO_SIMULATOR: z.preprocess(emptyAsUndefined, z.enum(['on', 'off']).optional()),
  SHUTDOWN_DRAIN_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(60_000).default(0)),
  METRICS_TOKEN: z.preprocess(emptyAsUndefined, z.string().min(16, 'must be at least 16 characters').optional()),
  METRICS_PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(65535).optional()),
  METRICS_HOST: z.preprocess(emptyAsUndefined, z.string().default('127.0.0.1')),
  MESSAGES_PROVIDER: z.preprocess(emptyAsUndefined, z.enum(['outbox', 'twilio', 'unifonic']).default('outbox')),
  TWILIO_ACCOUNT_SID: z.preprocess(emptyAsUndefined, z.string().optional()),
  TWILIO_AUTH_TOKEN: z.preprocess(emptyAsUndefined, z.string().optional()),
  TWILIO_FROM: z.preprocess(emptyAsUndefined, z.string().optional()),
  TWILIO_WHATSAPP_FROM: z.preprocess(emptyAsUndefined, z.string().optional()),
  TWILIO_API_URL: z.preprocess(emptyAsUndefined, z.url().default('https://api.twilio.com')),
  UNIFONIC_APP_SID: z.preprocess(emptyAsUndefined, z.string().optional()),
  UNIFONIC_SENDER_ID: z.preprocess(emptyAsUndefined, z.string().optional()),
  UNIFONIC_API_URL: z.preprocess(emptyAsUndefined, z.url().default('https://el.cloud.unifonic.com')),
}).superRefine((env, ctx) => {
  const need = (names: (keyof typeof env)[]) => {
    for (const name of names) if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: `is required with MESSAGES_PROVIDER=${env.MESSAGES_PROVIDER}` });
  };
  if (env.MESSAGES_PROVIDER === 'twilio') need(['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM']);
  if (env.MESSAGES_PROVIDER === 'unifonic') need(['UNIFONIC_APP_SID', 'UNIFONIC_SENDER_ID']);
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config {
  port: number;
  host: string;
  /** Set: an external PostgreSQL. Unset: the embedded server under dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Uploaded files (truck logos, photos, documents); DATA_DIR/uploads unless UPLOADS_DIR is set. */
  uploadsDir: string;
  jwtSecret: string;
  logLevel: (typeof LOG_LEVELS)[number];
  /** `auto`: readable lines when standard output is a terminal, JSON otherwise. */
  logFormat: 'auto' | 'pretty' | 'json';
  publicUrl: string;
  webDist: string;
  smtpUrl: string | undefined;
  /** Map tiles ({z}/{x}/{y}); OpenStreetMap's standard tiles unless TILE_URL names others, undefined for TILE_URL=off. */
  tileUrl: string | undefined;
  /** The tiles' attribution (HTML) when TILE_URL names other tiles; OpenStreetMap's is added by the web app. */
  tileAttribution: string | undefined;
  dbPoolMax: number;
  /** Server processes on the port (node:cluster); `auto` became the number of cores. */
  workers: number;
  /** In a worker: the database the primary opened and migrated. */
  workerDatabase: { kind: 'embedded' | 'external'; connection: Record<string, unknown> } | undefined;
  /** How many reverse proxies stand in front: only their X-Forwarded-For entries are believed. */
  trustProxyHops: number;
  /**
   * Demo orders on the demo truck every 45–90 s (server/demo/demo-simulator.ts). Unset: only on the
   * embedded database; 'off' never; 'on' also with DATABASE_URL.
   */
  demoSimulator: 'on' | 'off' | 'auto';
  /** On SIGTERM, how long readiness answers 503 before the process stops accepting connections. */
  shutdownDrainMs: number;
  /** Set: /metrics on the public port answers with `Authorization: Bearer <token>`. */
  metricsToken: string | undefined;
  /** Set: /metrics (no token) on this port of metricsHost, every worker's figures added up. */
  metricsPort: number | undefined;
  metricsHost: string;
  /** Customer messages (SMS, WhatsApp): the console outbox unless a provider is configured (decision 019). */
  messages:
    | { provider: 'outbox' }
    | { provider: 'twilio'; accountSid: string; authToken: string; from: string; whatsappFrom: string | undefined; apiUrl: string }
    | { provider: 'unifonic'; appSid: string; senderId: string; apiUrl: string };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** OpenStreetMap's standard tiles: fine for a small deployment under its tile usage policy (see the operator guide). */
export const OSM_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

export function parseEnv(env: NodeJS.ProcessEnv): Env {
  const result = EnvSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  return result.data;
}

/** A generated secret is kept in the data folder so a restart keeps everyone signed in. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, `${randomBytes(48).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Already there (an earlier run, or a process starting at the same moment): keep it.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readFileSync(file, 'utf8').trim();
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = parseEnv(env);
  const dataDir = path.resolve(parsed.DATA_DIR);
  const port = parsed.PORT;
  return {
    port,
    host: parsed.HOST,
    databaseUrl: parsed.DATABASE_URL,
    dataDir,
    uploadsDir: path.resolve(parsed.UPLOADS_DIR ?? path.join(dataDir, 'uploads')),
    jwtSecret: parsed.JWT_SECRET ?? readOrCreateSecret(dataDir),
    logLevel: parsed.LOG_LEVEL,
    logFormat: parsed.LOG_FORMAT,
    publicUrl: (parsed.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    webDist: path.resolve(parsed.WEB_DIST),
    smtpUrl: parsed.SMTP_URL,
    tileUrl: parsed.TILE_URL === 'off' ? undefined : (parsed.TILE_URL ?? OSM_TILE_URL),
    tileAttribution: parsed.TILE_ATTRIBUTION,
    dbPoolMax: parsed.DB_POOL_MAX,
    workers: parsed.WORKERS === 'auto' ? os.availableParallelism() : parsed.WORKERS,
    workerDatabase: parsed.TRUCKDESK_WORKER_DATABASE ? (JSON.parse(parsed.TRUCKDESK_WORKER_DATABASE) as Config['workerDatabase']) : undefined,
    trustProxyHops: parsed.TRUST_PROXY_HOPS,
    demoSimulator: parsed.DEMO_SIMULATOR ?? 'auto',
    shutdownDrainMs: parsed.SHUTDOWN_DRAIN_MS,
    metricsToken: parsed.METRICS_TOKEN,
    metricsPort: parsed.METRICS_PORT,
    metricsHost: parsed.METRICS_HOST,
    messages:
      parsed.MESSAGES_PROVIDER === 'twilio'
        ? { provider: 'twilio', accountSid: parsed.TWILIO_ACCOUNT_SID!, authToken: parsed.TWILIO_AUTH_TOKEN!, from: parsed.TWILIO_FROM!, whatsappFrom: parsed.TWILIO_WHATSAPP_FROM, apiUrl: parsed.TWILIO_API_URL.replace(/\/$/, '') }
        : parsed.MESSAGES_PROVIDER === 'unifonic'
          ? { provider: 'unifonic', appSid: parsed.UNIFONIC_APP_SID!, senderId: parsed.UNIFONIC_SENDER_ID!, apiUrl: parsed.UNIFONIC_API_URL.replace(/\/$/, '') }
          : { provider: 'outbox' },
  };
}

/** The environment a child process starts with: this process's own, less the variables `drop` picks. */
export function childEnvironment(drop: (name: string) => boolean): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !drop(name)));
}
