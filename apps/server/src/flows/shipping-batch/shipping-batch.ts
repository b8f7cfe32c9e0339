import type { ShipMethodCode } from "@shop/contract";
import type { ShipmentBatchResult, StaffOrder } from "@shop/contract/responses";
import { DomainError } from "../../lib/errors.js";
import type { Order } from "../../modules/orders/service.js";
import type { Actor } from "../../modules/staff/service.js";
import type { ShipmentLabel } from "./label-pdf.js";

/** Makes one order's shipment and ships it (each desk's own audited create). */
export type ShipmentCreator = (actor: Actor, orderNo: string) => Promise<StaffOrder>;
type Failure = { order_no: string; reason: string };
type Made = { order_no: string; tracking_no: string };

/** How many shipments are asked of the providers at once. */
const AT_ONCE = 4;
const CARRIER_NAMES: Partial<Record<ShipMethodCode, string>> = {
  hct: "新竹物流",
  tcat: "黑貓宅急便",
  post: "中華郵政",
  cvs_711: "7-ELEVEN",
  cvs_family: "全家",
  cvs_hilife: "萊爾富",
  cvs_ok: "OK 超商",
};

/** Runs `work` over `items`, at most `n` at a time, keeping their order. */
async function pool<T, R>(items: T[], n: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, lane));
  return out;
}

const reasonOf = (error: unknown) =>
  error instanceof DomainError ? error.message : `建立寄件單時發生錯誤：${(error as Error).message}`;
const addressLine = (a: Record<string, string> | null) =>
  a ? [a.zip, a.county, a.district, a.line].filter(Boolean).join(" ") : "";

/**
 * 批次建立寄件單 and 列印標籤 PDF (decision 91): staff select orders of the 待出貨 queue; each
 * order's shipment is made by its method's desk (`creators`, one line per method — a method
 * without one is a failure with its reason), a few at a time, each on its own; then one PDF with
 * a label per shipment, the orders without one listed as failures.
 */
export function createShippingBatch(d: {
  creators: Partial<Record<ShipMethodCode, ShipmentCreator>>;
  orderByNo: (orderNo: string) => Promise<Order | null | undefined>;
  linesOf: (orderId: number) => Promise<Array<{ name: string; qty: number }>>;
  /** The store shipment of an order (a store pick-up prints only once ECPay made it). */
  cvsShipment: (orderNo: string) => Promise<{ status: string } | null>;
  simulated: boolean;
}) {
  return {
    async create(actor: Actor, orderNos: string[]): Promise<ShipmentBatchResult> {
      const result: ShipmentBatchResult = { made: [], failed: [] };
      const done = await pool([...new Set(orderNos)], AT_ONCE, async (orderNo): Promise<Made | Failure> => {
        try {
          const o = await d.orderByNo(orderNo);
          if (!o) return { order_no: orderNo, reason: "找不到此訂單" };
          const create = d.creators[o.shipMethod];
          if (!create) return { order_no: orderNo, reason: `${CARRIER_NAMES[o.shipMethod] ?? "此配送方式"}無法批次建立寄件單` };
          const shipped = await create(actor, orderNo);
          return { order_no: orderNo, tracking_no: shipped.tracking_no ?? "" };
        } catch (error) {
          return { order_no: orderNo, reason: reasonOf(error) };
        }
      });
      for (const r of done) {
        if ("reason" in r) result.failed.push(r);
        else result.made.push(r);
      }
      return result;
    },

    async labels(orderNos: string[]): Promise<{ pages: number; pdf: Buffer; failed: Failure[] }> {
      const labels: ShipmentLabel[] = [];
      const failed: Failure[] = [];
      for (const orderNo of new Set(orderNos)) {
        const o = await d.orderByNo(orderNo);
        const why = !o
          ? "找不到此訂單"
          : !o.trackingNo || !["shipped", "delivered", "completed"].includes(o.status)
            ? "此訂單尚未建立寄件單"
            : o.shipMethod.startsWith("cvs_") && (await d.cvsShipment(orderNo))?.status !== "created"
              ? "此訂單的超商寄件單不是由系統建立"
              : "";
        if (!o || why) {
          failed.push({ order_no: orderNo, reason: why });
          continue;
        }
        const lines = await d.linesOf(o.id);
        labels.push({
          carrier: CARRIER_NAMES[o.shipMethod] ?? o.shipMethod,
          number: o.trackingNo ?? "",
          orderNo: o.orderNo,
          receiver: `${o.receiverName}　${o.receiverPhone}`,
          destination: o.cvsStore
            ? `${o.cvsStore.name ?? ""}（${o.cvsStore.id ?? ""}）${o.cvsStore.address ?? ""}`
            : addressLine(o.address),
          goods: lines.map((l) => `${l.name} × ${l.qty}`).join("、"),
          collect: o.paymentMethod === "cod" && o.paidAt === null ? o.payable : 0,
        });
      }
      // pdfkit and the barcode writer load on the first print, not at start (resident memory, as the invoice's).
      const { shipmentLabelsPdf } = await import("./label-pdf.js");
      const pdf = await shipmentLabelsPdf(labels, d.simulated);
      return { pages: labels.length, pdf, failed };
    },
  };
}

export type ShippingBatch = ReturnType<typeof createShippingBatch>;
