import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { products } from "../../db/schema/index.js";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { orderSteps } from "../../test/order-helpers.js";

/**
 * Moderation raced (decision 98): one review approved by 10 requests at once counts once on the
 * product, and approve raced with hide leaves the counters matching the status that won. Only on
 * PostgreSQL, where the transactions really overlap (PGlite runs them one at a time).
 */
const PRODUCT = 4;
let t: TestApp;
let s: ReturnType<typeof orderSteps>;
let member = "";
let staff = "";

beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL) return;
  t = await createTestApp();
  s = orderSteps(t);
  member = await s.login(DEMO_ACCOUNTS.member.phone, DEMO_ACCOUNTS.member.password);
  staff = await s.staffToken("operator");
}, 120_000);
afterAll(() => t?.close());

async function pendingReview(rating: number): Promise<number> {
  const v = await s.variantOf(PRODUCT);
  await s.setStock(v, 100);
  const { order_no } = await s.memberOrder(member, v);
  await t.services.payments.confirmOffline(order_no, "staff:1", "staff");
  await t.services.orders.advance(order_no, "processing", "staff:1");
  await t.services.orders.advance(order_no, "shipped", "staff:1", { trackingNo: "HCT1" });
  await t.services.orders.advance(order_no, "delivered", "staff:1");
  const lines = await t.call<{ lines: Array<{ order_line_id: number }> }>("GET", `/api/member/reviews?order_no=${order_no}`, {
    token: member,
  });
  const r = await t.call<{ id: number }>("POST", "/api/member/reviews", {
    token: member,
    body: { order_no, order_line_id: lines.body.data.lines[0]?.order_line_id, rating },
  });
  if (r.status !== 200) throw new Error(`review ${r.status} ${r.body.message}`);
  return r.body.data.id;
}
const counters = async () =>
  (
    await t.database.db
      .select({ n: products.ratingCount, sum: products.ratingSum })
      .from(products)
      .where(eq(products.id, PRODUCT))
  )[0];
const act = (id: number, what: "approve" | "hide") => t.call("POST", `/api/admin/reviews/${id}/${what}`, { token: staff });

describe.skipIf(!process.env.TEST_DATABASE_URL)("review moderation races on PostgreSQL", () => {
  test("approve raced 10× counts once", async () => {
    const before = await counters();
    const id = await pendingReview(5);
    const results = await Promise.all(Array.from({ length: 10 }, () => act(id, "approve")));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(await counters()).toEqual({ n: (before?.n ?? 0) + 1, sum: (before?.sum ?? 0) + 5 });
    const audit = await t.call<{ total: number }>("GET", `/api/admin/audit?entity=review&entity_id=${id}`, {
      token: await s.staffToken("owner"),
    });
    expect(audit.body.data.total).toBe(1);
  });

  test("approve and hide raced: the counters match the status that won", async () => {
    for (let round = 0; round < 5; round++) {
      const before = await counters();
      const id = await pendingReview(3);
      await act(id, "approve");
      await Promise.all([act(id, "hide"), act(id, "approve"), act(id, "hide"), act(id, "approve")]);
      const shown = (await t.call<{ items: Array<{ id: number }> }>("GET", `/api/product/reviews?id=${PRODUCT}&per_page=20`)).body
        .data.items;
      const approved = shown.some((r) => r.id === id);
      expect(await counters()).toEqual({
        n: (before?.n ?? 0) + (approved ? 1 : 0),
        sum: (before?.sum ?? 0) + (approved ? 3 : 0),
      });
    }
  });
});
