import { asc, eq, or } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { restockRequests } from "../../db/schema/index.js";

/**
 * A member's 到貨通知: asked signed in, or with their phone before (proved theirs at sign-up).
 * Not by e-mail: an address nobody verified would hand a stranger's requests to whoever typed it.
 */
const askedBy = (who: { memberId: number; phone: string }) =>
  or(eq(restockRequests.memberId, who.memberId), eq(restockRequests.phone, who.phone));

/** 到貨通知's part of a member's personal data (decision 78): the requests for the export, deleted when the account closes. */
export function createRestockPersonalData(db: Db) {
  return {
    async exportOf(who: { memberId: number; phone: string }) {
      const rows = await db.select().from(restockRequests).where(askedBy(who)).orderBy(asc(restockRequests.id));
      return rows.map((r) => ({
        variant_id: r.variantId,
        email: r.email,
        phone: r.phone,
        at: r.createdAt.toISOString(),
        notified_at: r.notifiedAt?.toISOString() ?? null,
      }));
    },
    async erase(tx: Tx, who: { memberId: number; phone: string }) {
      await tx.delete(restockRequests).where(askedBy(who));
    },
  };
}
