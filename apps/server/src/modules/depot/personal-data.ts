import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { depotEntries, depotTakeouts } from "../../db/schema/index.js";

/**
 * The cloud depot's part of a member's personal data (decision 78): its ledger and pick-ups for the
 * export; what the member still holds or has on its way (closing waits for both: those goods are
 * theirs); and the masking of a pick-up's receiver once the account closes.
 */
export function createDepotPersonalData(db: Db) {
  return {
    async exportOf(memberId: number) {
      const [entries, takeouts] = await Promise.all([
        db.select().from(depotEntries).where(eq(depotEntries.memberId, memberId)).orderBy(asc(depotEntries.id)),
        db.select().from(depotTakeouts).where(eq(depotTakeouts.memberId, memberId)).orderBy(asc(depotTakeouts.id)),
      ]);
      return {
        ledger: entries.map((e) => ({ variant_id: e.variantId, qty: e.qty, reason: e.reason, at: e.createdAt.toISOString() })),
        takeouts: takeouts.map((t) => ({
          items: t.items,
          address: t.address,
          fee: t.fee,
          status: t.status,
          tracking_no: t.trackingNo,
          at: t.createdAt.toISOString(),
        })),
      };
    },

    /** Units still held in the depot, and pick-ups not yet delivered. */
    async holdings(q: Db | Tx, memberId: number): Promise<{ units: number; takeouts: number }> {
      const [held] = await q
        .select({ n: sql<number>`coalesce(sum(${depotEntries.qty}), 0)::int` })
        .from(depotEntries)
        .where(eq(depotEntries.memberId, memberId));
      const [moving] = await q
        .select({ n: sql<number>`count(*)::int` })
        .from(depotTakeouts)
        .where(and(eq(depotTakeouts.memberId, memberId), inArray(depotTakeouts.status, ["requested", "shipped"])));
      return { units: Number(held?.n ?? 0), takeouts: Number(moving?.n ?? 0) };
    },

    /** A closed member's pick-ups keep their items and county, not who received them or where exactly. */
    async maskTakeouts(tx: Tx, memberId: number) {
      await tx
        .update(depotTakeouts)
        .set({
          address: sql`jsonb_build_object('name', '○○○', 'phone', '', 'zip', ${depotTakeouts.address}->>'zip',
            'county', ${depotTakeouts.address}->>'county', 'district', ${depotTakeouts.address}->>'district', 'line', '○○○')`,
        })
        .where(eq(depotTakeouts.memberId, memberId));
    },
  };
}
