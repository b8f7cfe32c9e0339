import { and, asc, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { raffles, raffleTickets } from "../../db/schema/index.js";

/** The raffles' part of a member's personal data (decision 78): every scratch card, and voiding the unscratched ones of a closing account. */
export function createRafflePersonalData(db: Db) {
  return {
    async exportOf(memberId: number) {
      const rows = await db
        .select({ t: raffleTickets, title: raffles.title })
        .from(raffleTickets)
        .innerJoin(raffles, eq(raffles.id, raffleTickets.raffleId))
        .where(eq(raffleTickets.memberId, memberId))
        .orderBy(asc(raffleTickets.id));
      return rows.map(({ t, title }) => ({
        raffle: title,
        source: t.source,
        status: t.status,
        prize: t.prizeTitle,
        received_at: t.createdAt.toISOString(),
        scratched_at: t.scratchedAt?.toISOString() ?? null,
      }));
    },

    async voidUnscratched(tx: Tx, memberId: number) {
      await tx
        .update(raffleTickets)
        .set({ status: "void" })
        .where(and(eq(raffleTickets.memberId, memberId), eq(raffleTickets.status, "new")));
    },
  };
}
