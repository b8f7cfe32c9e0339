import http from "node:http";
import type { AddressInfo } from "node:net";
import { desc, type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { orders } from "../../db/schema/index.js";
import { DEMO_ACCOUNTS, DEMO_STAFF } from "../../demo/seed.js";
import { createTestApp, type TestApp } from "../../test/harness.js";

// The order CSV export streams every matching order, newest first, in keyset batches (decision 101):
// no cap, the same rows whatever the batch size, filters kept, and a client that goes away ends it.

let t: TestApp;
let token = "";

/** `n` orders in one statement: every third shipped, names that need CSV quoting, numbers `prefix…`. */
async function addOrders(n: number, prefix: string) {
  await t.database.db.execute(sql`
    insert into orders (order_no, shop_id, status, ship_method, payment_method, receiver_name, receiver_phone, email,
      address, invoice, goods_amount, discounts, discount_total, shipping_fee, order_amount, points_used, wallet_used,
      payable, created_at, updated_at)
    select ${prefix} || lpad(g::text, 6, '0'), 1, case when g % 3 = 0 then 'shipped' else 'paid' end, 'hct', 'card',
      case when g % 5 = 0 then '=陳,"大"文' else '王小明' || g end, '0912' || lpad(g::text, 6, '0'), 'e' || g || '@example.com',
      '{"zip":"100","county":"台北市","district":"中正區","line":"重慶南路一段 122 號"}'::jsonb, '{"type":"member"}'::jsonb,
      500 + g, '[]'::jsonb, 0, 60, 560 + g, 0, 0, 560 + g, now() - g * interval '1 minute', now()
    from generate_series(1, ${n}) g`);
}

const csvOf = async (chunks: AsyncIterable<string>) => {
  let text = "";
  for await (const c of chunks) text += c;
  return text;
};
const numbersIn = (csv: string) =>
  csv
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n")
    .slice(1)
    .map((line) => line.split(",")[0]);

beforeAll(async () => {
  t = await createTestApp();
  await addOrders(25, "77");
  const s = DEMO_STAFF.support;
  token = (
    await t.call<{ token: string }>("POST", "/api/admin/auth/login", { body: { username: s.username, password: s.password } })
  ).body.data.token;
});
afterAll(() => t.close());

const allNumbers = async (where: SQL = sql`true`) =>
  (await t.database.db.select({ no: orders.orderNo }).from(orders).where(where).orderBy(desc(orders.id))).map((r) => r.no);

describe("the order CSV export, streamed", () => {
  it("batches of 2 give every order, newest first, and the same text as one batch of 1,000", async () => {
    const small = await csvOf(t.services.admin.ordersCsv({}, 2));
    const large = await csvOf(t.services.admin.ordersCsv({}));
    expect(small).toBe(large);
    expect(small.startsWith("\uFEFF訂單編號,建立時間,狀態,")).toBe(true);
    expect(numbersIn(small)).toEqual(await allNumbers());
    expect(numbersIn(small).length).toBeGreaterThanOrEqual(25);
    // Quotes doubled, the comma quoted, a leading = neutralised; time in Taipei.
    expect(small).toContain(`"'=陳,""大""文"`);
    expect(small).toMatch(/\r\n770000\d\d,20\d\d\/\d\d\/\d\d \d\d:\d\d:\d\d,/);
  });

  it("filters still apply across batches", async () => {
    const shipped = await csvOf(t.services.admin.ordersCsv({ status: "shipped" }, 3));
    expect(numbersIn(shipped)).toEqual(await allNumbers(sql`status = 'shipped'`));
    expect(numbersIn(shipped).length).toBeGreaterThanOrEqual(8);
    const one = await csvOf(t.services.admin.ordersCsv({ q: "7700001" }, 2));
    expect(numbersIn(one)).toEqual(await allNumbers(sql`order_no like '7700001%'`));
    expect(numbersIn(one)).toHaveLength(10);
  });

  it("over HTTP: the whole file for staff; no file without a staff session", async () => {
    const r = await t.app.inject({
      method: "GET",
      url: "/api/admin/orders.csv?status=shipped",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(r.statusCode).toBe(200);
    expect(r.headers["content-type"]).toContain("text/csv");
    expect(r.body).toBe(await csvOf(t.services.admin.ordersCsv({ status: "shipped" })));
    // Every staff role may read orders (codes.ts), so the refusals are: no session, a member's.
    expect((await t.app.inject({ method: "GET", url: "/api/admin/orders.csv" })).statusCode).toBe(401);
    const member = await t.call<{ token: string }>("POST", "/api/auth/login", {
      body: { account: DEMO_ACCOUNTS.member.phone, password: DEMO_ACCOUNTS.member.password },
    });
    const asMember = await t.app.inject({
      method: "GET",
      url: "/api/admin/orders.csv",
      headers: { authorization: `Bearer ${member.body.data.token}` },
    });
    expect([401, 403]).toContain(asMember.statusCode);
    expect(asMember.body).not.toContain("訂單編號");
  });

  it("a client that goes away mid-file ends the reading: no more batches, and the next export is whole", async () => {
    await addOrders(6_000, "78");
    const views = t.services.orderViews;
    const real = views.staffExport.bind(views);
    const seen = { batches: 0, ended: false };
    const spy = vi.spyOn(views, "staffExport").mockImplementation(async function* (f, batch) {
      try {
        for await (const rows of real(f, batch)) {
          seen.batches++;
          yield rows;
        }
      } finally {
        seen.ended = true;
      }
    });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as AddressInfo;
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.get(
        { port, host: "127.0.0.1", path: "/api/admin/orders.csv", headers: { authorization: `Bearer ${token}` } },
        (res) => {
          res.once("data", () => {
            req.destroy();
            resolve(res.statusCode ?? 0);
          });
        },
      );
      req.on("error", (e) => (e.message.includes("socket hang up") ? undefined : reject(e)));
    });
    expect(status).toBe(200);
    await vi.waitFor(() => expect(seen.ended).toBe(true), { timeout: 10_000 });
    // 6,000-odd orders are 7 batches of 1,000; the reading stopped after the first few.
    expect(seen.batches).toBeLessThan(7);
    spy.mockRestore();
    const whole = await fetch(`http://127.0.0.1:${port}/api/admin/orders.csv`, { headers: { authorization: `Bearer ${token}` } });
    expect(whole.status).toBe(200);
    expect(numbersIn(await whole.text())).toEqual(await allNumbers());
  });
});
