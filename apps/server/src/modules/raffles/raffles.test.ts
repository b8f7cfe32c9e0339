import type { ProductView, RaffleView, TicketView } from "@shop/contract";
import { and, eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { depotEntries, memberCoupons, rafflePrizes, raffles, raffleTickets } from "../../db/schema/index.js";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import type { TestApp } from "../../test/harness.js";
import { memberAndDownline, type orderSteps } from "../../test/order-helpers.js";
import { createRafflesService, pickByWeight } from "./service.js";

let t: TestApp;
let s: ReturnType<typeof orderSteps>;
let ids: Record<"member" | "downline", number>;
let tokens: Record<"member" | "downline", string>;
beforeAll(async () => {
  ({ t, s, ids, tokens } = await memberAndDownline());
});
afterAll(() => t.close());

const scratch = (ticketId: unknown, who: "member" | "downline" = "member") =>
  t.call<{ prize: { title: string; kind: string; amount: number } }>("POST", "/api/order/changeStratchCard", {
    body: { ticket_id: ticketId },
    token: tokens[who],
  });
const tickets = async (who: "member" | "downline" = "member") =>
  (await t.call<TicketView[]>("GET", "/api/user/ticket/search", { token: tokens[who] })).body.data;

type PrizeRow = Omit<typeof rafflePrizes.$inferInsert, "raffleId">;

/** A running campaign with these prizes; returns its id and prize ids in order. */
async function campaign(prizes: PrizeRow[], minOrderAmount = 1_000_000) {
  const day = 86_400_000;
  const [r] = await t.database.db
    .insert(raffles)
    .values({ title: "測試刮刮樂", minOrderAmount, startsAt: new Date(Date.now() - day), endsAt: new Date(Date.now() + day) })
    .returning();
  if (!r) throw new Error("no raffle");
  const rows = await t.database.db
    .insert(rafflePrizes)
    .values(prizes.map((p) => ({ ...p, raffleId: r.id })))
    .returning();
  return { raffleId: r.id, prizeIds: rows.map((p) => p.id) };
}

async function grant(memberId: number, raffleId: number, n: number): Promise<number[]> {
  const rows = await t.database.db
    .insert(raffleTickets)
    .values(
      Array.from({ length: n }, (_, i) => ({
        memberId,
        raffleId,
        source: `test:${raffleId}`,
        seq: i + 1,
        createdAt: new Date(),
      })),
    )
    .returning({ id: raffleTickets.id });
  return rows.map((r) => r.id);
}

describe("the weighted draw", () => {
  test("every roll lands on a prize, and each prize owns exactly its weight of the rolls", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 8 }), (weights) => {
        const prizes = weights.map((weight, id) => ({ id, weight }));
        const total = weights.reduce((a, b) => a + b, 0);
        const hits = new Array<number>(weights.length).fill(0);
        for (let roll = 0; roll < total; roll++) {
          const p = pickByWeight(prizes, roll);
          expect(p).not.toBeNull();
          hits[p?.id ?? 0] = (hits[p?.id ?? 0] ?? 0) + 1;
        }
        expect(hits).toEqual(weights);
        expect(pickByWeight(prizes, total)).toBeNull();
      }),
    );
  });
});

describe("raffles and scratch cards", () => {
  test("raffle/search lists the running campaign and its prizes without their weights or stock", async () => {
    const r = await t.call<RaffleView[]>("POST", "/api/raffle/search", { body: {} });
    expect(r.status).toBe(200);
    const demo = r.body.data.find((x) => x.title === "好茶刮刮樂");
    expect(demo?.min_order_amount).toBe(1000);
    expect(demo?.prizes.map((p) => p.kind)).toEqual(["points", "wallet", "coupon", "goods", "nothing"]);
    expect(Object.keys(demo?.prizes[0] ?? {}).sort()).toEqual(["id", "in_stock", "kind", "title"]);
  });

  test("a card scratched twice at once gives one prize; another member's card, a used one or a bad id is refused", async () => {
    const mine = await tickets();
    expect(mine.filter((x) => x.status === "new")).toHaveLength(2);
    const first = mine[0]?.id ?? 0;
    const both = await Promise.all([scratch(first), scratch(first)]);
    expect(both.map((x) => x.status).sort()).toEqual([200, 409]);
    const after = (await tickets()).find((x) => x.id === first);
    expect(after?.status).toBe("scratched");
    expect(after?.prize?.title).toBe(both.find((x) => x.status === 200)?.body.data.prize.title);
    expect((await scratch(first)).status).toBe(409);
    expect((await scratch(mine[1]?.id, "downline")).status).toBe(404);
    expect((await tickets("downline")).map((x) => x.id)).not.toContain(mine[1]?.id);
    for (const bad of [0, -1, 1.5, "x", 999999]) {
      expect([400, 404]).toContain((await scratch(bad)).status);
    }
    expect(await t.services.loyalty.unbalanced()).toEqual([]);
  });

  test("each prize kind is delivered: points, wallet money, a coupon, goods into the depot, or nothing", async () => {
    const memberId = ids.downline ?? 0;
    const [coupon] = await t.database.db.select().from(memberCoupons).limit(1);
    const variantId = await s.variantOf(44);
    const cases: PrizeRow[] = [
      { title: "30 點", kind: "points", amount: 30, weight: 1, stock: 1 },
      { title: "購物金 NT$20", kind: "wallet", amount: 20, weight: 1, stock: 1 },
      { title: "優惠券", kind: "coupon", couponId: coupon?.couponId ?? 1, weight: 1, stock: 1 },
      { title: "好禮", kind: "goods", variantId, weight: 1, stock: 1 },
      { title: "銘謝惠顧", kind: "nothing", weight: 1, stock: null },
    ];
    const before = await t.services.loyalty.balances(memberId);
    for (const prize of cases) {
      const { raffleId } = await campaign([prize]);
      const [ticketId] = await grant(memberId, raffleId, 1);
      const r = await scratch(ticketId, "downline");
      expect(r.status).toBe(200);
      expect(r.body.data.prize).toMatchObject({ title: prize.title, kind: prize.kind });
    }
    expect(await t.services.loyalty.balances(memberId)).toEqual({ points: before.points + 30, wallet: before.wallet + 20 });
    const coupons = await t.database.db.select().from(memberCoupons).where(eq(memberCoupons.memberId, memberId));
    expect(coupons).toHaveLength(1);
    const depot = await t.database.db
      .select()
      .from(depotEntries)
      .where(and(eq(depotEntries.memberId, memberId), eq(depotEntries.variantId, variantId)));
    expect(depot.map((d) => d.qty)).toEqual([1]);
    // Once every stocked prize is gone, a card of that campaign opens empty.
    const { raffleId } = await campaign([{ title: "限量", kind: "points", amount: 5, weight: 1, stock: 0 }]);
    const [empty] = await grant(memberId, raffleId, 1);
    expect((await scratch(empty, "downline")).body.data.prize.kind).toBe("nothing");
  });

  test("many cards scratched at once never give a prize more often than it is stocked", async () => {
    const memberId = ids.member ?? 0;
    const { raffleId, prizeIds } = await campaign([
      { title: "大獎", kind: "wallet", amount: 100, weight: 1000, stock: 3 },
      { title: "銘謝惠顧", kind: "nothing", weight: 1, stock: null },
    ]);
    const cards = await grant(memberId, raffleId, 20);
    const results = await Promise.all(cards.map((id) => scratch(id)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const won = results.filter((r) => r.body.data.prize.title === "大獎").length;
    expect(won).toBeLessThanOrEqual(3);
    expect(await t.services.raffles.prizeStock(raffleId)).toContainEqual({ id: prizeIds[0], stock: 3 - won });
    expect(await t.services.loyalty.unbalanced()).toEqual([]);
  });

  test("random campaigns and draws: wins per prize never exceed its stock, and every ledger stays balanced", async () => {
    const memberId = ids.downline ?? 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            weight: fc.integer({ min: 1, max: 20 }),
            stock: fc.integer({ min: 0, max: 3 }),
            amount: fc.integer({ min: 1, max: 50 }),
          }),
          { minLength: 1, maxLength: 4 },
        ),
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        async (prizes, cardCount, seed) => {
          let state = seed;
          const raffles = createRafflesService({
            db: t.database.db,
            loyalty: t.services.loyalty,
            depot: t.services.depot,
            notifications: t.services.notifications,
            roll: (max) => {
              state = (state * 1103515245 + 12345) % 2 ** 31;
              return state % max;
            },
          });
          const { raffleId, prizeIds } = await campaign(
            prizes.map((p, i) => ({
              title: `獎 ${i}`,
              kind: i % 2 ? "points" : "wallet",
              amount: p.amount,
              weight: p.weight,
              stock: p.stock,
            })),
          );
          const cards = await grant(memberId, raffleId, cardCount);
          const results = await Promise.all(cards.map((id) => raffles.scratch(memberId, id)));
          const stockLeft = await raffles.prizeStock(raffleId);
          prizes.forEach((p, i) => {
            const wins = results.filter((r) => r.prize.title === `獎 ${i}`).length;
            expect(wins).toBeLessThanOrEqual(p.stock);
            expect(stockLeft.find((x) => x.id === prizeIds[i])?.stock).toBe(p.stock - wins);
          });
          const totalStock = prizes.reduce((n, p) => n + p.stock, 0);
          expect(results.filter((r) => r.prize.kind === "nothing")).toHaveLength(Math.max(0, cardCount - totalStock));
          expect(await t.services.loyalty.unbalanced()).toEqual([]);
        },
      ),
      { numRuns: 15 },
    );
  });

  test("a completed order from NT$1,000 earns a card (once), a smaller one none; a return voids an unscratched card", async () => {
    const token = tokens.downline ?? "";
    const phone = DEMO_ACCOUNTS.downline.phone;
    const product = (await t.call<ProductView>("GET", "/api/product/get?id=44")).body.data;
    const price = product.variants[0]?.price ?? 0;
    expect(price).toBeGreaterThan(0);
    const count = async () => (await tickets("downline")).filter((x) => x.source_label.startsWith("訂單")).length;
    const small = await s.completedOrder(token, phone, 44, Math.max(1, Math.floor(999 / price)));
    expect(await count()).toBe(price > 999 ? 1 : 0);
    const big = await s.completedOrder(token, phone, 44, Math.ceil(1000 / price));
    const mine = (await tickets("downline")).filter((x) => x.source_label === `訂單 ${big}`);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.status).toBe("new");
    expect(small).not.toBe(big);
    await t.services.orders.refund(big, "staff:1", "退貨");
    expect((await tickets("downline")).find((x) => x.id === mine[0]?.id)?.status).toBe("void");
    expect((await scratch(mine[0]?.id, "downline")).status).toBe(404);
  });
});
