import { exec, type Executor, type TxBody } from "../client.ts";

/** Bound parameters per statement stay far below SQLite's and PostgreSQL's limits. */
const CHUNK_ROWS = 400;

/** Inserts the rows a chunk per statement, inside the caller's transaction (`yield*`). */
export function* insertChunked<TTable extends Parameters<Executor["insert"]>[0]>(
  db: Executor,
  table: TTable,
  rows: TTable["$inferInsert"][],
): TxBody<void> {
  for (let i = 0; i < rows.length; i += CHUNK_ROWS) {
    yield* exec(db.insert(table).values(rows.slice(i, i + CHUNK_ROWS)));
  }
}
