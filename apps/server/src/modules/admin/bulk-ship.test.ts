import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { guestCartOrder, orderSteps } from "../../test/order-helpers.js";

interface BulkResult {
  shipped: Array<{ order_no: string; tracking_no: string }>;
  failed: Array<{ order_no: string; tracking_no: string; reason: string }>;
}

describe("批次出貨", () => {
  let t: TestApp;
  let s: ReturnType<typeof orderSteps>;
  let staff: string;
  beforeAll(async () => {
    t = await createTestApp();
    s = orderSteps(t);
    staff = await s.staffToken("operator");
  });
  afterAll(() => t.close());

  async function order(payment: "cod" | "transfer") {
    const v = await s.variantOf(34);
    await s.setStock(v, 50);
    const cart = await s.cartWith([{ variantId: v, qty: 1 }]);
    const r = await s.store(guestCartOrder(cart.lineIds, { payment_method: payment }), { headers: cart.headers });
    return r.body.data.order_no;
  }
  const status = async (no: string) =>
    (await t.call<{ status: string }>("GET", `/api/admin/orders/${no}`, { token: staff })).body.data.status;

  it("ships the valid rows and lists each invalid one with its reason; nothing else changes", async () => {
    const [cod, unpaid, other] = [await order("cod"), await order("transfer"), await order("cod")];
    const r = await t.call<BulkResult>("POST", "/api/admin/orders/bulk_ship", {
      token: staff,
      body: {
        rows: [
          { order_no: cod, tracking_no: "HCT6600001" },
          { order_no: unpaid, tracking_no: "HCT6600002" },
          { order_no: other, tracking_no: "短" },
          { order_no: "20990101000000", tracking_no: "HCT6600004" },
          { order_no: cod, tracking_no: "HCT6600005" },
          { order_no: "abc", tracking_no: "HCT6600006" },
        ],
      },
    });
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.message).toBe("已出貨 1 筆，5 筆未出貨");
    expect(r.body.data.shipped).toEqual([{ order_no: cod, tracking_no: "HCT6600001" }]);
    expect(r.body.data.failed.map((f) => [f.order_no, f.reason])).toEqual([
      [unpaid, "訂單尚未付款"],
      [other, "託運單號為 6–30 個英數字"],
      ["20990101000000", "找不到此訂單"],
      [cod, "訂單編號重複"],
      ["abc", "訂單編號格式不正確"],
    ]);
    expect([await status(cod), await status(unpaid), await status(other)]).toEqual([
      "shipped",
      "pending_payment",
      "pending_payment",
    ]);
    const audit = await t.call<{ items: Array<{ action: string; entity_id: string }> }>("GET", "/api/admin/audit?entity=order", {
      token: await s.staffToken("owner"),
    });
    expect(audit.body.data.items.filter((a) => a.action === "order.ship").map((a) => a.entity_id)).toEqual([cod]);
  });

  it("an empty or oversized batch is refused whole, and support staff may not ship", async () => {
    const empty = await t.call("POST", "/api/admin/orders/bulk_ship", { token: staff, body: { rows: [] } });
    expect([empty.status, empty.body.message]).toEqual([400, "輸入資料有誤：請至少輸入一筆訂單編號與物流單號"]);
    const rows = Array.from({ length: 201 }, () => ({ order_no: "20261122000000", tracking_no: "HCT0000001" }));
    expect((await t.call("POST", "/api/admin/orders/bulk_ship", { token: staff, body: { rows } })).status).toBe(400);
    const support = await s.staffToken("support");
    expect(
      (await t.call("POST", "/api/admin/orders/bulk_ship", { token: support, body: { rows: rows.slice(0, 1) } })).status,
    ).toBe(403);
  });
});
