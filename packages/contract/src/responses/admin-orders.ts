import { z } from "../zod.js";
import { adminPage } from "./envelope.js";
import { orderSummary, orderView, returnRequestView } from "./order.js";

/** Shapes of the back office's order queue and its actions (apps/admin/src/orders.tsx). */
const int = z.number().int();

/** A page of a back-office list (react-admin reads `total` and `items`). */

/** The staff's view of an order, beside the buyer's: who ordered and for whom. */
const staffOrderFields = {
  /** The order number again: react-admin's record id. */
  id: z.string(),
  shop_id: int,
  /** Null for a guest order. */
  member_id: int.nullable(),
  receiver_name: z.string(),
  receiver_phone: z.string(),
  /** The buyer's e-mail given at checkout ("" when none). */
  email: z.string(),
  ship_method_name: z.string(),
  payment_method_name: z.string(),
  tracking_no: z.string().nullable(),
  /** What the buyer reported for a transfer (last five digits of the account, amount, when paid). */
  transfer_report: z.object({ last5: z.string(), amount: int, paid_at: z.string() }).nullable(),
};

/** One row of /admin/orders. */
export const staffOrderRow = orderSummary.extend(staffOrderFields);

/** /admin/orders: a page of the order queue, newest first. */
export const staffOrderPage = adminPage(staffOrderRow);

/** /admin/orders/:no and every order action: the order with what staff may do with it now. */
export const staffOrder = orderView.extend({
  ...staffOrderFields,
  can_confirm_payment: z.boolean(),
  can_ship: z.boolean(),
  can_staff_cancel: z.boolean(),
  can_deliver: z.boolean(),
  can_complete: z.boolean(),
  can_refund: z.boolean(),
  delivered_at: z.string().nullable(),
  /** The ECPay store shipment made for a convenience-store order (超商寄件), if any. */
  cvs_shipment: z
    .object({
      status: z.enum(["creating", "created", "failed"]),
      logistics_id: z.string().nullable(),
      payment_no: z.string().nullable(),
      validation_no: z.string().nullable(),
      /** ECPay's LogisticsSubType (UNIMARTC2C, FAMI, TCAT, POST…; "" for shipments made before 0046). */
      sub_type: z.string(),
      /** 黑貓 / 郵局: the consignment number. */
      booking_note: z.string(),
      /** The last status code heard, by push or by the polling job. */
      last_code: z.string(),
      error: z.string(),
    })
    .nullable(),
  /** What may still be refunded, line by line (a partial refund picks from these). */
  refundable: z.array(z.object({ variant_id: int, name: z.string(), qty: int })),
  /** What refunding every unit left would give back now (NT$: money, wallet, points); null when nothing can be. */
  refundable_amount: int.nullable(),
  refunds: z.array(
    z.object({
      seq: int,
      kind: z.enum(["cancel", "refund", "partial"]),
      money: int,
      wallet: int,
      points: int,
      reason: z.string(),
      at: z.string(),
    }),
  ),
});

export type StaffOrderRow = z.output<typeof staffOrderRow>;
export type StaffOrder = z.output<typeof staffOrder>;

/** /admin/returns: a return request with its order. */
export const staffReturn = returnRequestView.extend({
  order_no: z.string(),
  member_id: z.number().int().nullable(),
  /** What refunding the received units would give back (NT$: money, wallet and points); null until received. */
  refundable: z.number().int().nullable(),
  /** Where staff transfer the refund: the buyer's own account from the return form (null: the way it was paid). */
  refund_account: z.object({ holder: z.string(), bank: z.string(), account: z.string() }).nullable(),
});
export const staffReturnPage = adminPage(staffReturn);

/** 批次出貨: what shipped, and each row that did not with its reason. */
export const bulkShipResult = z.object({
  shipped: z.array(z.object({ order_no: z.string(), tracking_no: z.string() })),
  failed: z.array(z.object({ order_no: z.string(), tracking_no: z.string(), reason: z.string() })),
});
/** 批次建立寄件單 (decision 91): the shipments made, and the orders refused with the reason. */
export const shipmentBatchResult = z.object({
  made: z.array(z.object({ order_no: z.string(), tracking_no: z.string() })),
  failed: z.array(z.object({ order_no: z.string(), reason: z.string() })),
});
export type ShipmentBatchResult = z.output<typeof shipmentBatchResult>;
/** 列印標籤 PDF: one page per shipment (base64), and the orders that have none. */
export const shipmentLabelsResult = z.object({
  pages: z.number().int(),
  pdf_base64: z.string(),
  failed: z.array(z.object({ order_no: z.string(), reason: z.string() })),
});
export type ShipmentLabelsResult = z.output<typeof shipmentLabelsResult>;
/** 列印寄件單: the form the staff browser posts to ECPay (or the simulator) to open the label. */
export const cvsLabelForm = z.object({ action: z.string(), fields: z.record(z.string(), z.string()) });

/** 新竹物流標籤: what the back office prints on an HCT consignment label. */
export const hctLabel = z.object({
  tracking_no: z.string(),
  /** The HCT contract's customer code ("" in 測試模式). */
  customer_code: z.string(),
  /** Numbered from the test block: the label says 測試模式 and HCT would not accept it. */
  test_mode: z.boolean(),
  /** The order number, or 提貨 #id for a cloud-depot pick-up. */
  reference: z.string(),
  created_at: z.string(),
  sender: z.object({ name: z.string(), phone: z.string(), address: z.string() }),
  receiver: z.object({ name: z.string(), phone: z.string(), address: z.string() }),
  /** Cash on delivery the driver collects (0 when paid). */
  collect_amount: z.number().int(),
  goods: z.string(),
});
export type HctLabel = z.output<typeof hctLabel>;

export type BulkShipResult = z.output<typeof bulkShipResult>;

/** 測試模式: the simulated ECPay status just pushed. */
export const simulatedLogisticsStatus = z.object({ code: z.string(), message: z.string() });
