/**
 * The reads every dashboard request repeats, built once per database handle and run as named
 * prepared statements: Drizzle does not rebuild their SQL per request (a millisecond of CPU for a
 * wide select), and PostgreSQL parses and plans each once per pooled connection. Only what runs on
 * the pool outside transactions, with every varying value a `sql.placeholder`.
 *
 * Behind PgBouncer in transaction mode this needs PgBouncer 1.21 or newer with
 * `max_prepared_statements` set (docs/operator-guide.md).
 */
import type { Db } from './database';

export function preparedOn<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const built = new WeakMap<Db, Q>();
  return (db) => {
    let query = built.get(db);
    if (query === undefined) built.set(db, (query = build(db)));
    return query;
  };
}
