import type { ShipmentBatchResult, ShipmentLabelsResult } from "@shop/contract/responses";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FakeEcpayLogistics } from "../../integrations/ecpay/fake-logistics.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { guestCartOrder, orderSteps } from "../../test/order-helpers.js";

const SEVEN = { type: "cvs_711", id: "131386", name: "建盛門市", address: "台北市中正區重慶南路一段 122 號" };

/** Pages in a PDF: its `/Type /Page` objects (not `/Pages`). */
const pagesOf = (pdf: Buffer) => (pdf.toString("latin1").match(/\/Type\s*\/Page(?!s)/g) ?? []).length;

describe("批次建立寄件單 and 列印標籤 PDF", () => {
  let t: TestApp;
  let s: ReturnType<typeof orderSteps>;
  let staff: string;
  let ecpay: FakeEcpayLogistics;
  beforeAll(async () => {
    t = await createTestApp();
    s = orderSteps(t);
    staff = await s.staffToken("operator");
    ecpay = t.providers.ecpayCarrierSimulator as FakeEcpayLogistics;
  }, 120_000);
  afterAll(() => t.close());

  async function cvsOrder() {
    const v = await s.variantOf(35);
    await s.setStock(v, 500);
    const cart = await s.cartWith([{ variantId: v, qty: 1 }]);
    const body = guestCartOrder(cart.lineIds, { payment_method: "cod", ship_method: "cvs_711", cvs_store: SEVEN });
    const r = await s.store({ ...body, address: undefined }, { headers: cart.headers });
    expect(r.status, r.body.message).toBe(200);
    return r.body.data.order_no;
  }
  const call = <T>(path: string, order_nos: string[]) =>
    t.call<T>("POST", `/api/admin/orders/${path}`, { token: staff, body: { order_nos } });

  it("20 orders, one refused by ECPay: 19 made, 1 failure with the reason; the PDF has 19 labels", async () => {
    const nos: string[] = [];
    for (let i = 0; i < 20; i++) nos.push(await cvsOrder());
    // The first create ECPay answers is refused (creates run a few at a time, so whichever order it is).
    ecpay.failNext("ReceiverStoreID 門市已關轉");
    const r = await call<ShipmentBatchResult>("batch_shipments", nos);
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.data.made).toHaveLength(19);
    expect(r.body.data.failed).toHaveLength(1);
    expect(r.body.data.failed[0]?.reason).toBe("建立寄件單失敗：ReceiverStoreID 門市已關轉");
    expect(r.body.message).toBe("已建立 19 筆寄件單，1 筆失敗");
    const refused = r.body.data.failed[0]?.order_no ?? "";

    const labels = await call<ShipmentLabelsResult>("batch_labels", nos);
    expect(labels.status, labels.body.message).toBe(200);
    expect(labels.body.data.pages).toBe(19);
    expect(labels.body.data.failed).toEqual([{ order_no: refused, reason: "此訂單尚未建立寄件單" }]);
    const pdf = Buffer.from(labels.body.data.pdf_base64, "base64");
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pagesOf(pdf)).toBe(19);

    // Pressed again: the made ones are no longer shippable, each with its reason; nothing new at ECPay.
    const before = ecpay.created.size;
    const again = await call<ShipmentBatchResult>(
      "batch_shipments",
      r.body.data.made.slice(0, 2).map((m) => m.order_no),
    );
    expect(again.body.data.failed.map((f) => f.reason)).toEqual(["此訂單目前無法出貨", "此訂單目前無法出貨"]);
    expect(ecpay.created.size).toBe(before);
  }, 120_000);

  it("refuses an empty or oversized selection, an unknown order is a failure, and support staff may not create", async () => {
    expect((await call("batch_shipments", [])).status).toBe(400);
    expect(
      (
        await call(
          "batch_shipments",
          Array.from({ length: 101 }, (_, i) => `X${i}`),
        )
      ).status,
    ).toBe(400);
    const r = await call<ShipmentBatchResult>("batch_shipments", ["20990101000000"]);
    expect(r.body.data.failed).toEqual([{ order_no: "20990101000000", reason: "找不到此訂單" }]);
    const support = await s.staffToken("support");
    expect(
      (await t.call("POST", "/api/admin/orders/batch_shipments", { token: support, body: { order_nos: ["1"] } })).status,
    ).toBe(403);
  });
});
