import { count, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { orders } from "../../db/schema/index.js";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import { createTestApp, loginAs, type TestApp } from "../../test/harness.js";
import { orderSteps } from "../../test/order-helpers.js";
import { createOrderQueries } from "./queries.js";

// The back office's unfiltered order list counts every order without counting them all each time
// (issue 51): the rows below a mark are counted every 10 minutes, the newest always.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const counted = async () => (await t.database.db.select({ n: count() }).from(orders))[0]?.n ?? 0;

test("the unfiltered total is exact after new orders, before and after the recount, and a filter still counts itself", async () => {
  let now = Date.parse("2026-11-29T00:00:00Z");
  // A live tail of one id: the mark sits just under the newest order, so the kept count is used.
  const queries = createOrderQueries(t.database.db, { clock: () => now, liveTailIds: 1 });
  const steps = orderSteps(t);
  const token = await loginAs(t, DEMO_ACCOUNTS.member);
  const variant = await steps.variantOf(2);
  await steps.setStock(variant, 50);
  const place = async (n: number) => {
    for (let i = 0; i < n; i++) await steps.memberOrder(token, variant);
  };
  await place(2);
  const first = await queries.pageOf(undefined, 1, 20);
  expect(first.total).toBe(await counted());
  expect(first.total).toBeGreaterThanOrEqual(2);
  await place(3);
  expect((await queries.pageOf(undefined, 1, 20)).total).toBe(first.total + 3);
  now += 11 * 60_000;
  await place(1);
  expect((await queries.pageOf(undefined, 1, 20)).total).toBe(first.total + 4);
  expect((await queries.pageOf(undefined, 1, 20)).total).toBe(await counted());
  // A filtered list counts its own rows as before.
  const [newest] = await t.database.db.select({ m: orders.memberId }).from(orders).orderBy(desc(orders.id)).limit(1);
  const memberId = newest?.m as number;
  const [mine] = await t.database.db.select({ n: count() }).from(orders).where(eq(orders.memberId, memberId));
  const member = await queries.listForMember(memberId, undefined, 1, 20);
  expect(member.total).toBe(mine?.n);
  expect(member.total).toBeGreaterThanOrEqual(6);
});
