import { randomInt } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Tx } from "../../db/client.js";
import { rafflePrizes, raffleTickets } from "../../db/schema/index.js";
import { grantForOrder, type RafflesContext, type RafflesDeps, running, scratch, tickets } from "./draws.js";

// The raffle test and the composition root name these from the raffles module's service.
export { pickByWeight, type RafflesDeps } from "./draws.js";

/**
 * Raffles and scratch cards (decision 20): completed orders earn cards;
 * scratching one draws a prize by weight among those still in stock and delivers it, all in one
 * transaction with the card and the prizes locked, so a card is scratched once and no prize is
 * given out more often than stocked. The draw and the grants are functions of draws.ts.
 */
export function createRafflesService(deps: RafflesDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const roll = deps.roll ?? ((max: number) => randomInt(max));
  const ctx: RafflesContext = { ...deps, now, roll };

  return {
    running: () => running(ctx),
    grantForOrder: (tx: Tx, o: { memberId: number; orderNo: string; paidAmount: number }) => grantForOrder(ctx, tx, o),

    /** A refunded order's cards that were not scratched yet stop counting. */
    async voidForOrder(tx: Tx, orderNo: string) {
      await tx
        .update(raffleTickets)
        .set({ status: "void" })
        .where(and(eq(raffleTickets.source, `order:${orderNo}`), eq(raffleTickets.status, "new")));
    },

    /** Staff and demo grants. */
    async grant(tx: Tx, memberId: number, raffleId: number, source: string) {
      await tx.insert(raffleTickets).values({ memberId, raffleId, source, createdAt: now() }).onConflictDoNothing();
    },

    tickets: (memberId: number) => tickets(ctx, memberId),
    scratch: (memberId: number, ticketId: number) => scratch(ctx, memberId, ticketId),

    /** Prize stock left per prize (tests and the back office). */
    async prizeStock(raffleId: number) {
      return db
        .select({ id: rafflePrizes.id, stock: rafflePrizes.stock })
        .from(rafflePrizes)
        .where(eq(rafflePrizes.raffleId, raffleId));
    },
  };
}

export type RafflesService = ReturnType<typeof createRafflesService>;
