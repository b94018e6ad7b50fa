import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { RIDER_COLUMNS, type RiderColumn } from './rider-columns';
import { useTestApp } from '../test/use-test-app';
import { buildSignedInUser, tokenFromMail } from '../test/test-app';
import { buildGroup, buildGuest } from '../test/factories';

const t = useTestApp();

interface ForeignKey {
  column: string;
  onDelete: string;
}

/** Every foreign key to users in the migrated schema, as "table.column" with its ON DELETE rule. */
async function foreignKeysToUsers(): Promise<ForeignKey[]> {
  const { db, engine } = { db: t.app.ctx.db, engine: t.app.ctx.engine };
  if (engine === 'postgres') {
    const { rows } = await sql<{ table_name: string; column_name: string; delete_rule: string }>`
      select kcu.table_name, kcu.column_name, rc.delete_rule
      from information_schema.referential_constraints rc
      join information_schema.key_column_usage kcu on kcu.constraint_name = rc.constraint_name and kcu.constraint_schema = rc.constraint_schema
      join information_schema.constraint_column_usage ccu on ccu.constraint_name = rc.constraint_name and ccu.constraint_schema = rc.constraint_schema
      where ccu.table_name = 'users' and kcu.table_schema = current_schema()`.execute(db);
    return rows.map((r) => ({ column: `${r.table_name}.${r.column_name}`, onDelete: r.delete_rule }));
  }
  const { rows: tables } = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db);
  const keys: ForeignKey[] = [];
  for (const { name } of tables) {
    const { rows } = await sql<{ table: string; from: string; on_delete: string }>`select * from pragma_foreign_key_list(${name})`.execute(db);
    for (const key of rows) if (key.table === 'users') keys.push({ column: `${name}.${key.from}`, onDelete: key.on_delete });
  }
  return keys;
}

/** The ON DELETE rule a deletion handling needs ('keeps the guest' keeps it from being deleted at all). */
const RULE_OF = { cascades: 'CASCADE', anonymised: 'SET NULL' } as const;

describe('every column that names a rider is handled by guest merging and guest clean-up', () => {
  it('lists each foreign key to users in RIDER_COLUMNS, with the deletion its ON DELETE rule does', async () => {
    const keys = await foreignKeysToUsers();
    expect(keys.length).toBeGreaterThan(10);
    const listed = new Set<string>(Object.keys(RIDER_COLUMNS));
    const missing = keys.map((k) => k.column).filter((column) => !listed.has(column));
    expect(missing, 'columns naming a rider that RIDER_COLUMNS (users/rider-columns.ts) does not say how merge-guest.ts and deleteAbandonedGuests handle').toEqual([]);
    const stale = [...listed].filter((column) => !keys.some((k) => k.column === column));
    expect(stale, 'RIDER_COLUMNS entries that are no foreign key to users').toEqual([]);
    const misdeclared = keys.flatMap(({ column, onDelete }) => {
      const { deletion } = RIDER_COLUMNS[column as RiderColumn];
      return deletion !== 'keeps the guest' && RULE_OF[deletion] !== onDelete.toUpperCase() ? [`${column}: declared ${deletion}, ON DELETE ${onDelete}`] : [];
    });
    expect(misdeclared).toEqual([]);
  });
});

describe('a guest who asked to join a group and signs into an account', () => {
  it("stays in the organizer's notifications as the account (notifications.subject_user_id moves)", async () => {
    const owner = await buildGuest(t);
    const group = await buildGroup(owner, { membershipApprovalRequired: true });
    const account = await buildSignedInUser(t);
    const guest = await buildGuest(t);
    expect((await guest.client.post(`/api/groups/${group.id}/join`)).statusCode).toBe(200);
    await guest.client.post('/api/auth/magic-link', { email: account.user.email }, { 'x-forwarded-for': '10.9.9.8' });
    expect((await guest.client.post('/api/auth/verify-magic-link', { token: tokenFromMail(t.mail, account.user.email) })).json()).toMatchObject({ status: 'signed_in' });
    const requests = ((await owner.client.get('/api/notifications')).json() as Array<{ type: string; subject?: { riderHandle?: string } }>).filter((n) => n.type === 'membership_request');
    expect(requests.map((n) => n.subject?.riderHandle)).toEqual([account.user.userId]);
  });
});
