// Coupon codes typed at checkout (decision 92): each refusal in its own words, the limits counted
// from the orders holding a code, a cancelled order giving its code back, and the back office's
// shared codes and single-use batches.
import type { AdminCoupon } from "@shop/contract/responses";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, couponCodes, couponRedemptions, orders } from "../../db/schema/index.js";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { homeAddress, orderSteps } from "../../test/order-helpers.js";

let t: TestApp;
let s: ReturnType<typeof orderSteps>;
const tokens = { member: "", downline: "", staff: "" };
let variant = 0;

beforeAll(async () => {
  t = await createTestApp();
  s = orderSteps(t);
  tokens.member = await s.login(DEMO_ACCOUNTS.member.phone, DEMO_ACCOUNTS.member.password);
  tokens.downline = await s.login(DEMO_ACCOUNTS.downline.phone, DEMO_ACCOUNTS.downline.password);
  tokens.staff = await s.staffToken();
  variant = await s.variantOf(2);
  await s.setStock(variant, 1000);
}, 120_000);
afterAll(() => t.close());

/** A request with its error code (x-error-code) beside the envelope. */
async function call(method: "GET" | "POST" | "PUT", url: string, body?: unknown, token?: string) {
  const r = await t.app.inject({
    method,
    url,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
    },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = String(r.headers["content-type"]).includes("json");
  const env = json ? (r.json() as { message: string; data: unknown }) : { message: "", data: r.body };
  return { message: env.message, data: env.data, status: r.statusCode, code: r.headers["x-error-code"] as string | undefined };
}

const days = (n: number) => new Date(t.clock.now.getTime() + n * 86_400_000).toISOString();

async function newCoupon(input: Record<string, unknown>) {
  const r = await call("POST", "/api/admin/coupons", { title: "春季優惠", kind: "amount", value: 100, ...input }, tokens.staff);
  expect(r.status, r.message).toBe(200);
  return r.data as AdminCoupon;
}

const quote = (code: string, token: string | undefined = tokens.member) =>
  call("POST", "/api/order/pay_info/fast", { variant_id: variant, qty: 1, ship_method: "hct", coupon_code: code }, token);

const order = (code: string, token: string) =>
  call(
    "POST",
    "/api/order/store/fast",
    {
      variant_id: variant,
      qty: 1,
      ship_method: "hct",
      payment_method: "transfer",
      receiver: { name: "王小明", phone: DEMO_ACCOUNTS.member.phone },
      address: homeAddress,
      invoice: { type: "member" },
      coupon_code: code,
    },
    token,
  );

const cancel = (no: string, token: string) => call("POST", "/api/order/cancelOrder", { order_no: no, reason: "不想要了" }, token);

describe("typing a code at checkout", () => {
  it("refuses a code that does not exist, one not started, one ended and one switched off, each in its words", async () => {
    await newCoupon({ issue: "shared", code: "LATER50", starts_at: days(3) });
    await newCoupon({ issue: "shared", code: "OLD50", starts_at: days(-30), ends_at: days(-1) });
    await newCoupon({ issue: "shared", code: "OFF50", active: false });
    const cases = [
      ["NOPE123", "COUPON_CODE_NOT_FOUND", "查無此優惠碼"],
      ["LATER50", "COUPON_CODE_NOT_STARTED", "此優惠碼尚未開始"],
      ["OLD50", "COUPON_CODE_EXPIRED", "此優惠碼已於"],
      ["OFF50", "COUPON_CODE_DISABLED", "此優惠碼已停止使用"],
    ] as const;
    for (const [code, errorCode, words] of cases) {
      const r = await quote(code);
      expect([r.status, r.code], code).toEqual([422, errorCode]);
      expect(r.message).toContain(words);
      const placed = await order(code, tokens.member);
      expect(placed.code).toBe(errorCode);
    }
  });

  it("takes a shared code in any case and with spaces, shows it as a discount line and keeps the redemption on the order", async () => {
    const c = await newCoupon({ issue: "shared", code: "SPRING100", per_member_limit: 1 });
    const q = await quote(" spring 100 ");
    expect(q.status, q.message).toBe(200);
    const off = (q.data as { quote: { discounts: Array<{ source: string; label: string; amount: number }> } }).quote.discounts;
    expect(off.find((d) => d.source === "coupon")).toMatchObject({ label: "春季優惠（SPRING100）", amount: 100 });

    const placed = await order("spring100", tokens.member);
    expect(placed.status, placed.message).toBe(200);
    const no = (placed.data as { order_no: string }).order_no;
    const [o] = await t.database.db.select().from(orders).where(eq(orders.orderNo, no));
    const [red] = await t.database.db.select().from(couponRedemptions).where(eq(couponRedemptions.orderNo, no));
    expect(o?.couponRedemptionId).toBe(red?.id);
    expect(red).toMatchObject({ couponId: c.id, releasedAt: null });
    expect(o?.discounts.find((d) => d.source === "coupon")?.amount).toBe(100);

    // Once per member: the second time is refused with its own words; another member still may.
    const again = await quote("SPRING100");
    expect([again.code, again.message]).toEqual(["COUPON_CODE_MEMBER_LIMIT", "此優惠碼每人限用 1 次，您已使用完畢"]);
    expect((await quote("SPRING100", tokens.downline)).status).toBe(200);

    // A cancelled order gives the code back.
    expect((await cancel(no, tokens.member)).status).toBe(200);
    const [released] = await t.database.db.select().from(couponRedemptions).where(eq(couponRedemptions.orderNo, no));
    expect(released?.releasedAt).not.toBeNull();
    expect((await quote("SPRING100")).status).toBe(200);
    expect((await call("GET", `/api/admin/coupons/${c.id}`, undefined, tokens.staff)).data).toMatchObject({ redeemed: 0 });
  });

  it("a code used up in all is shown as such in the quote and refused when ordering", async () => {
    await newCoupon({ issue: "shared", code: "ONLY1", total_limit: 1 });
    expect((await order("ONLY1", tokens.downline)).status).toBe(200);
    const q = await quote("ONLY1");
    expect(q.status).toBe(200);
    expect((q.data as { quote: { coupon_rejected: string | null } }).quote.coupon_rejected).toBe("此優惠碼已達使用上限");
    const placed = await order("ONLY1", tokens.member);
    expect([placed.code, placed.message]).toEqual(["COUPON_NOT_APPLICABLE", "此優惠碼已達使用上限"]);
  });

  it("a single-use code is used by one order, then refused as used; cancelling frees it", async () => {
    const c = await newCoupon({ issue: "single", title: "合作夥伴" });
    const made = await call("POST", `/api/admin/coupons/${c.id}/codes`, { count: 3 }, tokens.staff);
    expect(made.data).toMatchObject({ codes_total: 3, codes_used: 0 });
    const codes = await t.database.db.select().from(couponCodes).where(eq(couponCodes.couponId, c.id));
    for (const code of codes) expect(code.code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{10}$/);
    const code = codes[0]?.code ?? "";

    const placed = await order(code.toLowerCase(), tokens.member);
    expect(placed.status, placed.message).toBe(200);
    const no = (placed.data as { order_no: string }).order_no;
    const used = await quote(code, tokens.downline);
    expect([used.code, used.message]).toEqual(["COUPON_CODE_USED", "此優惠碼已被使用"]);

    const csv = await call("GET", `/api/admin/coupons/${c.id}/codes.csv`, undefined, tokens.staff);
    expect(csv.data).toContain(`${code},合作夥伴,${no},`);
    expect(String(csv.data).split("\r\n").filter(Boolean)).toHaveLength(4);

    expect((await cancel(no, tokens.member)).status).toBe(200);
    const [freed] = await t.database.db.select().from(couponCodes).where(eq(couponCodes.code, code));
    expect(freed?.usedOrderNo).toBeNull();
    expect((await quote(code, tokens.downline)).status).toBe(200);
  });

  it("guests cannot use codes", async () => {
    const r = await quote("SPRING100", "");
    expect(r.code).toBe("DISCOUNTS_MEMBERS_ONLY");
  });
});

describe("the back office's codes", () => {
  it("refuses a taken code, a shared coupon without a code, a change of kind and a batch over 5,000; audits each change", async () => {
    const c = await newCoupon({ issue: "shared", code: "KOL-AMY" });
    const taken = await call(
      "POST",
      "/api/admin/coupons",
      { title: "x", kind: "amount", value: 1, issue: "shared", code: "kol-amy" },
      tokens.staff,
    );
    expect(taken.status).toBe(400);
    expect(JSON.stringify(taken.data)).toContain("此優惠碼已被其他優惠券使用");
    const noCode = await call(
      "POST",
      "/api/admin/coupons",
      { title: "x", kind: "amount", value: 1, issue: "shared" },
      tokens.staff,
    );
    expect(JSON.stringify(noCode.data)).toContain("請輸入優惠碼");
    const kind = await call(
      "PUT",
      `/api/admin/coupons/${c.id}`,
      { title: "x", kind: "amount", value: 1, issue: "single" },
      tokens.staff,
    );
    expect(JSON.stringify(kind.data)).toContain("優惠券建立後不能變更發放方式");
    const single = await newCoupon({ issue: "single" });
    const tooMany = await call("POST", `/api/admin/coupons/${single.id}/codes`, { count: 5001 }, tokens.staff);
    expect([tooMany.status, JSON.stringify(tooMany.data).includes("每次最多產生 5,000 組")]).toEqual([400, true]);
    const notSingle = await call("POST", `/api/admin/coupons/${c.id}/codes`, { count: 5 }, tokens.staff);
    expect(notSingle.code).toBe("COUPON_NOT_SINGLE_USE");

    // Turning it off.
    const off = await call(
      "PUT",
      `/api/admin/coupons/${c.id}`,
      { title: c.title, kind: c.kind, value: c.value, issue: "shared", code: "KOL-AMY", active: false },
      tokens.staff,
    );
    expect((off.data as AdminCoupon).active).toBe(false);
    expect((await quote("KOL-AMY")).code).toBe("COUPON_CODE_DISABLED");
    await call("POST", `/api/admin/coupons/${single.id}/codes`, { count: 2 }, tokens.staff);
    const audits = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, "coupon")));
    const actions = audits.map((a) => a.action);
    expect(actions).toContain("coupon.update");
    expect(actions).toContain("coupon.codes");
  });

  it("makes a batch of 5,000 distinct codes", async () => {
    const single = await newCoupon({ issue: "single" });
    const r = await call("POST", `/api/admin/coupons/${single.id}/codes`, { count: 5000 }, tokens.staff);
    expect(r.status, r.message).toBe(200);
    expect((r.data as AdminCoupon).codes_total).toBe(5000);
  });
});

describe("a code's use and the rest of the shop", () => {
  it("a whole refund gives the code back; a code coupon cannot be handed to a member", async () => {
    const c = await newCoupon({ issue: "shared", code: "BACK-AGAIN", total_limit: 1 });
    const placed = await order("BACK-AGAIN", tokens.member);
    expect(placed.status, placed.message).toBe(200);
    const no = (placed.data as { order_no: string }).order_no;
    await t.services.payments.confirmOffline(no, "staff:1", "staff");
    await t.services.orders.advance(no, "processing", "staff:1");
    await t.services.orders.advance(no, "shipped", "staff:1", { trackingNo: "HCT1" });
    await t.services.orders.advance(no, "delivered", "staff:1");
    const refund = await call("POST", `/api/admin/orders/${no}/refund`, { reason: "整筆退貨" }, tokens.staff);
    expect(refund.status, refund.message).toBe(200);
    const [red] = await t.database.db.select().from(couponRedemptions).where(eq(couponRedemptions.orderNo, no));
    expect(red?.releasedAt).not.toBeNull();
    expect((await quote("BACK-AGAIN", tokens.downline)).status).toBe(200);

    const members = await t.services.auth.authenticate(tokens.downline);
    const issue = await call(
      "POST",
      `/api/admin/members/${members?.member.id}/coupons`,
      { coupon_id: c.id, days: 30 },
      tokens.staff,
    );
    expect(issue.status).toBe(400);
    expect(JSON.stringify(issue.data)).toContain("是優惠碼，無法直接發放給會員");
  });
});
