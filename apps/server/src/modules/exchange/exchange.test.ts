import type { ExchangeItemView, ExchangeView } from "@shop/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { depotEntries } from "../../db/schema/index.js";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import { createTestApp, loginAs, type TestApp } from "../../test/harness.js";

let t: TestApp;
let token = "";
let memberId = 0;
beforeAll(async () => {
  t = await createTestApp();
  token = await loginAs(t, DEMO_ACCOUNTS.member);
  memberId = (await t.services.auth.authenticate(token))?.member.id ?? 0;
});
afterAll(() => t.close());

const store = (body: unknown) => t.call<ExchangeView>("POST", "/api/user/rechange/store", { body, token });
const balances = () => t.services.loyalty.balances(memberId);

describe("exchange", () => {
  test("points to wallet at the rate; bad amounts refused; twice at once cannot overspend", async () => {
    expect((await t.call("GET", "/api/user/rechange/self", { token })).body.data).toEqual({
      points_per_dollar: 2,
      minimum_points: 100,
      points: 800,
    });
    const r = await store({ kind: "self", points: 200 });
    expect(r.body.data).toMatchObject({ kind: "self", points: 200, wallet_amount: 100, status_label: "已完成" });
    expect(await balances()).toEqual({ points: 600, wallet: 400 });
    for (const body of [
      { kind: "self", points: 101 },
      { kind: "self", points: 50 },
      { kind: "self", points: -200 },
      { kind: "self", points: 2.5 },
    ]) {
      expect((await store(body)).status, JSON.stringify(body)).toBe(400);
    }
    const both = await Promise.all([store({ kind: "self", points: 400 }), store({ kind: "self", points: 400 })]);
    expect(both.map((x) => x.status).sort()).toEqual([200, 409]);
    expect(await balances()).toEqual({ points: 200, wallet: 600 });
    expect(await t.services.loyalty.unbalanced()).toEqual([]);
  });

  test("points to goods: stock taken, goods in the depot; not enough points changes nothing", async () => {
    const items = (await t.call<ExchangeItemView[]>("GET", "/api/user/rechange/company", { token })).body.data;
    expect(items.map((i) => i.points)).toEqual([400, 600]);
    const cheap = items[0];
    const short = await store({ kind: "company", item_id: cheap?.id, qty: 1 });
    expect(short.status).toBe(409);
    await t.database.db.transaction((tx) => t.services.loyalty.changePoints(tx, memberId, 1000, "測試", "test:grant"));
    const r = await store({ kind: "company", item_id: cheap?.id, qty: 2 });
    expect(r.status).toBe(200);
    expect((await balances()).points).toBe(200 + 1000 - 800);
    const depot = await t.database.db.select().from(depotEntries).where(eq(depotEntries.memberId, memberId));
    expect(depot.reduce((n, d) => n + d.qty, 0)).toBe(2);
    expect(await t.services.inventory.unbalanced()).toEqual([]);
    expect((await store({ kind: "company", item_id: 9999, qty: 1 })).status).toBe(404);
    const list = await t.call<ExchangeView[]>("GET", "/api/user/rechange/list", { token });
    expect(list.body.data.map((e) => e.kind)).toEqual(["company", "self", "self"]);
  });
});
