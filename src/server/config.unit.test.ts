import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, defaultWorkers, loadConfig } from './config';

describe('loadConfig', () => {
  it('has the defaults of GUIDE section 4', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: null,
      publicUrl: 'http://localhost:3000',
      smtpUrl: null,
      mailFrom: 'RoadCaptain <no-reply@localhost>',
      appName: 'RoadCaptain',
      geocoderUrl: null,
      routerUrl: null,
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    });
    expect(config.dataDir).toMatch(/data$/);
  });

  it('runs one worker process per core (at most 8) unless WORKERS says otherwise', () => {
    expect(loadConfig({}).workers).toBe(Math.min(os.availableParallelism(), 8));
    expect(loadConfig({ WORKERS: '1' }).workers).toBe(1);
    expect(loadConfig({ WORKERS: '12' }).workers).toBe(12);
  });

  it('leaves half the cores to a PostgreSQL server on the same machine', () => {
    for (const local of ['postgres://app@localhost/rc', 'postgres://app@127.0.0.1:5432/rc', 'postgresql://app@[::1]/rc', 'postgres:///rc', 'postgres:///rc?host=/var/run/postgresql']) {
      expect(defaultWorkers(local, 2), local).toBe(1);
      expect(defaultWorkers(local, 8), local).toBe(4);
      expect(defaultWorkers(local, 1), local).toBe(1);
    }
    for (const remote of ['postgres://app@db.internal:5432/rc', 'postgres://app@10.0.0.5/rc']) expect(defaultWorkers(remote, 2), remote).toBe(2);
    expect(defaultWorkers(null, 2)).toBe(2);
    expect(defaultWorkers(null, 32)).toBe(8);
    expect(loadConfig({ DATABASE_URL: 'postgres://app@localhost/rc', WORKERS: '2' }).workers).toBe(2);
  });

  it('derives PUBLIC_URL from PORT and trims a trailing slash', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://rides.example/' }).publicUrl).toBe('https://rides.example');
  });

  it.each([
    [{ PORT: 'abc' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ PUBLIC_URL: 'not a url' }, /PUBLIC_URL/],
    [{ SMTP_URL: 'http://mail' }, /SMTP_URL/],
    [{ GEOCODER_URL: 'ftp://x' }, /GEOCODER_URL/],
    [{ TILE_URL: 'https://tiles.example/tile.png' }, /TILE_URL/],
    [{ WORKERS: '0' }, /WORKERS/],
    [{ WORKERS: 'two' }, /WORKERS/],
  ])('stops on %j with one line naming the variable', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});
