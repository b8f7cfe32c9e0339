import type { StoreResult, WithdrawalView } from "@shop/contract";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { rafflePrizes, raffles, raffleTickets } from "../../db/schema/index.js";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import { createTestApp, loginAs, setPayoutAccount, type TestApp } from "../../test/harness.js";
import { homeAddress, orderSteps } from "../../test/order-helpers.js";

/**
 * The ledgers against a model: random sequences of exchanges, withdrawals (paid or rejected),
 * prizes, and orders paying with points and wallet that are then kept or cancelled. After every
 * step the balances equal the model's, equal the sums of their ledgers, and are never negative.
 */
let t: TestApp;
let token = "";
let memberId = 0;
let variantId = 0;
beforeAll(async () => {
  t = await createTestApp();
  token = await loginAs(t, DEMO_ACCOUNTS.member);
  memberId = (await t.services.auth.authenticate(token))?.member.id ?? 0;
  await setPayoutAccount(t, token, {
    bank_user_name: "王小明",
    bank_code: "004",
    branch_code: "0037",
    bank_account: "1234567890",
  });
  const s = orderSteps(t);
  variantId = await s.variantOf(44);
  await s.setStock(variantId, 10_000);
});
afterAll(() => t.close());

const op = fc.oneof(
  fc.record({
    op: fc.constant("exchange" as const),
    // Mostly valid amounts (even, from the minimum up), some anything.
    points: fc.oneof(
      fc.integer({ min: 50, max: 300 }).map((n) => n * 2),
      fc.integer({ min: -10, max: 1200 }),
    ),
  }),
  fc.record({ op: fc.constant("withdraw" as const), amount: fc.integer({ min: -10, max: 700 }) }),
  fc.record({ op: fc.constant("decide" as const), paid: fc.boolean() }),
  fc.record({
    op: fc.constant("prize" as const),
    kind: fc.constantFrom("points" as const, "wallet" as const),
    amount: fc.integer({ min: 1, max: 300 }),
  }),
  fc.record({
    op: fc.constant("order" as const),
    points: fc.integer({ min: 0, max: 600 }),
    wallet: fc.integer({ min: 0, max: 600 }),
    cancel: fc.boolean(),
  }),
);

let raffleSeq = 0;
async function prize(kind: "points" | "wallet", amount: number) {
  const day = 86_400_000;
  const [r] = await t.database.db
    .insert(raffles)
    .values({ title: "模型", minOrderAmount: 1e9, startsAt: new Date(Date.now() - day), endsAt: new Date(Date.now() + day) })
    .returning();
  if (!r) throw new Error("no raffle");
  await t.database.db.insert(rafflePrizes).values({ raffleId: r.id, title: "獎", kind, amount, weight: 1, stock: 1 });
  const [card] = await t.database.db
    .insert(raffleTickets)
    .values({ memberId, raffleId: r.id, source: `model:${++raffleSeq}`, createdAt: new Date() })
    .returning();
  return t.call("POST", "/api/order/changeStratchCard", { body: { ticket_id: card?.id }, token });
}

describe("ledgers against a model", () => {
  test("random exchanges, withdrawals, prizes and orders keep balances equal to the model and to their ledgers", async () => {
    // Which operations went through at least once, so the property is not vacuously about refusals.
    const succeeded = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), async (steps) => {
        // Each run starts with points and money to spend, so successes are as likely as refusals.
        const start = await t.services.loyalty.balances(memberId);
        await t.database.db.transaction(async (tx) => {
          if (start.points < 1000)
            await t.services.loyalty.changePoints(tx, memberId, 1000, "測試", `model:points:${++raffleSeq}`);
          if (start.wallet < 300) await t.services.loyalty.changeWallet(tx, memberId, 300, "測試", `model:wallet:${++raffleSeq}`);
        });
        const model = await t.services.loyalty.balances(memberId);
        const pending: WithdrawalView[] = [];
        for (const step of steps) {
          const before = { ...model };
          if (step.op === "exchange") {
            const r = await t.call("POST", "/api/user/rechange/store", { body: { kind: "self", points: step.points }, token });
            const allowed = step.points >= 100 && step.points % 2 === 0 && step.points <= model.points;
            expect(r.status, JSON.stringify(step)).toBe(
              allowed ? 200 : step.points > model.points && step.points >= 100 && step.points % 2 === 0 ? 409 : 400,
            );
            if (allowed) {
              model.points -= step.points;
              model.wallet += step.points / 2;
            }
          } else if (step.op === "withdraw") {
            const r = await t.call<WithdrawalView>("POST", "/api/user/wallet/apply", { body: { amount: step.amount }, token });
            const allowed = step.amount >= 100 && step.amount <= model.wallet;
            expect(r.status === 200, JSON.stringify({ step, status: r.status })).toBe(allowed);
            if (allowed) {
              model.wallet -= step.amount;
              pending.push(r.body.data);
            }
          } else if (step.op === "decide") {
            const w = pending.pop();
            if (!w) continue;
            if (step.paid) await t.services.payout.decide(w.id, "approved", "");
            await t.services.payout.decide(w.id, step.paid ? "paid" : "rejected", "模型");
            if (!step.paid) model.wallet += w.amount;
          } else if (step.op === "prize") {
            expect((await prize(step.kind, step.amount)).status).toBe(200);
            model[step.kind] += step.amount;
          } else {
            const r = await t.call<StoreResult>("POST", "/api/order/store/fast", {
              body: {
                variant_id: variantId,
                qty: 2,
                ship_method: "hct",
                payment_method: "transfer",
                receiver: { name: "王小明", phone: DEMO_ACCOUNTS.member.phone },
                address: homeAddress,
                invoice: { type: "member" },
                points: Math.min(step.points, model.points),
                wallet: Math.min(step.wallet, model.wallet),
              },
              token,
            });
            if (r.status !== 200) {
              // Refused (e.g. more points than the per-order cap): nothing may have moved.
              expect([400, 409, 422]).toContain(r.status);
            } else {
              const order = await t.services.orders.byNo(r.body.data.order_no);
              expect(order?.pointsUsed).toBeLessThanOrEqual(Math.min(step.points, 500));
              model.points -= order?.pointsUsed ?? 0;
              model.wallet -= order?.walletUsed ?? 0;
              if (step.cancel) {
                const c = await t.call("POST", "/api/order/cancelOrder", {
                  body: { order_no: r.body.data.order_no, reason: "模型" },
                  token,
                });
                expect(c.status).toBe(200);
                model.points += order?.pointsUsed ?? 0;
                model.wallet += order?.walletUsed ?? 0;
              }
            }
          }
          const now = await t.services.loyalty.balances(memberId);
          if (now.points !== before.points || now.wallet !== before.wallet) succeeded.add(step.op);
          expect(now, JSON.stringify(step)).toEqual(model);
          expect(model.points).toBeGreaterThanOrEqual(0);
          expect(model.wallet).toBeGreaterThanOrEqual(0);
        }
        expect(await t.services.loyalty.unbalanced()).toEqual([]);
      }),
      {
        numRuns: 30,
        // One run known to move every balance, so the coverage check below never rests on luck.
        examples: [
          [
            [
              { op: "exchange", points: 200 },
              { op: "withdraw", amount: 100 },
              { op: "prize", kind: "points", amount: 10 },
              { op: "order", points: 0, wallet: 50, cancel: false },
            ],
          ],
        ],
      },
    );
    for (const kind of ["exchange", "withdraw", "prize", "order"]) expect(succeeded, kind).toContain(kind);
  });

  test("the database itself refuses a balance changed without an entry, a negative balance, and an edited entry", async () => {
    const db = t.database.db;
    const before = await t.services.loyalty.balances(memberId);
    await db.execute(
      sql`insert into depot_entries (member_id, variant_id, qty, reason, ref) values (${memberId}, ${variantId}, 1, '測試', 'guard:depot')`,
    );
    const refused = [
      sql`update loyalty_accounts set points = points + 100 where member_id = ${memberId}`,
      sql`insert into loyalty_accounts (member_id, wallet) values (987654, 50)`,
      sql`insert into point_entries (member_id, delta, reason, ref) values (${memberId}, ${-(before.points + 1)}, 'x', 'guard:negative')`,
      sql`update point_entries set delta = delta + 1 where member_id = ${memberId}`,
      sql`delete from wallet_entries where member_id = ${memberId}`,
      sql`delete from depot_entries where member_id = ${memberId}`,
    ];
    for (const statement of refused) {
      await expect(db.execute(statement)).rejects.toThrow();
    }
    expect(await t.services.loyalty.balances(memberId)).toEqual(before);
    // An entry written directly still moves the balance: the trigger, not the service, keeps the sum.
    await db.execute(
      sql`insert into point_entries (member_id, delta, reason, ref) values (${memberId}, 7, '測試', 'guard:direct')`,
    );
    expect((await t.services.loyalty.balances(memberId)).points).toBe(before.points + 7);
    expect(await t.services.loyalty.unbalanced()).toEqual([]);
  });
});
