import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { orders, variants } from "../../db/schema/index.js";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { orderSteps } from "../../test/order-helpers.js";

let t: TestApp;
let s: ReturnType<typeof orderSteps>;
let member = "";
let staff = "";

beforeAll(async () => {
  t = await createTestApp();
  s = orderSteps(t);
  member = await s.login(DEMO_ACCOUNTS.member.phone, DEMO_ACCOUNTS.member.password);
  staff = await s.staffToken();
}, 120_000);
afterAll(() => t.close());

const SHIP_ON = "2099-03-15";

/** A variant of `productId` with `stock` on hand, sold on pre-order up to `cap`. */
async function onPreorder(productId: number, stock: number, cap: number) {
  const v = await s.variantOf(productId);
  await s.setStock(v, stock);
  await t.database.db.update(variants).set({ preorderCap: cap, preorderShipOn: SHIP_ON }).where(eq(variants.id, v));
  return v;
}
const variantRow = async (id: number) => (await t.database.db.select().from(variants).where(eq(variants.id, id)))[0];
const orderRow = async (no: string) => (await t.database.db.select().from(orders).where(eq(orders.orderNo, no)))[0];
const order = (variantId: number, qty: number, email?: string) =>
  t.call<{ order_no: string }>("POST", "/api/order/store/fast", {
    token: member,
    body: {
      variant_id: variantId,
      qty,
      ship_method: "hct",
      payment_method: "transfer",
      receiver: { name: "王小明", phone: DEMO_ACCOUNTS.member.phone },
      address: { zip: "100", county: "台北市", district: "中正區", line: "重慶南路一段 122 號" },
      invoice: { type: "member" },
      ...(email ? { email } : {}),
    },
  });
const receive = (productId: number, variantId: number, delta: number) =>
  t.call("POST", `/api/admin/products/${productId}/stock`, {
    token: staff,
    body: { variant_id: variantId, delta, reason: "restock", note: "到貨" },
  });
const pay = (no: string) => t.services.payments.confirmOffline(no, "staff:1", "staff");

describe("pre-orders (decision 96)", () => {
  test("stock first, then pre-order units within the cap; beyond the cap is refused", async () => {
    const v = await onPreorder(5, 2, 3);
    const r = await order(v, 4, "preorder.buyer@example.com");
    expect(r.status).toBe(200);
    const o = await orderRow(r.body.data.order_no);
    expect(o?.preorderState).toBe("waiting");
    expect(o?.preorderShipOn).toBe(SHIP_ON);
    const lines = await t.services.orders.linesOf(o?.id ?? 0);
    expect(lines.every((l) => l.preorder)).toBe(true);
    // The order is told as a pre-order: its message is written after the stock was taken (decision 107).
    const told = await t.services.outbox.forEvent(`order:${o?.orderNo}:placed`);
    expect(told.length).toBeGreaterThan(0);
    for (const m of told) expect(JSON.stringify(m)).toContain("預購商品，預計 2099/03/15 出貨");
    expect(await variantRow(v)).toMatchObject({ stock: 0, preorderWaiting: 2 });
    const over = await order(v, 2);
    expect(over.status).toBe(409);
    expect(over.body.message).toBe("預購數量已達上限");
    expect((await order(v, 1)).status).toBe(200);
    expect(await variantRow(v)).toMatchObject({ stock: 0, preorderWaiting: 3 });
    // A plain order is no pre-order.
    const plain = await s.variantOf(6);
    await s.setStock(plain, 10);
    const p = await order(plain, 1);
    expect((await orderRow(p.body.data.order_no))?.preorderState).toBeNull();
    expect(await t.services.inventory.unbalanced()).toEqual([]);
  });

  test("pre-order units never go to the 雲端庫存, nor come as a gift or add-on (review of issue 50)", async () => {
    const v = await onPreorder(9, 0, 5);
    const r = await t.call("POST", "/api/order/store/fast", {
      token: member,
      body: {
        variant_id: v,
        qty: 1,
        ship_method: "depot",
        payment_method: "transfer",
        receiver: { name: "王小明", phone: DEMO_ACCOUNTS.member.phone },
        invoice: { type: "member" },
      },
    });
    expect([r.status, r.body.message]).toEqual([422, "預購商品無法寄存於雲端庫存，請選擇其他配送方式"]);
    expect(await variantRow(v)).toMatchObject({ stock: 0, preorderWaiting: 0 });
    // Inside the transaction the same rule holds for units that may not wait.
    const refused = t.database.db.transaction((tx) =>
      t.services.inventory.preorder.reserve(tx, [{ variantId: v, qty: 1, maxPreorder: 0 }], "test:gift"),
    );
    await expect(refused).rejects.toMatchObject({ code: "PREORDER_NOT_ALLOWED" });
    expect(await variantRow(v)).toMatchObject({ stock: 0, preorderWaiting: 0 });
  });

  test("a waiting pre-order cannot ship; received stock releases paid orders oldest first, each only when covered", async () => {
    const v = await onPreorder(7, 0, 10);
    const a = (await order(v, 2)).body.data.order_no;
    const b = (await order(v, 1)).body.data.order_no;
    const unpaid = (await order(v, 1)).body.data.order_no;
    await pay(a);
    await pay(b);
    await expect(t.services.orders.advance(a, "processing", "staff:1")).rejects.toMatchObject({
      code: "PREORDER_WAITING",
      kind: "conflict",
    });
    // One unit: the oldest needs two, so nobody jumps ahead of it.
    let r = await receive(7, v, 1);
    expect(r.status).toBe(200);
    expect(r.body.message).toBe("庫存已調整");
    expect((await orderRow(a))?.preorderState).toBe("waiting");
    // Two more: the oldest is covered; the next needs one more.
    r = await receive(7, v, 2);
    expect(r.body.message).toBe("庫存已調整，已放行 2 筆預購訂單");
    expect((await orderRow(a))?.preorderState).toBe("released");
    expect((await orderRow(b))?.preorderState).toBe("released");
    // The unpaid one keeps its place until it pays.
    expect((await orderRow(unpaid))?.preorderState).toBe("waiting");
    expect(await variantRow(v)).toMatchObject({ stock: 0, preorderWaiting: 1 });
    await t.services.orders.advance(a, "processing", "staff:1");
    expect((await orderRow(a))?.status).toBe("processing");
    // Stock there when it pays: it is released at once.
    await receive(7, v, 1);
    expect((await orderRow(unpaid))?.preorderState).toBe("waiting");
    await pay(unpaid);
    expect((await orderRow(unpaid))?.preorderState).toBe("released");
    expect(await variantRow(v)).toMatchObject({ stock: 0, preorderWaiting: 0 });
    expect(await t.services.inventory.unbalanced()).toEqual([]);
  });

  test("partial stock releases only the oldest orders it fully covers", async () => {
    const v = await onPreorder(8, 0, 10);
    const nos: string[] = [];
    for (const qty of [1, 2, 1]) {
      const no = (await order(v, qty)).body.data.order_no;
      await pay(no);
      nos.push(no);
    }
    const r = await receive(8, v, 2);
    expect(r.body.message).toBe("庫存已調整，已放行 1 筆預購訂單");
    const states = await Promise.all(nos.map(async (n) => (await orderRow(n))?.preorderState));
    expect(states).toEqual(["released", "waiting", "waiting"]);
    expect(await variantRow(v)).toMatchObject({ stock: 1, preorderWaiting: 3 });
  });

  test("cancelling a waiting pre-order gives back its waiting units and its stock; the buyer is told of the release", async () => {
    const v = await onPreorder(9, 1, 5);
    const a = (await order(v, 3)).body.data.order_no;
    expect(await variantRow(v)).toMatchObject({ stock: 0, preorderWaiting: 2 });
    const b = (await order(v, 1)).body.data.order_no;
    await pay(b);
    await t.services.orders.cancelByStaff(a, "staff:1", "顧客取消");
    // A's one stock unit went to the next waiting paid pre-order.
    expect(await variantRow(v)).toMatchObject({ stock: 0, preorderWaiting: 0 });
    expect((await orderRow(b))?.preorderState).toBe("released");
    expect(await t.services.inventory.unbalanced()).toEqual([]);
  });

  test("an unpaid pre-order expires like any order and gives back its waiting units", async () => {
    const v = await onPreorder(10, 0, 5);
    const no = (await order(v, 2)).body.data.order_no;
    expect(await variantRow(v)).toMatchObject({ preorderWaiting: 2 });
    t.clock.advance(3 * 86_400 + 60);
    expect(await t.services.orders.expireUnpaid()).toBeGreaterThanOrEqual(1);
    expect((await orderRow(no))?.status).toBe("cancelled");
    expect(await variantRow(v)).toMatchObject({ stock: 0, preorderWaiting: 0 });
  });

  test("the variant editor sets pre-order terms, refusing a past date and a cap below what waits (never a 500)", async () => {
    staff = await s.staffToken(); // the expiry test moved the clock past the staff session
    const v = await onPreorder(13, 0, 5);
    expect((await order(v, 3)).status).toBe(200);
    const view = (await t.call<AdminView>("GET", "/api/admin/products/13", { token: staff })).body.data;
    const save = (cap: number | null, shipOn: string | null) =>
      t.call("PUT", "/api/admin/products/13", { token: staff, body: editorInput(view, v, cap, shipOn) });
    let r = await save(2, SHIP_ON);
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toContain("預購上限不可低於已預購的 3 件");
    r = await save(null, null);
    expect(JSON.stringify(r.body)).toContain("尚有 3 件預購等待到貨，無法關閉預購");
    r = await save(5, "2000-01-01");
    expect(JSON.stringify(r.body)).toContain("預計出貨日須晚於今天");
    r = await save(5, null);
    expect(r.status).toBe(400);
    expect(await variantRow(v)).toMatchObject({ preorderCap: 5, preorderShipOn: SHIP_ON, preorderWaiting: 3 });
    r = await save(8, "2099-04-01");
    expect(r.status).toBe(200);
    expect(await variantRow(v)).toMatchObject({ preorderCap: 8, preorderShipOn: "2099-04-01" });
    // The product page offers it: sold out, open for pre-order.
    const page = await t.call<{ variants: Array<{ id: number; preorder_label?: string }> }>("GET", "/api/product/get?id=13");
    expect(page.body.data.variants.find((x) => x.id === v)?.preorder_label).toBe("預購商品，預計 2099/04/01 出貨");
  });
});

type AdminView = Record<string, unknown> & { variants: Array<Record<string, unknown> & { id: number }> };
/** The editor's input for a product as the back office shows it, with one variant's pre-order terms changed. */
function editorInput(p: AdminView, variantId: number, cap: number | null, shipOn: string | null) {
  const pick = (o: Record<string, unknown>, keys: string[]) => Object.fromEntries(keys.map((k) => [k, o[k]]));
  return {
    ...pick(p, [
      "category_id",
      "name",
      "subtitle",
      "description",
      "images",
      "status",
      "point_percent",
      "tags",
      "per_order_limit",
      "temperature",
      "shop_ids",
    ]),
    variants: p.variants.map((x) => ({
      ...pick(x, [
        "id",
        "sku",
        "name",
        "price",
        "list_price",
        "image",
        "size_cm",
        "weight_g",
        "preorder_cap",
        "preorder_ship_on",
      ]),
      ...(x.id === variantId ? { preorder_cap: cap, preorder_ship_on: shipOn } : {}),
    })),
  };
}
