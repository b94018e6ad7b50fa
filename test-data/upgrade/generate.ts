/**
 * Builds the upgrade fixture (src/server/db/upgrade.test.ts): a database made by the code and
 * migrations of an earlier commit, with rows in every table written through that commit's API.
 *
 *   npx tsx test-data/upgrade/generate.ts [commit]    (PostgreSQL: UPGRADE_PG_URL, default the local test server)
 *
 * Extracts the commit into a temp directory (git archive), runs seed.ts there once on SQLite and
 * once on PostgreSQL, and writes per engine: database.sql (a SQL dump), media/ (the stored files)
 * and expected.json (what seed.ts made). Needs git, tar and pg_dump.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { execFileSync, execSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import pg from 'pg';

const commit = process.argv[2] ?? fs.readFileSync(new URL('./COMMIT', import.meta.url), 'utf8').trim();
const fixtureDir = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(fixtureDir, '../..');
const pgBase = process.env.UPGRADE_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A SQL text that rebuilds a SQLite database: tables, rows, then indexes and triggers. */
function dumpSqlite(file: string): string {
  const db = new SQLite(file, { readonly: true });
  const quote = (value: unknown): string => {
    if (value === null) return 'NULL';
    if (typeof value === 'number' || typeof value === 'bigint') return String(value);
    if (Buffer.isBuffer(value)) return `X'${value.toString('hex')}'`;
    return `'${String(value).replaceAll("'", "''")}'`;
  };
  const objects = db.prepare("select type, name, sql from sqlite_master where sql is not null order by case type when 'table' then 0 else 1 end, rowid").all() as Array<{ type: string; name: string; sql: string }>;
  const lines = ['PRAGMA foreign_keys=OFF;', 'BEGIN;'];
  for (const object of objects.filter((o) => o.type === 'table' && !o.name.startsWith('sqlite_'))) {
    lines.push(`${object.sql};`);
    for (const row of db.prepare(`select * from "${object.name}"`).raw(true).all() as unknown[][]) {
      lines.push(`INSERT INTO "${object.name}" VALUES(${row.map(quote).join(',')});`);
    }
  }
  for (const object of objects.filter((o) => o.type !== 'table')) lines.push(`${object.sql};`);
  lines.push('COMMIT;');
  db.close();
  return `${lines.join('\n')}\n`;
}

function copyMedia(from: string, to: string): void {
  fs.rmSync(to, { recursive: true, force: true });
  if (!fs.existsSync(from)) return;
  fs.cpSync(from, to, { recursive: true, filter: (source) => path.basename(source) !== '.tmp' });
}

const checkout = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-upgrade-'));
try {
  execSync(`git archive ${commit} | tar -x -C ${checkout}`, { cwd: repo });
  fs.symlinkSync(fs.realpathSync(path.join(repo, 'node_modules')), path.join(checkout, 'node_modules'));
  fs.mkdirSync(path.join(checkout, 'test-data/upgrade'), { recursive: true });
  fs.copyFileSync(path.join(fixtureDir, 'seed.ts'), path.join(checkout, 'test-data/upgrade/seed.ts'));
  const seed = (outDir: string, env: Record<string, string> = {}) =>
    execFileSync(process.execPath, ['--import', 'tsx', 'test-data/upgrade/seed.ts', outDir], { cwd: checkout, env: { ...process.env, LOG_LEVEL: 'warn', ...env }, stdio: 'inherit' });

  // SQLite
  const sqliteOut = path.join(checkout, 'out-sqlite');
  seed(sqliteOut);
  const sqliteFixture = path.join(fixtureDir, 'sqlite');
  fs.mkdirSync(sqliteFixture, { recursive: true });
  fs.writeFileSync(path.join(sqliteFixture, 'database.sql'), dumpSqlite(path.join(sqliteOut, 'roadcaptain.sqlite')));
  fs.copyFileSync(path.join(sqliteOut, 'expected.json'), path.join(sqliteFixture, 'expected.json'));
  copyMedia(path.join(sqliteOut, 'media'), path.join(sqliteFixture, 'media'));

  // PostgreSQL
  const name = `rc_upgrade_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgBase });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(pgBase);
  url.pathname = `/${name}`;
  try {
    const pgOut = path.join(checkout, 'out-postgres');
    seed(pgOut, { DATABASE_URL: url.toString() });
    const pgFixture = path.join(fixtureDir, 'postgres');
    fs.mkdirSync(pgFixture, { recursive: true });
    const dump = execFileSync('pg_dump', ['--inserts', '--no-owner', '--no-privileges', `--dbname=${url.toString()}`], { maxBuffer: 1 << 28 }).toString();
    fs.writeFileSync(path.join(pgFixture, 'database.sql'), dump);
    fs.copyFileSync(path.join(pgOut, 'expected.json'), path.join(pgFixture, 'expected.json'));
    copyMedia(path.join(pgOut, 'media'), path.join(pgFixture, 'media'));
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
  fs.writeFileSync(path.join(fixtureDir, 'COMMIT'), `${execSync(`git rev-parse ${commit}`, { cwd: repo }).toString().trim()}\n`);
  console.log(`upgrade fixture written from ${commit}`);
} finally {
  fs.rmSync(checkout, { recursive: true, force: true });
}
