import { count, eq, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { type Db, single, type Tx } from "../db/client.js";
import { notFound } from "./errors.js";

/** Called inside the write's transaction with the record before and after (null when absent). */
export type AuditHook<V> = (tx: Tx, before: V | null, after: V | null) => Promise<unknown>;

type Table = PgTable & { id: PgColumn };

/**
 * The back office's list/get/create/update/delete over one table a module owns, each write in a
 * transaction with its audit entry. Modules give the row ↔ view mapping and any checks or child
 * rows (`check`, `afterWrite`); the rules stay in the module.
 */
export function adminTable<T extends Table, Row extends T["$inferSelect"], Input, View>(
  db: Db,
  o: {
    table: T;
    missing: string;
    view: (row: Row, tx: Db | Tx) => View | Promise<View>;
    columns: (input: Input) => Partial<T["$inferInsert"]>;
    orderBy: SQL[] | ((t: T) => Array<SQL | PgColumn>);
    /** Cross-checks that need the database (references exist…), inside the transaction. */
    check?: (tx: Tx, input: Input, id: number | null) => Promise<void>;
    /** Child rows written after the row itself (promotion products, prizes…). */
    afterWrite?: (tx: Tx, id: number, input: Input, before: Row | null) => Promise<void>;
    beforeDelete?: (tx: Tx, row: Row) => Promise<void>;
  },
) {
  const t = o.table as unknown as PgTable & { id: PgColumn };
  const q = db as unknown as Db;
  async function row(on: Db | Tx, id: number, lock = false): Promise<Row> {
    const read = (on as Db).select().from(t).where(eq(t.id, id));
    const [r] = lock ? await read.for("update") : await read;
    if (!r) throw notFound("NOT_FOUND", o.missing);
    return r as Row;
  }
  const order = () => (typeof o.orderBy === "function" ? o.orderBy(o.table) : o.orderBy);

  return {
    row,
    async list(where: SQL | undefined, page: number, perPage: number) {
      const [[total], rows] = await Promise.all([
        q.select({ n: count() }).from(t).where(where),
        q
          .select()
          .from(t)
          .where(where)
          .orderBy(...order())
          .limit(perPage)
          .offset((page - 1) * perPage),
      ]);
      return { total: total?.n ?? 0, items: await Promise.all(rows.map((r) => o.view(r as Row, q))) };
    },
    get: async (id: number) => o.view(await row(q, id), q),
    create: (input: Input, audit: AuditHook<View>) =>
      q.transaction(async (tx) => {
        await o.check?.(tx, input, null);
        const created = single(
          await tx
            .insert(t)
            .values(o.columns(input) as T["$inferInsert"])
            .returning(),
        ) as Row;
        const id = (created as unknown as { id: number }).id;
        await o.afterWrite?.(tx, id, input, null);
        const after = await o.view(await row(tx, id), tx);
        await audit(tx, null, after);
        return after;
      }),
    update: (id: number, input: Input, audit: AuditHook<View>) =>
      q.transaction(async (tx) => {
        // Locked: two staff saving at once write one after the other, each with its true "before".
        const beforeRow = await row(tx, id, true);
        const before = await o.view(beforeRow, tx);
        await o.check?.(tx, input, id);
        await tx
          .update(t)
          .set(o.columns(input) as Partial<T["$inferInsert"]>)
          .where(eq(t.id, id));
        await o.afterWrite?.(tx, id, input, beforeRow);
        const after = await o.view(await row(tx, id), tx);
        await audit(tx, before, after);
        return after;
      }),
    remove: (id: number, audit: AuditHook<View>) =>
      q.transaction(async (tx) => {
        const beforeRow = await row(tx, id, true);
        const before = await o.view(beforeRow, tx);
        await o.beforeDelete?.(tx, beforeRow);
        await tx.delete(t).where(eq(t.id, id));
        await audit(tx, before, null);
        return before;
      }),
  };
}
