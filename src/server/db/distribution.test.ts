/**
 * The schema stays ready to be distributed by truck over Citus (docs/decisions/010-citus-distribution.md):
 * read from the catalog of a migrated database, every truck-owned table (one with a truck_id column,
 * and trucks itself, keyed by id) has the truck in its primary key and in every unique key, and every
 * foreign key between two truck-owned tables carries the truck across. Tables without truck_id are
 * reference tables (copied to every node): none of them may point at a truck-owned table.
 */
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '@testing/test-database';

interface Key {
  table: string;
  name: string;
  kind: 'p' | 'u' | 'f' | 'i';
  columns: string[];
  referenced: string | null;
  referencedColumns: string[];
}

/**
 * Tables with a truck_id that are nevertheless reference tables (kept whole on every node), and why.
 * Their foreign keys to truck-owned tables are dropped when the schema is distributed (Citus does not
 * allow a reference table to point at a distributed one); the app keeps them true.
 */
const REFERENCE_TABLES_WITH_TRUCK_ID: Record<string, string> = {
  truck_slugs: 'a slug is unique across all trucks and is looked up before the truck is known (public pages)',
  booking_calendar_feeds: 'a calendar feed URL carries only its token, unique across all trucks, looked up before the truck is known',
};

/** What stands in the way of distributing the schema by truck, one line each. */
async function distributionProblems(pool: pg.Pool): Promise<string[]> {
    const { rows: columns } = await pool.query<{ table: string; column: string }>(
      `SELECT c.relname AS table, a.attname AS column FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped`,
    );
    const { rows: keys } = await pool.query<Key>(
      `SELECT c.relname AS table, k.conname AS name, k.contype AS kind,
              array(SELECT attname FROM unnest(k.conkey) WITH ORDINALITY u(n, o) JOIN pg_attribute ON attrelid = k.conrelid AND attnum = u.n ORDER BY o)::text[] AS columns,
              p.relname AS referenced,
              array(SELECT attname FROM unnest(k.confkey) WITH ORDINALITY u(n, o) JOIN pg_attribute ON attrelid = k.confrelid AND attnum = u.n ORDER BY o)::text[] AS "referencedColumns"
       FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
       LEFT JOIN pg_class p ON p.oid = k.confrelid
       WHERE n.nspname = 'public' AND k.contype IN ('p', 'u', 'f')
       UNION ALL
       -- unique indexes that are not constraints (CREATE UNIQUE INDEX)
       SELECT c.relname, i.relname, 'i',
              array(SELECT attname FROM unnest(x.indkey::int2[]) WITH ORDINALITY u(n, o) JOIN pg_attribute ON attrelid = x.indrelid AND attnum = u.n ORDER BY o)::text[],
              NULL, '{}'::text[]
       FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class c ON c.oid = x.indrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'public' AND x.indisunique AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = x.indexrelid)`,
    );
    const tables = new Set(columns.map((row) => row.table));
    /** The column a truck-owned table is distributed by; undefined for a reference table. */
    const distribution = new Map<string, string>();
    for (const table of tables) {
      if (table === 'trucks') distribution.set(table, 'id');
      else if (columns.some((row) => row.table === table && row.column === 'truck_id') && !(table in REFERENCE_TABLES_WITH_TRUCK_ID)) {
        distribution.set(table, 'truck_id');
      }
    }

    const problems: string[] = [];
    for (const key of keys) {
      const column = distribution.get(key.table);
      if (key.kind === 'f') {
        const target = key.referenced!;
        const targetColumn = distribution.get(target);
        if (column && targetColumn) {
          const at = key.columns.indexOf(column);
          if (at < 0 || key.referencedColumns[at] !== targetColumn) {
            problems.push(`${key.table}.${key.name}: foreign key (${key.columns.join(', ')}) → ${target}(${key.referencedColumns.join(', ')}) does not carry ${column} → ${targetColumn}`);
          }
        } else if (!column && targetColumn && !(key.table in REFERENCE_TABLES_WITH_TRUCK_ID)) {
          problems.push(`${key.table}.${key.name}: reference table points at the truck-owned ${target}`);
        }
      } else if (column && !key.columns.includes(column)) {
        const what = key.kind === 'p' ? 'primary key' : 'unique key';
        problems.push(`${key.table}.${key.name}: ${what} (${key.columns.join(', ')}) lacks ${column}`);
      }
    }
    for (const table of distribution.keys()) if (!keys.some((key) => key.table === table && key.kind === 'p')) problems.push(`${table}: no primary key`);
    return problems;
}

describe('distribution by truck', () => {
  it('has truck_id in every key of a truck-owned table and in every foreign key between them', async () => {
    const { pool } = await createTestDatabase();
    const { rows } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'truck_id'`);
    expect(rows[0]!.n).toBeGreaterThan(10);
    expect(await distributionProblems(pool)).toEqual([]);
  });

  it('names each key that would stand in the way', async () => {
    const { pool } = await createTestDatabase();
    await pool.query(`
      CREATE TABLE bad_parents (truck_id uuid NOT NULL, id uuid PRIMARY KEY, code text UNIQUE);
      CREATE UNIQUE INDEX bad_parents_code_idx ON bad_parents (code, id);
      CREATE TABLE bad_children (truck_id uuid NOT NULL, id uuid NOT NULL, parent_id uuid REFERENCES bad_parents (id), PRIMARY KEY (truck_id, id));
      CREATE TABLE bad_lookups (id uuid PRIMARY KEY, child_truck uuid, child_id uuid, FOREIGN KEY (child_truck, child_id) REFERENCES bad_children (truck_id, id));
      CREATE TABLE bad_keyless (truck_id uuid NOT NULL, note text)`);
    expect((await distributionProblems(pool)).filter((problem) => problem.startsWith('bad_')).sort()).toEqual([
      'bad_children.bad_children_parent_id_fkey: foreign key (parent_id) → bad_parents(id) does not carry truck_id → truck_id',
      'bad_keyless: no primary key',
      'bad_lookups.bad_lookups_child_truck_child_id_fkey: reference table points at the truck-owned bad_children',
      'bad_parents.bad_parents_code_idx: unique key (code, id) lacks truck_id',
      'bad_parents.bad_parents_code_key: unique key (code) lacks truck_id',
      'bad_parents.bad_parents_pkey: primary key (id) lacks truck_id',
    ]);
  });
});
