import { shipmentBatchInput } from "@shop/contract/admin";
import { answers, shipmentBatchResult, shipmentLabelsResult } from "@shop/contract/responses";
import type { ShippingBatch } from "../../flows/shipping-batch/shipping-batch.js";
import { ok } from "../../lib/http.js";
import type { AdminApp, AdminRouteKit } from "./route-kit.js";

/** Back office: 批次建立寄件單 and 列印標籤 PDF for the orders staff selected (decision 91). */
export function shippingBatchRoutes(app: AdminApp, { actor }: AdminRouteKit, batch: ShippingBatch) {
  app.post(
    "/admin/orders/batch_shipments",
    { schema: { body: shipmentBatchInput, response: answers(shipmentBatchResult) } },
    async (req) => {
      const r = await batch.create(actor(req), req.body.order_nos);
      return ok(
        r,
        r.failed.length ? `已建立 ${r.made.length} 筆寄件單，${r.failed.length} 筆失敗` : `已建立 ${r.made.length} 筆寄件單`,
      );
    },
  );
  app.post(
    "/admin/orders/batch_labels",
    { schema: { body: shipmentBatchInput, response: answers(shipmentLabelsResult) } },
    async (req) => {
      const r = await batch.labels(req.body.order_nos);
      return ok({ pages: r.pages, pdf_base64: r.pdf.toString("base64"), failed: r.failed });
    },
  );
}
