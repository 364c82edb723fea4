import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from './env';

const tempDir = () => mkdtempSync(path.join(tmpdir(), 'td-env-'));

describe('configuration', () => {
  it('has working defaults', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({ port: 8080, host: '0.0.0.0', databaseUrl: undefined, logLevel: 'info', publicUrl: 'http://localhost:8080' });
  });

  it("draws maps on OpenStreetMap's standard tiles unless TILE_URL names others or is off", () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir })).toMatchObject({ tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', tileAttribution: undefined });
    expect(loadConfig({ DATA_DIR: dataDir, TILE_URL: 'https://tiles.example/{z}/{x}/{y}.png', TILE_ATTRIBUTION: '© Example' })).toMatchObject({
      tileUrl: 'https://tiles.example/{z}/{x}/{y}.png',
      tileAttribution: '© Example',
    });
    expect(loadConfig({ DATA_DIR: dataDir, TILE_URL: 'off' }).tileUrl).toBeUndefined();
  });

  it('names every bad variable', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud', PUBLIC_URL: 'not a url', DATA_DIR: tempDir() });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      for (const name of ['PORT', 'DATABASE_URL', 'LOG_LEVEL', 'PUBLIC_URL']) expect(message).toContain(name);
    }
  });

  it('generates a JWT secret once and keeps it in the data folder', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    const second = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(48);
    expect(second).toBe(first);
    expect(readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8').trim()).toBe(first);
    expect(statSync(path.join(dataDir, 'jwt-secret')).mode & 0o777).toBe(0o600);
  });

  it('runs one server process unless WORKERS says how many, or auto: one per core', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }).workers).toBe(1);
    expect(loadConfig({ DATA_DIR: dataDir, WORKERS: '' }).workers).toBe(1);
    expect(loadConfig({ DATA_DIR: dataDir, WORKERS: '3' }).workers).toBe(3);
    expect(loadConfig({ DATA_DIR: dataDir, WORKERS: 'auto' }).workers).toBe(os.availableParallelism());
    // The cores this process may use, whatever this machine has.
    const cores = vi.spyOn(os, 'availableParallelism').mockReturnValue(12);
    try {
      expect(loadConfig({ DATA_DIR: dataDir, WORKERS: 'auto' }).workers).toBe(12);
    } finally {
      cores.mockRestore();
    }
    for (const bad of ['0', '-1', '1.5', 'all', '257']) expect(() => loadConfig({ DATA_DIR: dataDir, WORKERS: bad }), bad).toThrow(/WORKERS/);
  });

  it('uses JWT_SECRET when given', () => {
    const secret = 's'.repeat(40);
    expect(loadConfig({ DATA_DIR: tempDir(), JWT_SECRET: secret }).jwtSecret).toBe(secret);
  });
});
