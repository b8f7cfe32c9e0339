// 加價購 and 滿額贈 from the back office to the order (decision 93): staff make them (checked,
// audited), the quote offers them as soon as they are saved, a sub-mall runs the main mall's, and
// the order carries them as lines of their own kind.
import type { OrderView, PayInfo, StoreResult } from "@shop/contract";
import type { StaffRole } from "@shop/contract/admin";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import { createTestApp, loginAs, staffTokens, type TestApp } from "../../test/harness.js";
import { homeAddress, orderSteps } from "../../test/order-helpers.js";

let t: TestApp;
const tokens = {} as Record<StaffRole, string>;
const as = (role: StaffRole) => ({ token: tokens[role] });
let memberToken = "";
let goods = { variant: 0, product: 0, price: 0 };
let addOnVariant = 0;
let giftVariants: number[] = [];

const window = () => ({
  starts_at: new Date(t.clock.now.getTime() - 3_600_000).toISOString(),
  ends_at: new Date(t.clock.now.getTime() + 86_400_000).toISOString(),
});

beforeAll(async () => {
  t = await createTestApp();
  Object.assign(tokens, await staffTokens(t));
  memberToken = await loginAs(t, DEMO_ACCOUNTS.member);
  const s = orderSteps(t);
  const [g, a, g1, g2] = await Promise.all([s.variantOf(2), s.variantOf(3), s.variantOf(4), s.variantOf(5)]);
  const [row] = await t.services.catalogue.variantsForCart([g as number], 1);
  goods = { variant: g as number, product: row?.productId ?? 0, price: row?.price ?? 0 };
  addOnVariant = a as number;
  giftVariants = [g1 as number, g2 as number];
  for (const v of [goods.variant, addOnVariant, ...giftVariants]) await s.setStock(v, 50);
}, 120_000);
afterAll(() => t.close());

const payInfo = async (body: object, shopId = 1) => {
  const r = await t.call<PayInfo>("POST", "/api/order/pay_info/fast", {
    body: { variant_id: goods.variant, qty: 1, ship_method: "hct", shop_id: shopId, ...body },
    token: memberToken,
  });
  expect(r.status).toBe(200);
  return r.body.data.quote;
};

describe("加價購 and 滿額贈", () => {
  let dealId = 0;
  let ruleId = 0;

  it("staff make them: checked, refused in words, audited; support may only read", async () => {
    const deal = {
      title: "加購茶杯",
      variant_id: addOnVariant,
      price: 99,
      per_order_cap: 2,
      trigger_product_ids: [goods.product],
      ...window(),
    };
    expect((await t.call("POST", "/api/admin/addon_deals", { ...as("support"), body: deal })).status).toBe(403);
    const missing = await t.call("POST", "/api/admin/addon_deals", { ...as("operator"), body: { ...deal, variant_id: 999_999 } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain("找不到商品規格編號 999999");
    const badDates = await t.call("POST", "/api/admin/addon_deals", {
      ...as("operator"),
      body: { ...deal, ends_at: deal.starts_at },
    });
    expect(badDates.status).toBe(400);
    const made = await t.call<{ id: number; variant_name: string }>("POST", "/api/admin/addon_deals", {
      ...as("operator"),
      body: deal,
    });
    expect(made.status).toBe(200);
    dealId = made.body.data.id;
    expect(made.body.data.variant_name).not.toBe("");

    const rule = await t.call<{ id: number; variants: Array<{ name: string }> }>("POST", "/api/admin/gift_rules", {
      ...as("operator"),
      body: { title: "滿額送茶包", threshold: goods.price + 1, variant_ids: giftVariants, ...window() },
    });
    expect(rule.status).toBe(200);
    ruleId = rule.body.data.id;
    expect(rule.body.data.variants).toHaveLength(2);
    const dup = await t.call("POST", "/api/admin/gift_rules", {
      ...as("operator"),
      body: { title: "重複", threshold: 100, variant_ids: [giftVariants[0], giftVariants[0]], ...window() },
    });
    expect(dup.status).toBe(400);

    const audit = await t.call<{ items: Array<{ action: string }> }>("GET", "/api/admin/audit?entity=addon_deal", as("owner"));
    expect(audit.body.data.items.map((e) => e.action)).toContain("addon_deal.create");
    const list = await t.call<{ total: number }>("GET", "/api/admin/gift_rules?shop_id=1", as("support"));
    expect(list.body.data.total).toBeGreaterThanOrEqual(1);
  });

  it("the quote offers them at once: the add-on by its trigger product, the gift short by NT$1", async () => {
    const q = await payInfo({});
    expect(q.addon_offers).toEqual([expect.objectContaining({ deal_id: dealId, eligible: true, price: 99, reason: null })]);
    expect(q.gift_offers).toEqual([expect.objectContaining({ rule_id: ruleId, reached: false, short_by: 1 })]);
    // The add-on is not discounted and does not count towards the gift.
    const taken = await payInfo({ addons: [{ deal_id: dealId, qty: 2 }] });
    expect(taken.addon_lines).toEqual([expect.objectContaining({ deal_id: dealId, qty: 2, price: 99 })]);
    expect(taken.goods_amount).toBe(goods.price + 198);
    expect(taken.gift_offers[0]?.reached).toBe(false);
    const over = await payInfo({ addons: [{ deal_id: dealId, qty: 3 }] });
    expect(over.refusals).toEqual([{ code: "ADDON_CAP_EXCEEDED", message: "「加購茶杯」每筆訂單限加購 2 件" }]);
  });

  it("a sub-mall runs the main mall's deals; turned off, they leave the very next quote", async () => {
    expect((await payInfo({}, 2)).addon_offers.map((o) => o.deal_id)).toEqual([dealId]);
    const off = await t.call("PUT", `/api/admin/gift_rules/${ruleId}`, {
      ...as("operator"),
      body: { title: "滿額送茶包", threshold: goods.price + 1, variant_ids: giftVariants, active: false, ...window() },
    });
    expect(off.status).toBe(200);
    expect((await payInfo({})).gift_offers).toEqual([]);
    await t.call("PUT", `/api/admin/gift_rules/${ruleId}`, {
      ...as("operator"),
      body: { title: "滿額送茶包", threshold: goods.price, variant_ids: giftVariants, ...window() },
    });
  });

  it("the order carries the add-on at its deal price and the chosen gift at NT$0, and reserves both", async () => {
    const s = orderSteps(t);
    const before = await s.stockOf(giftVariants[1] as number);
    const r = await t.call<StoreResult>("POST", "/api/order/store/fast", {
      token: memberToken,
      body: {
        variant_id: goods.variant,
        qty: 1,
        addons: [{ deal_id: dealId, qty: 1 }],
        gifts: [{ rule_id: ruleId, variant_id: giftVariants[1] }],
        ship_method: "hct",
        payment_method: "transfer",
        receiver: { name: "王小明", phone: DEMO_ACCOUNTS.member.phone },
        address: homeAddress,
        invoice: { type: "member" },
      },
    });
    expect(r.status).toBe(200);
    const view = await t.call<OrderView>("POST", "/api/order/detail", {
      token: memberToken,
      body: { order_no: r.body.data.order_no },
    });
    const kinds = view.body.data.lines.map((l) => [l.kind, l.variant_id, l.price]);
    expect(kinds).toEqual([
      ["goods", goods.variant, goods.price],
      ["addon", addOnVariant, 99],
      ["gift", giftVariants[1], 0],
    ]);
    expect(view.body.data.goods_amount).toBe(goods.price + 99);
    expect(await s.stockOf(giftVariants[1] as number)).toBe(before - 1);
  });
});
