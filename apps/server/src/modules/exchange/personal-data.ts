import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { exchanges } from "../../db/schema/index.js";

/** The exchange's part of a member's personal data (decision 78): every points exchange, for the export. */
export function createExchangePersonalData(db: Db) {
  return {
    async exportOf(memberId: number) {
      const rows = await db.select().from(exchanges).where(eq(exchanges.memberId, memberId)).orderBy(asc(exchanges.id));
      return rows.map((e) => ({
        kind: e.kind === "self" ? "點數換錢包" : "點數換商品",
        title: e.title,
        points: e.points,
        wallet_amount: e.walletAmount,
        qty: e.qty,
        at: e.createdAt.toISOString(),
      }));
    },
  };
}
