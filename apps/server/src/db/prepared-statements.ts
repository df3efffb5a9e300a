import { type SQL, sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * Prepared statements of one query, kept per database handle and per shape (what varies in its SQL
 * text between calls, such as which filters are on and the sort) and run with each call's values
 * in placeholders. Building the SQL of a large select costs more CPU than PostgreSQL spends running
 * it; and a named statement is parsed once per connection and, once PostgreSQL settles on a generic
 * plan, no longer planned. PGlite runs it unnamed, so there only the building is saved.
 *
 * A shape gets the same statement name on every handle, because handles can share connections (a
 * transaction runs on one of its pool's) and a name must mean one text on a connection.
 */
export function preparedStatements<TStatement>(prefix: string) {
  const names = new Map<string, string>();
  const byHandle = new WeakMap<Db, Map<string, TStatement>>();
  return (db: Db, shape: string, prepare: (statementName: string) => TStatement): TStatement => {
    let statements = byHandle.get(db);
    if (!statements) {
      statements = new Map();
      byHandle.set(db, statements);
    }
    let statement = statements.get(shape);
    if (!statement) {
      let name = names.get(shape);
      if (!name) {
        name = `${prefix}_${names.size}`;
        names.set(shape, name);
      }
      statement = prepare(name);
      statements.set(shape, statement);
    }
    return statement;
  };
}

/**
 * A read answered as one JSON value (a `json_agg` of many small rows, or one object), by a statement
 * prepared as above. The driver turns each row into an object field by field, which for a few hundred
 * rows costs more than the database spends finding them; one JSON value is parsed in one pass. The
 * statement names its values with `sql.placeholder` and never answers null (`coalesce` an empty list).
 */
export function preparedJsonRead<Value, Values extends Record<string, unknown>>(
  prefix: string,
  statement: SQL,
): (db: Db, values: Values) => Promise<Value> {
  const prepare = (db: Db, name: string) =>
    db.select({ value: sql<Value>`answer.value` }).from(sql`(${statement}) as answer(value)`).prepare(name);
  const statements = preparedStatements<ReturnType<typeof prepare>>(prefix);
  return async (db, values) => {
    const [answer] = await statements(db, '', (name) => prepare(db, name)).execute(values);
    if (!answer) throw new Error(`${prefix} answered no row`);
    return answer.value;
  };
}
