import type { AddressBookEntry, StoreResult } from "@shop/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { homeAddress, orderSteps } from "../../test/order-helpers.js";

/**
 * The race suite (decision 30): every pair of order changes that can meet is fired together, each
 * pair many times on a fresh order, and after every round the shop's invariants are checked.
 * Transactions really overlap on PostgreSQL (CI's second run: 20 rounds); PGlite runs them one
 * at a time, so there the suite checks the same outcomes in whichever order they land (5 rounds).
 */
const ROUNDS = process.env.TEST_DATABASE_URL ? 20 : 5;

let t: TestApp;
let s: ReturnType<typeof orderSteps>;
const tokens = { member: "", shopMember: "", seller: "", staff: "" };
let memberId = 0;
let addressId = 0;
let variant = 0;

beforeAll(async () => {
  t = await createTestApp();
  s = orderSteps(t);
  tokens.member = await s.login(DEMO_ACCOUNTS.member.phone, DEMO_ACCOUNTS.member.password);
  tokens.shopMember = await s.login(DEMO_ACCOUNTS.shop2Member.phone, DEMO_ACCOUNTS.shop2Member.password);
  tokens.seller = await s.login(DEMO_ACCOUNTS.seller.phone, DEMO_ACCOUNTS.seller.password);
  tokens.staff = await s.staffToken();
  memberId = (await t.services.auth.authenticate(tokens.member))?.member.id ?? 0;
  // Wallet money for the depot orders and the pick-up fees of every round.
  await t.database.db.transaction((tx) => t.services.loyalty.changeWallet(tx, memberId, 1_000_000, "測試", "test:grant"));
  addressId = (
    await t.call<AddressBookEntry>("POST", "/api/user/addr/store", {
      body: { name: "王小明", phone: DEMO_ACCOUNTS.member.phone, ...homeAddress },
      token: tokens.member,
    })
  ).body.data.id;
  variant = await s.variantOf(2);
  await s.setStock(variant, 100_000);
}, 120_000);
afterAll(() => t.close());

type Pay = "transfer" | "card3ds" | "wallet";
async function place(pay: Pay, opts: { ship?: "hct" | "depot"; shop?: 2 } = {}) {
  const buyer = opts.shop ? tokens.shopMember : tokens.member;
  const r = await t.call<StoreResult>("POST", "/api/order/store/fast", {
    token: buyer,
    body: {
      variant_id: variant,
      qty: 1,
      ship_method: opts.ship ?? "hct",
      payment_method: pay === "card3ds" ? "card" : pay === "wallet" ? "points_wallet" : "transfer",
      ...(pay === "card3ds" ? { prime: await s.prime("4000000000003220") } : {}),
      ...(pay === "wallet" ? { wallet: 5000 } : {}),
      ...(opts.shop ? { shop_id: opts.shop } : {}),
      receiver: { name: "王小明", phone: DEMO_ACCOUNTS.member.phone },
      ...(opts.ship === "depot" ? {} : { address: homeAddress }),
      invoice: { type: "member" },
    },
  });
  if (r.status !== 200) throw new Error(`order: ${r.status} ${r.body.message}`);
  const next = r.body.data.next;
  const rec = next.type === "redirect_3ds" ? (new URL(next.url, "http://x").searchParams.get("rec_trade_id") ?? "") : "";
  return { no: r.body.data.order_no, rec };
}

const staff = (no: string, action: string, body: object = {}) =>
  t.call("POST", `/api/admin/orders/${no}/${action}`, { token: tokens.staff, body });
const buyerCancel = (no: string, token = tokens.member) =>
  t.call("POST", "/api/order/cancelOrder", { token, body: { order_no: no, reason: "不想要了" } });
const approve3ds = (rec: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/payments/simulator/3ds",
    payload: `rec_trade_id=${rec}&result=approve`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
const statusOf = async (no: string) => (await t.services.orders.byNo(no))?.status;
const setTime = (no: string, column: "pay_by" | "delivered_at") =>
  t.database.db.execute(
    sql`update orders set ${sql.raw(column)} = ${new Date(t.clock.now.getTime() - 30 * 86_400_000)} where order_no = ${no}`,
  );
async function delivered(pay: Pay = "transfer", ship: "hct" | "depot" = "hct") {
  const { no } = await place(pay, { ship });
  if (pay === "transfer") await staff(no, "confirm_payment");
  if (ship === "hct") {
    await staff(no, "ship", { tracking_no: "HCT20261123" });
    await staff(no, "deliver");
  }
  return no;
}

/** Nothing may answer 5xx; a refusal is a clear 4xx. */
function noServerErrors(results: Array<{ status?: number; statusCode?: number } | undefined>) {
  for (const r of results) expect(r?.status ?? r?.statusCode ?? 200).toBeLessThan(500);
}

/** The invariants every round must leave intact. */
async function invariants() {
  const c = t.services.orderConsistency;
  expect(await c.moneyMismatches()).toEqual([]);
  expect(await c.refundsOutstanding()).toEqual([]);
  expect(await c.openAttempts()).toEqual([]);
  expect(await c.stuckReservations()).toEqual([]);
  expect(await t.services.inventory.unbalanced()).toEqual([]);
  expect(await t.services.loyalty.unbalanced()).toEqual([]);
  // Points and wallet used by a cancelled or refunded order all came back, exactly once.
  const unreturned = await t.database.db.execute(sql`
    select o.order_no, k.kind, coalesce(sum(e.delta), 0)::int as net from orders o
    cross join (values ('points'), ('wallet')) as k(kind)
    left join lateral (
      select delta from point_entries where k.kind = 'points' and member_id = o.member_id and (ref = 'order:' || o.order_no || ':use' or ref ~ ('^order:' || o.order_no || ':refund:[0-9]+$'))
      union all
      select delta from wallet_entries where k.kind = 'wallet' and member_id = o.member_id and (ref = 'order:' || o.order_no || ':use' or ref ~ ('^order:' || o.order_no || ':refund:[0-9]+$'))
    ) e on true
    where o.member_id is not null and o.status in ('cancelled', 'refunded')
    group by o.order_no, k.kind having coalesce(sum(e.delta), 0) <> 0`);
  expect((unreturned as unknown as { rows: unknown[] }).rows).toEqual([]);
  // The depot never holds less than nothing.
  const negative = await t.database.db.execute(
    sql`select member_id, variant_id from depot_entries group by member_id, variant_id having sum(qty) < 0`,
  );
  expect((negative as unknown as { rows: unknown[] }).rows).toEqual([]);
}

/** Runs `round` ROUNDS times, each on fresh orders, checking the invariants after each. */
async function race(round: () => Promise<void>) {
  for (let i = 0; i < ROUNDS; i++) {
    await round();
    await invariants();
  }
}

describe("rival order changes, fired together", () => {
  test("the buyer cancels while the card's 3-D Secure success arrives: cancelled, money back on the card", async () => {
    await race(async () => {
      const { no, rec } = await place("card3ds");
      noServerErrors(await Promise.all([buyerCancel(no), approve3ds(rec)]));
      expect(await statusOf(no)).toBe("cancelled");
    });
  }, 120_000);

  test("the buyer cancels while staff confirm the transfer: cancelled, the transfer back in the wallet", async () => {
    await race(async () => {
      const { no } = await place("transfer");
      noServerErrors(await Promise.all([buyerCancel(no), staff(no, "confirm_payment")]));
      expect(await statusOf(no)).toBe("cancelled");
    });
  }, 120_000);

  test("the unpaid-order expiry meets the transfer confirmation: paid, or cancelled with the money back", async () => {
    await race(async () => {
      const { no } = await place("transfer");
      await setTime(no, "pay_by");
      noServerErrors(await Promise.all([t.services.orders.expireUnpaid().then(() => undefined), staff(no, "confirm_payment")]));
      expect(["paid", "cancelled"]).toContain(await statusOf(no));
    });
  }, 120_000);

  test("the unpaid-order expiry meets the card's 3-D Secure success: paid, or cancelled and refunded", async () => {
    await race(async () => {
      const { no, rec } = await place("card3ds");
      await setTime(no, "pay_by");
      noServerErrors(await Promise.all([t.services.orders.expireUnpaid().then(() => undefined), approve3ds(rec)]));
      expect(["paid", "cancelled"]).toContain(await statusOf(no));
    });
  }, 120_000);

  test("the 3-D Secure success notified several times at once: paid once, nothing refunded", async () => {
    await race(async () => {
      const { no, rec } = await place("card3ds");
      // The bank page's approval notifies once; TapPay may notify again meanwhile.
      const notify = () => t.call("POST", "/api/payments/tappay/notify", { body: { rec_trade_id: rec } });
      noServerErrors(await Promise.all([approve3ds(rec), notify(), notify()]));
      noServerErrors([await notify()]);
      expect(await statusOf(no)).toBe("paid");
    });
  }, 120_000);

  test("the shop's seller and staff confirm the same shop-account transfer: paid once", async () => {
    await race(async () => {
      const { no } = await place("transfer", { shop: 2 });
      const seller = () => t.call("POST", "/api/seller/updateSellerPayment", { token: tokens.seller, body: { order_no: no } });
      const results = await Promise.all([seller(), staff(no, "confirm_payment")]);
      noServerErrors(results);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(await statusOf(no)).toBe("paid");
    });
  }, 120_000);

  test("the buyer cancels twice at once: one cancellation, points and wallet back once", async () => {
    await race(async () => {
      const { no } = await place("transfer");
      const results = await Promise.all([buyerCancel(no), buyerCancel(no)]);
      noServerErrors(results);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    });
  }, 120_000);

  test("staff cancel while another ships: one after the other, and the order ends cancelled", async () => {
    await race(async () => {
      const { no } = await place("transfer");
      await staff(no, "confirm_payment");
      const results = await Promise.all([
        staff(no, "cancel", { reason: "缺貨" }),
        staff(no, "ship", { tracking_no: "HCT20261124" }),
      ]);
      noServerErrors(results);
      // Cancel first: the shipment is refused. Ship first: the cancel then takes the shipped order back
      // (a returned parcel, decision 36). Either way one cancellation, refunded once.
      expect([
        [200, 200],
        [200, 409],
      ]).toContainEqual(results.map((r) => r.status).sort());
      expect(await statusOf(no)).toBe("cancelled");
    });
  }, 120_000);

  test("staff refund while another completes: credits posted at most once, and taken back if refunded", async () => {
    await race(async () => {
      const no = await delivered();
      noServerErrors(await Promise.all([staff(no, "refund", { reason: "瑕疵" }), staff(no, "complete")]));
      expect(["refunded"]).toContain(await statusOf(no));
    });
  }, 120_000);

  test("staff refund while the appraisal period ends: refunded either way", async () => {
    await race(async () => {
      const no = await delivered();
      await setTime(no, "delivered_at");
      noServerErrors(
        await Promise.all([staff(no, "refund", { reason: "瑕疵" }), t.services.orders.completeDue().then(() => undefined)]),
      );
      expect(await statusOf(no)).toBe("refunded");
    });
  }, 120_000);

  test("a depot order refunded while the member picks the goods up: one of them, the depot never negative", async () => {
    await race(async () => {
      const no = await delivered("wallet", "depot");
      const pickUp = t.call("POST", "/api/user/takeout/hct", {
        token: tokens.member,
        body: { items: [{ variant_id: variant, qty: 1 }], address_id: addressId },
      });
      const results = await Promise.all([staff(no, "refund", { reason: "不要了" }), pickUp]);
      noServerErrors(results);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    });
  }, 120_000);
});
