// The quote keeps what every buyer reads the same (ship methods, promotions, payment switches, the
// points cap) for a few seconds: a staff change shows in the very next quote, even with quotes in
// flight beside it, and a promotion starts and ends on the clock, whatever was kept.
import type { PayInfo } from "@shop/contract";
import type { PaymentSettings, StaffRole } from "@shop/contract/admin";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import { createTestApp, loginAs, staffTokens, type TestApp } from "../../test/harness.js";

let t: TestApp;
const tokens = {} as Record<StaffRole, string>;
const as = (role: StaffRole) => ({ token: tokens[role] });
let memberToken = "";
let hctId = 0;

beforeAll(async () => {
  t = await createTestApp();
  Object.assign(tokens, await staffTokens(t));
  memberToken = await loginAs(t, DEMO_ACCOUNTS.member);
  const methods = await t.call<{ items: Array<{ id: number; code: string }> }>(
    "GET",
    "/api/admin/ship_methods?shop_id=1",
    as("support"),
  );
  hctId = methods.body.data.items.find((m) => m.code === "hct")?.id ?? 0;
});
afterAll(() => t.close());

/** One unit of variant 1 to home delivery, as the member. */
const quote = async () => {
  const r = await t.call<PayInfo>("POST", "/api/order/pay_info/fast", {
    body: { variant_id: 1, qty: 1, ship_method: "hct" },
    token: memberToken,
  });
  expect(r.status).toBe(200);
  return r.body.data;
};
const hctFee = (info: PayInfo) => info.ship_methods.find((m) => m.code === "hct")?.fee;
const setHctFee = (fee: number) =>
  t.call("PUT", `/api/admin/ship_methods/${hctId}`, {
    ...as("operator"),
    body: { name: "新竹物流宅配", fee, free_threshold: null, enabled: true, sort: 0 },
  });

describe("the quote's kept reference reads", () => {
  it("a staff change shows in the next quote; quotes begun after the save all see it", async () => {
    expect(hctFee(await quote())).toBeDefined();
    expect((await setHctFee(123)).status).toBe(200);
    expect(hctFee(await quote())).toBe(123);
    expect((await quote()).quote.shipping_fee).toBe(123);

    // Quotes in flight while the fee changes again: each sees 123 or 145, and every quote begun
    // after the save answered sees 145.
    const during = Array.from({ length: 10 }, () => quote());
    const saved = setHctFee(145);
    const duringFees = (await Promise.all(during)).map(hctFee);
    expect((await saved).status).toBe(200);
    const after = (await Promise.all(Array.from({ length: 10 }, () => quote()))).map(hctFee);
    expect(duringFees.every((fee) => fee === 123 || fee === 145)).toBe(true);
    expect(after).toEqual(Array(10).fill(145));
  });

  it("a payment method switched off is refused in the next quote", async () => {
    const before = await quote();
    expect(before.payment_methods.find((m) => m.code === "cod")?.available).toBe(true);
    const s = (await t.call<PaymentSettings>("GET", "/api/admin/payment_settings", as("owner"))).body.data;
    const off = await t.call("PUT", "/api/admin/payment_settings", {
      ...as("owner"),
      body: {
        methods: s.methods.map((m) => ({ method: m.method, on: m.method !== "cod", fee: m.fee })),
        instalments: s.instalments,
        transfer_bank_code: s.transfer_bank_code,
        transfer_account: s.transfer_account,
        transfer_holder: s.transfer_holder,
      },
    });
    expect(off.status).toBe(200);
    // A method switched off is not listed at all (decision 88).
    expect((await quote()).payment_methods.map((m) => m.code)).not.toContain("cod");
  });

  it("a promotion applies from its start to its end on the clock, though nothing was written between", async () => {
    const now = t.clock.now.getTime();
    const made = await t.call<{ id: number }>("POST", "/api/admin/promotions", {
      ...as("operator"),
      body: {
        title: "整點特賣",
        kind: "amount_off",
        threshold: 100,
        value: 7,
        starts_at: new Date(now + 60_000).toISOString(),
        ends_at: new Date(now + 120_000).toISOString(),
      },
    });
    expect(made.status).toBe(200);
    const sale = (info: PayInfo) =>
      info.quote.discounts.filter((d) => d.source === "promotion" && d.id === made.body.data.id).map((d) => d.amount);
    expect(sale(await quote())).toEqual([]);
    t.clock.advance(61);
    expect(sale(await quote())).toEqual([7]);
    t.clock.advance(60);
    expect(sale(await quote())).toEqual([]);
  });
});
