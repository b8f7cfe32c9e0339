import { and, asc, count, eq, isNull, lt, notInArray, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { cvsShipments } from "../../db/schema/index.js";

/** Created shipments to ask ECPay about: last code not final, not asked since `askedBefore`, oldest first (decision 90). */
export function pollDue(db: Db, finalCodes: string[], askedBefore: Date, limit: number) {
  return db
    .select()
    .from(cvsShipments)
    .where(
      and(
        eq(cvsShipments.status, "created"),
        notInArray(cvsShipments.lastCode, finalCodes),
        or(isNull(cvsShipments.askedAt), lt(cvsShipments.askedAt, askedBefore)),
      ),
    )
    .orderBy(sql`${cvsShipments.askedAt} asc nulls first`, asc(cvsShipments.updatedAt))
    .limit(limit);
}

export async function markAsked(db: Db, orderNo: string, at: Date) {
  await db.update(cvsShipments).set({ askedAt: at }).where(eq(cvsShipments.orderNo, orderNo));
}

/** Shipments created before `before` that never heard a status (stuck: the operator looks). */
export async function silentShipments(db: Db, before: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(cvsShipments)
    .where(and(eq(cvsShipments.status, "created"), eq(cvsShipments.lastCode, ""), lt(cvsShipments.updatedAt, before)));
  return row?.n ?? 0;
}
