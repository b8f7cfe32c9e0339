import type { DepotStockView, TakeoutView } from "@shop/contract";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { orderSteps } from "../../test/order-helpers.js";

let t: TestApp;
let s: ReturnType<typeof orderSteps>;
let token = "";
let memberId = 0;
let addressId = 0;
let variant = 0;
beforeAll(async () => {
  t = await createTestApp();
  s = orderSteps(t);
  token = await s.login(DEMO_ACCOUNTS.member.phone, DEMO_ACCOUNTS.member.password);
  memberId = (await t.services.auth.authenticate(token))?.member.id ?? 0;
  addressId = await s.savedAddress(token);
  variant = await s.variantOf(30);
  await s.setStock(variant, 50);
  // Three units into the depot through a depot order paid by points and wallet.
  const r = await t.call("POST", "/api/order/store/fast", {
    body: {
      variant_id: variant,
      qty: 1,
      ship_method: "depot",
      payment_method: "points_wallet",
      points: 300,
      receiver: { name: "王小明", phone: "0912345678" },
      invoice: { type: "member" },
    },
    token,
  });
  if (r.status !== 200) throw new Error(`${r.status} ${r.body.message}`);
  await t.database.db.transaction((tx) => t.services.depot.deposit(tx, memberId, [{ variantId: variant, qty: 2 }], "test:gift"));
});
afterAll(() => t.close());

const takeout = (qty: number, address = addressId, who = token) =>
  t.call<TakeoutView>("POST", "/api/user/takeout/hct", {
    body: { items: [{ variant_id: variant, qty }], address_id: address },
    token: who,
  });

describe("cloud depot", () => {
  test("stock and log; a pick-up below the free threshold takes the fee from the wallet", async () => {
    const stock = await t.call<DepotStockView[]>("GET", "/api/user/inventory/cloud", { token });
    expect(stock.body.data).toEqual([expect.objectContaining({ variant_id: variant, qty: 3 })]);
    const walletBefore = (await t.services.loyalty.balances(memberId)).wallet;
    const r = await takeout(1);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ fee: 120, status_label: "待出貨" });
    expect((await t.services.loyalty.balances(memberId)).wallet).toBe(walletBefore - 120);
    const log = await t.call<Array<{ qty: number }>>("GET", "/api/user/inventory/cloud/log", { token });
    expect(log.body.data[0]?.qty).toBe(-1);
  });

  test("more than held, twice at once, or to someone else's address: refused, nothing moves", async () => {
    expect((await takeout(5)).status).toBe(409);
    const both = await Promise.all([takeout(2), takeout(2)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const stock = await t.call<DepotStockView[]>("GET", "/api/user/inventory/cloud", { token });
    expect(stock.body.data).toEqual([]);
    const other = await s.login(DEMO_ACCOUNTS.downline.phone, DEMO_ACCOUNTS.downline.password);
    expect((await takeout(1, addressId, other)).status).toBe(404);
    expect((await t.call<TakeoutView[]>("GET", "/api/user/takeout/list", { token: other })).body.data).toEqual([]);
    expect((await t.call<TakeoutView[]>("GET", "/api/user/takeout/list", { token })).body.data).toHaveLength(2);
    expect(await t.services.loyalty.unbalanced()).toEqual([]);
  });
});
