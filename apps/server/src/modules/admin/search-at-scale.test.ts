// The back office's order list and member search keep their answers while reading by index at
// 2,000,000 orders and 300,000 members (issue 51): digits are looked up by their start, anything
// else also inside names; the order list is newest placed first; and the plans the indexes were
// made for are the ones the database can take.
import type { StaffOrder } from "@shop/contract/responses";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import { createTestApp, loginAs, type TestApp } from "../../test/harness.js";
import { orderSteps } from "../../test/order-helpers.js";

let t: TestApp;
let staff = "";
const placed: string[] = [];
beforeAll(async () => {
  t = await createTestApp();
  const s = orderSteps(t);
  staff = await s.staffToken("operator");
  const token = await loginAs(t, DEMO_ACCOUNTS.member);
  const variant = await s.variantOf(2);
  for (let i = 0; i < 3; i++) placed.push((await s.memberOrder(token, variant)).order_no);
});
afterAll(() => t.close());

const members = async (q: string) => {
  const r = await t.call<{ items: Array<{ phone: string; name: string }>; total: number }>(
    "GET",
    `/api/admin/members?q=${encodeURIComponent(q)}`,
    { token: staff },
  );
  expect(r.status, r.body.message).toBe(200);
  return r.body.data.items;
};
const orders = async (q: string) => {
  const r = await t.call<{ items: StaffOrder[]; total: number }>("GET", `/api/admin/orders?per_page=100&${q}`, {
    token: staff,
  });
  expect(r.status, r.body.message).toBe(200);
  return r.body.data;
};

/** The plan of a statement with sequential scans priced out: which index can serve it. */
async function plan(statement: string): Promise<string> {
  return t.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const rows = (await tx.execute(sql.raw(`explain ${statement}`))) as unknown as { rows?: unknown[] } | unknown[];
    const list = Array.isArray(rows) ? rows : (rows.rows ?? []);
    return list.map((r) => Object.values(r as Record<string, string>)[0]).join("\n");
  });
}

describe("member search", () => {
  it("finds a member by the start of the phone number, by a name inside, and by 推薦碼", async () => {
    const m = DEMO_ACCOUNTS.member;
    expect((await members(m.phone.slice(0, 6))).map((x) => x.phone)).toContain(m.phone);
    expect((await members(m.phone.slice(2))).map((x) => x.phone)).not.toContain(m.phone); // not a start
    expect((await members(m.name.slice(1))).map((x) => x.name)).toContain(m.name);
    expect((await members(m.refcode.slice(0, 4).toLowerCase())).map((x) => x.phone)).toContain(m.phone);
  });

  it("digits are read through the phone and 推薦碼 prefix indexes, not a scan of every member", async () => {
    const p = await plan("select id from members where phone like '0912%' or refcode like '0912%' or id = 912");
    expect(p).toContain("members_phone_prefix_idx");
    expect(p).toContain("members_refcode_prefix_idx");
    expect(p).not.toMatch(/Seq Scan on members/);
  });

  it("Chinese is a part of a name, read through the name's tokens, one character or several", async () => {
    const p = await plan("select id from members where name_tokens @> array['陳志']::text[] and name like '%陳志%'");
    expect(p).toContain("members_name_tokens_idx");
    expect(p).not.toMatch(/Seq Scan on members/);
    const m = DEMO_ACCOUNTS.member; // 王小明
    for (const part of [m.name, m.name.slice(0, 1), m.name.slice(1), m.name.slice(1, 2)])
      expect(
        (await members(part)).map((x) => x.phone),
        part,
      ).toContain(m.phone);
    expect((await members(`${m.name.slice(0, 1)}${m.name.slice(2)}`)).map((x) => x.phone)).not.toContain(m.phone); // 王明: not a part
  });
});

describe("the order list", () => {
  it("is newest placed first, and finds an order by its number's start or the receiver's phone", async () => {
    const all = await orders("");
    const times = all.items.map((o) => o.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    const last = placed.at(-1) ?? "";
    expect((await orders(`q=${last}`)).items.map((o) => o.order_no)).toEqual([last]);
    const phone = all.items.find((o) => o.order_no === last)?.receiver_phone ?? "";
    expect((await orders(`q=${phone.slice(0, 7)}`)).items.map((o) => o.order_no)).toEqual(expect.arrayContaining(placed));
  });

  it("a state and a date range are one seek of a placed-time index, counted from it", async () => {
    const where = "status = 'paid' and created_at >= '2026-01-01' and created_at < '2026-02-01'";
    // On a handful of rows the planner may take either placed-time index; neither sorts nor scans.
    const page = await plan(`select * from orders where ${where} order by created_at desc, id desc limit 20`);
    expect(page).toMatch(/Index Scan Backward using orders_(status_)?created_idx/);
    expect(page).not.toMatch(/Sort|Seq Scan/);
    expect(await plan(`select count(*) from orders where ${where}`)).toMatch(/orders_(status_)?created_idx/);
    expect(await plan("select id from orders where order_no like '2026%' or receiver_phone like '2026%'")).toMatch(
      /orders_no_key[\s\S]*orders_receiver_phone_prefix_idx/,
    );
    // One index serves the whole number and its start (each index is paid by every order's insert).
    expect(await plan(`select id from orders where order_no = '${placed[0]}'`)).toContain("orders_no_key");
  });

  it("the dashboard's days, 庫存不足 and open payments have their indexes", async () => {
    expect(await plan("select count(*) from orders where created_at >= now() - interval '14 days'")).toContain(
      "orders_created_idx",
    );
    expect(await plan("select id from variants where stock <= 5 order by stock, id limit 10")).toContain("variants_stock_idx");
    // The sweeps read partial indexes a new order never enters.
    expect(await plan("select id from orders where status = 'delivered' and delivered_at <= now() limit 200")).toContain(
      "orders_delivered_idx",
    );
    expect(await plan("select id from orders where preorder_state = 'waiting' order by id")).toContain("orders_preorder_idx");
    expect(
      await plan("select count(*) from payments where status = 'charging' and updated_at < now() - interval '5 minutes'"),
    ).toContain("payments_open_idx");
    // The refund sweep, every few seconds: card refunds still to run, not every payment.
    expect(
      await plan(
        "select id from payments where refunded > refund_settled and (refund_lease_until is null or refund_lease_until < now()) limit 20",
      ),
    ).toContain("payments_refund_open_idx");
  });

  it("庫存不足 lists the variants at or below 5 on shelf, lowest first, as stock crosses the line both ways", async () => {
    const ids = (await t.database.db.execute(sql`select v.id from variants v join products p on p.id = v.product_id
      where p.status = 'on' order by v.id limit 3`)) as unknown as { rows?: Array<{ id: number }> } | Array<{ id: number }>;
    const [a, b, c] = (Array.isArray(ids) ? ids : (ids.rows ?? [])).map((r) => Number(r.id));
    const setStock = (id: number | undefined, stock: number) =>
      t.database.db.execute(sql`update variants set stock = ${stock} where id = ${id}`);
    const low = async () => {
      const r = await t.call<{ low_stock: Array<{ variant_id: number; stock: number }> }>("GET", "/api/admin/dashboard", {
        token: staff,
      });
      expect(r.status, r.body.message).toBe(200);
      return r.body.data.low_stock;
    };
    // The demo's own low variants restocked first, so the list shows only these three's changes.
    await t.database.db.execute(sql`update variants set stock = 100 where stock <= 5`);
    await setStock(a, 5);
    await setStock(b, 0);
    await setStock(c, 6);
    expect(await low()).toEqual([
      expect.objectContaining({ variant_id: b, stock: 0 }),
      expect.objectContaining({ variant_id: a, stock: 5 }),
    ]);
    await setStock(b, 40); // restocked: leaves the list
    await setStock(c, 2); // sold down: enters it
    expect((await low()).map((x) => x.variant_id)).toEqual([c, a]);
  });

  it("the home page's 熱銷 / 推薦 / 新品 shelves read their partial index in the shop's order, no sort", async () => {
    for (const tag of ["hot", "recommended", "new"]) {
      const p = await plan(
        `select id from products where status = 'on' and '${tag}' = any(tags) order by sort asc, id desc limit 8`,
      );
      expect(p).toContain(`products_${tag}_shelf_idx`);
      expect(p).not.toMatch(/Sort/);
    }
  });
});

describe("the order CSV", () => {
  it("streams every matching order in batches that seek past the last, newest first, none twice", async () => {
    const all = (await orders("")).items.map((o) => o.order_no);
    const seen: string[] = [];
    let batches = 0;
    for await (const batch of t.services.orderViews.staffExport({}, 2)) {
      batches++;
      expect(batch.length).toBeLessThanOrEqual(2);
      seen.push(...batch.map((o) => o.order_no));
    }
    expect(batches).toBe(Math.ceil(all.length / 2));
    // The list is newest placed first; the export newest id first: the same order here.
    expect(seen).toEqual(all);
  });

  it("the HTTP export is the whole file: BOM, head, one row per order, filters applied", async () => {
    const get = (q: string) =>
      t.app.inject({ method: "GET", url: `/api/admin/orders.csv${q}`, headers: { authorization: `Bearer ${staff}` } });
    const whole = await get("");
    expect(whole.statusCode).toBe(200);
    expect(whole.body.startsWith("\uFEFF訂單編號,")).toBe(true);
    const rows = whole.body.trim().split("\r\n");
    expect(rows).toHaveLength(1 + (await orders("")).total);
    const one = await get(`?q=${placed[0]}`);
    expect(one.body.trim().split("\r\n")).toHaveLength(2);
    expect((await t.app.inject({ method: "GET", url: "/api/admin/orders.csv" })).statusCode, "no staff sign-in").toBe(401);
  });
});
