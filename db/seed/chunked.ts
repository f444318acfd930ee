import type { Executor } from "../client.ts";

/** Bound parameters per statement stay far below SQLite's and PostgreSQL's limits. */
const CHUNK_ROWS = 400;

export async function insertChunked<TTable extends Parameters<Executor["insert"]>[0]>(
  db: Executor,
  table: TTable,
  rows: TTable["$inferInsert"][],
): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK_ROWS) {
    await db.insert(table).values(rows.slice(i, i + CHUNK_ROWS));
  }
}
