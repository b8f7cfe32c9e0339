import type { StoreResult } from "@shop/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { homeAddress, orderSteps } from "../../test/order-helpers.js";

/**
 * 滿額贈's last gift raced (decision 93): 20 checkouts, each quoted with the one gift left, placed
 * at once. Only PostgreSQL really overlaps the transactions (PGlite runs them one at a time), so
 * this runs there only (`node scripts/with-pg-database.mjs vitest run …`).
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const CHECKOUTS = 20;

let t: TestApp;
let s: ReturnType<typeof orderSteps>;
let token = "";
let goods = 0;
let giftVariant = 0;
let ruleId = 0;

beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestApp();
  s = orderSteps(t);
  token = await s.login(DEMO_ACCOUNTS.member.phone, DEMO_ACCOUNTS.member.password);
  goods = await s.variantOf(2);
  giftVariant = await s.variantOf(3);
  await s.setStock(goods, 10_000);
  await s.setStock(giftVariant, 1);
  const staff = await s.staffToken();
  const at = t.clock.now.getTime();
  const r = await t.call<{ id: number }>("POST", "/api/admin/gift_rules", {
    token: staff,
    body: {
      title: "滿額送最後一份",
      threshold: 1,
      variant_ids: [giftVariant],
      qty: 1,
      starts_at: new Date(at - 3_600_000).toISOString(),
      ends_at: new Date(at + 86_400_000).toISOString(),
    },
  });
  expect(r.status).toBe(200);
  ruleId = r.body.data.id;
}, 120_000);
afterAll(() => (onPostgres ? t.close() : undefined));

const checkout = () =>
  t.call<StoreResult>("POST", "/api/order/store/fast", {
    token,
    body: {
      variant_id: goods,
      qty: 1,
      gifts: [{ rule_id: ruleId, variant_id: giftVariant }],
      ship_method: "hct",
      payment_method: "transfer",
      receiver: { name: "王小明", phone: DEMO_ACCOUNTS.member.phone },
      address: homeAddress,
      invoice: { type: "member" },
    },
  });

describe.skipIf(!onPostgres)("the last gift in stock, raced", () => {
  test(`${CHECKOUTS} checkouts at once: one gift given, never oversold, the rest refused clearly`, async () => {
    const results = await Promise.all(Array.from({ length: CHECKOUTS }, checkout));
    for (const r of results) expect(r.status).toBeLessThan(500);
    const placed = results.filter((r) => r.status === 200);
    expect(placed.length).toBeGreaterThanOrEqual(1);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect([409, 422]).toContain(r.status);
      expect(r.body.message).toMatch(/已售完|庫存不足|已送完/);
    }

    const given = await t.database.db.execute(
      sql`select coalesce(sum(qty), 0)::int as n from order_lines where kind = 'gift' and variant_id = ${giftVariant}`,
    );
    expect((given as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(1);
    expect(await s.stockOf(giftVariant)).toBe(0);
    expect(await t.services.inventory.unbalanced()).toEqual([]);

    // Once gone, the next checkout is told so, and one that does not ask for it gets no gift.
    const after = await checkout();
    expect(after.status).toBe(422);
    expect(after.body.message).toContain("已送完");
  }, 120_000);
});
