import type { PayInfo, StoreResult } from "@shop/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { memberTierHistory, memberTierStatus, notifications, orderLines, pointEntries, variants } from "../../db/schema/index.js";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { homeAddress, orderSteps } from "../../test/order-helpers.js";
import { ownPoints } from "../loyalty/credits.js";

let t: TestApp;
let s: ReturnType<typeof orderSteps>;
let staff = "";
let member = "";
let memberId = 0;
let variant = 0;
let price = 0;
let baseSpend = 0;
const levelIds = { vip: 0, vvip: 0 };
const DAY = 86_400;

beforeAll(async () => {
  t = await createTestApp();
  s = orderSteps(t);
  staff = await s.staffToken();
  member = await s.login(DEMO_ACCOUNTS.member.phone, DEMO_ACCOUNTS.member.password);
  memberId = (await t.services.auth.authenticate(member))?.member.id ?? 0;
  variant = await s.variantOf(2);
  await s.setStock(variant, 10_000);
  price = (await t.database.db.select().from(variants).where(eq(variants.id, variant)))[0]?.price ?? 0;
  baseSpend = (await t.services.tiers.memberView(memberId)).spend;
}, 120_000);
afterAll(() => t.close());

const level = (over: Record<string, unknown>) => ({
  name: "VIP",
  rank: 1,
  threshold: 1000,
  discount_percent: 10,
  points_multiplier: 200,
  free_shipping_threshold: 1,
  active: true,
  ...over,
});
const admin = <T = unknown>(method: "GET" | "POST" | "PUT", url: string, body?: unknown) =>
  t.call<T>(method, url, { token: staff, body });
/** A transfer order of `qty` units, paid (confirmed by staff); its number. */
async function paidOrder(qty: number) {
  const r = await t.call<StoreResult>("POST", "/api/order/store/fast", {
    token: member,
    body: {
      variant_id: variant,
      qty,
      ship_method: "hct",
      payment_method: "transfer",
      receiver: { name: "王小明", phone: DEMO_ACCOUNTS.member.phone },
      address: homeAddress,
      invoice: { type: "member" },
    },
  });
  expect(r.status, r.body.message).toBe(200);
  await t.services.payments.confirmOffline(r.body.data.order_no, "staff:1", "staff");
  return r.body.data.order_no;
}
const history = () =>
  t.database.db.select().from(memberTierHistory).where(eq(memberTierHistory.memberId, memberId)).orderBy(memberTierHistory.id);
const quote = async () => {
  const r = await t.call<PayInfo>("POST", "/api/order/pay_info/fast", {
    token: member,
    body: { variant_id: variant, qty: 1, ship_method: "hct" },
  });
  expect(r.status, r.body.message).toBe(200);
  return Object.assign(r.body.data.quote, { info: r.body.data });
};

describe("levels in the back office", () => {
  test("staff create VIP and VVIP; a broken ladder or a bad value is refused with its reason; each write is audited", async () => {
    const vipThreshold = baseSpend + 3 * price;
    const vip = await admin<{ id: number }>("POST", "/api/admin/tiers", level({ threshold: vipThreshold }));
    expect(vip.status, vip.body.message).toBe(200);
    levelIds.vip = vip.body.data.id;
    const vvip = await admin<{ id: number }>(
      "POST",
      "/api/admin/tiers",
      level({ name: "VVIP", rank: 2, threshold: vipThreshold * 10, discount_percent: 15, points_multiplier: 300 }),
    );
    expect(vvip.status, vvip.body.message).toBe(200);
    levelIds.vvip = vvip.body.data.id;

    const taken = await admin("POST", "/api/admin/tiers", level({ name: "金卡", threshold: vipThreshold * 20 }));
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe("等級順序 1 已被其他等級使用");
    const lower = await admin("POST", "/api/admin/tiers", level({ name: "黑卡", rank: 3, threshold: 5 }));
    expect(lower.body.message).toBe("門檻須隨等級遞增：高等級的門檻必須高於低等級");
    const tooMuch = await admin("POST", "/api/admin/tiers", level({ rank: 4, discount_percent: 60 }));
    expect(tooMuch.status).toBe(400);
    const list = await admin<{ items: Array<{ name: string }> }>("GET", "/api/admin/tiers");
    expect(list.body.data.items.map((l) => l.name)).toEqual(["一般會員", "VIP", "VVIP"]);
    const audit = await admin<{ items: Array<{ action: string }> }>("GET", "/api/admin/audit?entity=member_tier");
    expect(audit.body.data.items.map((a) => a.action)).toEqual(["member_tier.create", "member_tier.create"]);
  });

  test("a member sees 一般會員, the spend counted and how far VIP is; the quote has no tier discount yet", async () => {
    const r = await t.call<{ level: { name: string }; spend: number; next: { name: string; remaining: number } }>(
      "GET",
      "/api/member/tier",
      { token: member },
    );
    expect(r.body.data.level.name).toBe("一般會員");
    expect(r.body.data.next).toMatchObject({ name: "VIP", remaining: 3 * price });
    expect((await quote()).discounts.filter((d) => d.source === "tier")).toEqual([]);
    expect((await t.call("GET", "/api/member/tier")).status).toBe(401);
  });
});

describe("upgrade on payment, renewal and downgrade at period end", () => {
  test("paying enough raises the member at once (one history row, a notice); the quote then takes 10% and ships free", async () => {
    await paidOrder(2);
    expect(await history()).toEqual([]);
    await paidOrder(1);
    const rows = await history();
    expect(rows).toMatchObject([{ reason: "upgrade", toTierId: levelIds.vip, spend: baseSpend + 3 * price }]);
    const view = await t.services.tiers.memberView(memberId);
    expect(view.level?.name).toBe("VIP");
    expect(view.next).toMatchObject({ name: "VVIP" });
    const notices = await t.database.db.select().from(notifications).where(eq(notifications.memberId, memberId));
    expect(notices.filter((n) => n.title === "會員等級升級：VIP")).toHaveLength(1);
    const q = await quote();
    expect(q.info.quote.discounts.find((d) => d.source === "tier")).toMatchObject({ amount: Math.floor(price / 10) });
    expect(q.info.quote.shipping_fee).toBe(0);
    expect(q.info.ship_methods.find((m) => m.code === "hct")).toMatchObject({ free_threshold: 1, fee_now: 0 });
    // Paying again at VIP changes nothing.
    await paidOrder(1);
    expect(await history()).toHaveLength(1);
  });

  test("completion credits points × the order's multiplier, floored", async () => {
    const no = await paidOrder(1);
    const o = await t.services.orders.byNo(no);
    expect(o?.pointsMultiplier).toBe(200);
    expect(o?.tierId).toBe(levelIds.vip);
    for (const to of ["processing", "shipped", "delivered", "completed"] as const)
      await t.services.orders.advance(no, to, "staff:1", to === "shipped" ? { trackingNo: "HCT1" } : {});
    const [earn] = await t.database.db
      .select()
      .from(pointEntries)
      .where(and(eq(pointEntries.memberId, memberId), eq(pointEntries.ref, `order:${no}:earn`)));
    const lines = await t.database.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, o?.id ?? 0));
    const once = ownPoints({ ...(o as NonNullable<typeof o>), pointsMultiplier: 100, lines });
    expect(once).toBeGreaterThan(0);
    expect(earn?.delta).toBe(once * 2);
  });

  test("at period end: kept with spend in the window (renewal), lowered without (downgrade), each with history", async () => {
    const [status] = await t.database.db.select().from(memberTierStatus).where(eq(memberTierStatus.memberId, memberId));
    const until = status?.validUntil.getTime() ?? 0;
    // Eleven months on, the member buys VIP's worth again, after VIP's 10% (the seed's older orders have left the window).
    t.clock.advance(335 * DAY);
    member = await s.login(DEMO_ACCOUNTS.member.phone, DEMO_ACCOUNTS.member.password);
    await paidOrder(4 + Math.ceil(baseSpend / price));
    expect(await t.services.tiers.evaluateDue()).toEqual({ evaluated: 0 });
    t.clock.advance(Math.ceil((until - t.clock.now.getTime()) / 1000) + DAY);
    expect(await t.services.tiers.evaluateDue()).toEqual({ evaluated: 1 });
    expect((await history()).map((h) => h.reason)).toEqual(["upgrade", "renewal"]);
    const [renewed] = await t.database.db.select().from(memberTierStatus).where(eq(memberTierStatus.memberId, memberId));
    expect(renewed?.validUntil.getTime()).toBeGreaterThan(until + 360 * DAY * 1000);
    expect(await t.services.tiers.evaluateDue()).toEqual({ evaluated: 0 });
    // A year with nothing bought: back to 一般會員, the status row gone.
    t.clock.advance(370 * DAY);
    expect(await t.services.tiers.evaluateDue()).toEqual({ evaluated: 1 });
    const rows = await history();
    expect(rows.map((h) => h.reason)).toEqual(["upgrade", "renewal", "downgrade"]);
    expect(rows[2]).toMatchObject({ fromTierId: levelIds.vip, spend: 0 });
    expect((await t.services.tiers.memberView(memberId)).level?.name).toBe("一般會員");
    expect(await t.database.db.select().from(memberTierStatus).where(eq(memberTierStatus.memberId, memberId))).toEqual([]);
  });

  test("the back office shows the member's level and history; the period becomes the calendar year", async () => {
    staff = await s.staffToken();
    const r = await admin<{ level: { name: string }; history: Array<{ reason: string; to: string }> }>(
      "GET",
      `/api/admin/members/${memberId}/tier`,
    );
    expect(r.body.data.level.name).toBe("一般會員");
    expect(r.body.data.history.map((h) => `${h.reason}:${h.to}`)).toEqual(["downgrade:一般會員", "renewal:VIP", "upgrade:VIP"]);
    const saved = await admin("PUT", "/api/admin/tier_settings", { period: "calendar" });
    expect(saved.status).toBe(200);
    const view = await t.services.tiers.memberView(memberId);
    expect(view.period).toBe("calendar");
    expect(new Date(view.counted_from).getUTCMonth()).toBe(11); // 1 January 00:00 Taipei is 31 December 16:00 UTC
    expect((await admin("PUT", "/api/admin/tier_settings", { period: "weekly" })).status).toBe(400);
  });
});

describe("cash on delivery", () => {
  test("counts once collected: the member goes up when the parcel is handed over, not before", async () => {
    member = await s.login(DEMO_ACCOUNTS.member.phone, DEMO_ACCOUNTS.member.password);
    const before = (await history()).length;
    const r = await t.call<StoreResult>("POST", "/api/order/store/fast", {
      token: member,
      body: {
        variant_id: variant,
        qty: 4,
        ship_method: "hct",
        payment_method: "cod",
        receiver: { name: "王小明", phone: DEMO_ACCOUNTS.member.phone },
        address: homeAddress,
        invoice: { type: "member" },
      },
    });
    expect(r.status, r.body.message).toBe(200);
    const no = r.body.data.order_no;
    await t.services.orders.advance(no, "processing", "staff:1");
    await t.services.orders.advance(no, "shipped", "staff:1", { trackingNo: "HCT2" });
    expect(await history()).toHaveLength(before);
    await t.services.orders.advance(no, "delivered", "staff:1");
    const rows = await history();
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({ reason: "upgrade", toTierId: levelIds.vip });
  });
});

describe("team points", () => {
  test("/point/team shows each level's percentage and what the member earned by it, net of refunds", async () => {
    await t.database.db.transaction(async (tx) => {
      await t.services.loyalty.changePoints(tx, memberId, 40, "團隊點數（第 1 代）", "order:T1:team1");
      await t.services.loyalty.changePoints(tx, memberId, -10, "退款收回點數", "order:T1:team1:reversal:1");
      await t.services.loyalty.changePoints(tx, memberId, 7, "團隊點數（第 2 代）", "order:T2:team2");
    });
    member = await s.login(DEMO_ACCOUNTS.member.phone, DEMO_ACCOUNTS.member.password);
    const r = await t.call("GET", "/api/point/team", { token: member });
    expect(r.body.data).toEqual({ level1: 5, level2: 2, earned1: 30, earned2: 7 });
  });
});
