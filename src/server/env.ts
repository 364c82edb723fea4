/**
 * The only reader of process.env. Parsed once with zod; a bad value stops the process with a
 * message naming the variable (see main.ts).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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
  PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  WEB_DIST: z.preprocess(emptyAsUndefined, z.string().default('./dist/web')),
  SMTP_URL: z.preprocess(emptyAsUndefined, z.string().optional()),
  TILE_URL: z.preprocess(emptyAsUndefined, z.string().optional()),
  REPOSITORY_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  DB_POOL_MAX: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(500).default(20)),
  TRUST_PROXY_HOPS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(10).default(0)),
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
  publicUrl: string;
  webDist: string;
  smtpUrl: string | undefined;
  tileUrl: string | undefined;
  repositoryUrl: string | undefined;
  dbPoolMax: number;
  /** How many reverse proxies stand in front: only their X-Forwarded-For entries are believed. */
  trustProxyHops: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

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
    publicUrl: (parsed.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    webDist: path.resolve(parsed.WEB_DIST),
    smtpUrl: parsed.SMTP_URL,
    tileUrl: parsed.TILE_URL,
    repositoryUrl: parsed.REPOSITORY_URL,
    dbPoolMax: parsed.DB_POOL_MAX,
    trustProxyHops: parsed.TRUST_PROXY_HOPS,
  };
}
