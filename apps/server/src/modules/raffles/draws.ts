import type { PrizeKind, RaffleView, TicketView } from "@shop/contract";
import { and, asc, desc, eq, gt, gte, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { rafflePrizes, raffles, raffleTickets } from "../../db/schema/index.js";
import { conflict, notFound } from "../../lib/errors.js";
import type { DepotService } from "../depot/service.js";
import type { LoyaltyService } from "../loyalty/service.js";
import type { NotificationsService } from "../notifications/service.js";

type Prize = typeof rafflePrizes.$inferSelect;

/**
 * The prize a draw lands on: `roll` is uniform in [0, total weight); each prize owns a slice of
 * that range as wide as its weight. Pure, so the odds can be property-tested.
 */
export function pickByWeight<T extends { weight: number }>(prizes: T[], roll: number): T | null {
  let rest = roll;
  for (const p of prizes) {
    if (rest < p.weight) return p;
    rest -= p.weight;
  }
  return null;
}

export interface RafflesDeps {
  db: Db;
  loyalty: LoyaltyService;
  depot: Pick<DepotService, "deposit">;
  notifications: NotificationsService;
  now?: () => Date;
  /** Uniform integer in [0, max); crypto by default, fixed in tests. */
  roll?: (max: number) => number;
}

/** The dependencies with their defaults filled in, as the raffle functions take them. */
export type RafflesContext = RafflesDeps & { now: () => Date; roll: (max: number) => number };

async function deliver(deps: RafflesContext, tx: Tx, memberId: number, ticketId: number, prize: Prize) {
  const ref = `ticket:${ticketId}`;
  const reason = `刮刮卡獎品：${prize.title}`;
  switch (prize.kind) {
    case "points":
      return deps.loyalty.changePoints(tx, memberId, prize.amount, reason, ref);
    case "wallet":
      return deps.loyalty.changeWallet(tx, memberId, prize.amount, reason, ref);
    case "coupon":
      if (prize.couponId === null) throw new Error(`coupon prize ${prize.id} has no coupon`);
      return deps.loyalty.issueCoupons(
        tx,
        memberId,
        [prize.couponId],
        new Date(deps.now().getTime() + prize.couponDays * 86_400_000),
      );
    case "goods":
      if (prize.variantId === null) throw new Error(`goods prize ${prize.id} has no variant`);
      return deps.depot.deposit(tx, memberId, [{ variantId: prize.variantId, qty: 1 }], ref, reason);
    case "nothing":
      return;
  }
}

/** Campaigns running now, with their prizes (weights stay on the server). */
export async function running(deps: RafflesContext): Promise<RaffleView[]> {
  const at = deps.now();
  const rows = await deps.db
    .select()
    .from(raffles)
    .where(and(eq(raffles.active, true), lte(raffles.startsAt, at), gte(raffles.endsAt, at)))
    .orderBy(asc(raffles.endsAt));
  if (rows.length === 0) return [];
  const prizes = await deps.db
    .select()
    .from(rafflePrizes)
    .where(
      inArray(
        rafflePrizes.raffleId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(rafflePrizes.sort), asc(rafflePrizes.id));
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    description: r.description,
    min_order_amount: r.minOrderAmount,
    cards_per_order: r.cardsPerOrder,
    starts_at: r.startsAt.toISOString(),
    ends_at: r.endsAt.toISOString(),
    prizes: prizes
      .filter((p) => p.raffleId === r.id)
      .map((p) => ({ id: p.id, title: p.title, kind: p.kind, in_stock: p.stock === null || p.stock > 0 })),
  }));
}

/** Cards for a completed order from every running campaign whose threshold it meets; safe to repeat. */
export async function grantForOrder(deps: RafflesContext, tx: Tx, o: { memberId: number; orderNo: string; paidAmount: number }) {
  const at = deps.now();
  const qualifying = await tx
    .select()
    .from(raffles)
    .where(
      and(
        eq(raffles.active, true),
        lte(raffles.startsAt, at),
        gte(raffles.endsAt, at),
        lte(raffles.minOrderAmount, o.paidAmount),
      ),
    );
  for (const r of qualifying) {
    const granted = await tx
      .insert(raffleTickets)
      .values(
        Array.from({ length: r.cardsPerOrder }, (_, i) => ({
          memberId: o.memberId,
          raffleId: r.id,
          source: `order:${o.orderNo}`,
          seq: i + 1,
          createdAt: at,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: raffleTickets.id });
    if (granted.length > 0) {
      await deps.notifications.notify(tx, o.memberId, {
        kind: "prize",
        title: `獲得 ${granted.length} 張刮刮卡`,
        body: `訂單 ${o.orderNo} 符合「${r.title}」活動`,
        // The campaign's title is the shop's own, kept as written.
        en: {
          title: `You got ${granted.length} scratch card${granted.length === 1 ? "" : "s"}`,
          body: `Order ${o.orderNo} qualifies for "${r.title}"`,
        },
        link: "/member/my_ticket",
      });
    }
  }
}

export async function tickets(deps: RafflesContext, memberId: number): Promise<TicketView[]> {
  const rows = await deps.db
    .select({ t: raffleTickets, raffleTitle: raffles.title })
    .from(raffleTickets)
    .innerJoin(raffles, eq(raffles.id, raffleTickets.raffleId))
    .where(eq(raffleTickets.memberId, memberId))
    .orderBy(desc(raffleTickets.id))
    .limit(200);
  return rows.map(({ t, raffleTitle }) => ({
    id: t.id,
    raffle_title: raffleTitle,
    source_label: t.source.startsWith("order:") ? `訂單 ${t.source.slice(6)}` : "活動贈送",
    status: t.status,
    prize: t.prizeTitle && t.prizeKind ? { title: t.prizeTitle, kind: t.prizeKind } : null,
    created_at: t.createdAt.toISOString(),
    scratched_at: t.scratchedAt?.toISOString() ?? null,
  }));
}

/** Scratches one of the member's cards (changeStratchCard). */
export async function scratch(
  deps: RafflesContext,
  memberId: number,
  ticketId: number,
): Promise<{ prize: { title: string; kind: PrizeKind; amount: number } }> {
  return deps.db.transaction(async (tx) => {
    const [ticket] = await tx
      .select()
      .from(raffleTickets)
      .where(and(eq(raffleTickets.id, ticketId), eq(raffleTickets.memberId, memberId)))
      .for("update");
    if (!ticket || ticket.status === "void") throw notFound("SCRATCH_CARD_NOT_FOUND", "找不到此刮刮卡");
    if (ticket.status === "scratched") throw conflict("SCRATCH_CARD_ALREADY_SCRATCHED", "這張刮刮卡已經刮開了");

    const available = await tx
      .select()
      .from(rafflePrizes)
      .where(and(eq(rafflePrizes.raffleId, ticket.raffleId), or(isNull(rafflePrizes.stock), gt(rafflePrizes.stock, 0))))
      .orderBy(asc(rafflePrizes.id))
      .for("update");
    const total = available.reduce((sum, p) => sum + p.weight, 0);
    const prize = total > 0 ? pickByWeight(available, deps.roll(total)) : null;
    if (prize && prize.stock !== null) {
      const taken = await tx
        .update(rafflePrizes)
        .set({ stock: sql`${rafflePrizes.stock} - 1` })
        .where(and(eq(rafflePrizes.id, prize.id), gt(rafflePrizes.stock, 0)))
        .returning({ id: rafflePrizes.id });
      if (taken.length === 0) throw conflict("PRIZE_OUT_OF_STOCK", "獎品已送完，請再試一次");
    }
    if (prize) await deliver(deps, tx, memberId, ticket.id, prize);
    // Every prize gone and no "nothing" prize configured: the card still opens, empty.
    const won = prize ?? { title: "銘謝惠顧", kind: "nothing" as const, amount: 0 };
    const opened = await tx
      .update(raffleTickets)
      .set({
        status: "scratched",
        prizeId: prize?.id ?? null,
        prizeTitle: won.title,
        prizeKind: won.kind,
        scratchedAt: deps.now(),
      })
      .where(and(eq(raffleTickets.id, ticket.id), eq(raffleTickets.status, "new")))
      .returning({ id: raffleTickets.id });
    if (opened.length === 0) throw conflict("SCRATCH_CARD_ALREADY_SCRATCHED", "這張刮刮卡已經刮開了");
    if (won.kind !== "nothing") {
      await deps.notifications.notify(tx, memberId, {
        kind: "prize",
        title: `刮刮卡中獎：${won.title}`,
        en: { title: `Scratch card win: ${won.title}` },
        link: "/member/my_ticket",
      });
    }
    return {
      prize: { title: won.title, kind: won.kind, amount: won.kind === "points" || won.kind === "wallet" ? won.amount : 0 },
    };
  });
}
