import { SELLER_SHIP_STATUSES } from "../codes.js";
import { z } from "../zod.js";
import { depotStockView } from "./loyalty.js";
import { orderStatus, orderSummary, orderView, shipMethodCode } from "./order.js";

/** Shapes of the seller area: the shop's orders and its own stock. */
const int = z.number().int();

export const sellerOrderSummary = orderSummary.extend({
  receiver_name: z.string(),
  ship_method_name: z.string(),
});

export const sellerOrderView = orderView.extend({
  /** Who delivers a self-delivered order (e.g. 黑貓宅急便), as the seller typed it. */
  carrier: z.string().nullable(),
  transfer_report: z.object({ last5: z.string(), amount: int, paid_at: z.string() }).nullable(),
  /** What the seller earns when the order completes (the shop's commission on its goods amount). */
  commission: int,
  commission_percent: z.number(),
  actions: z.object({
    confirm_payment: z.boolean(),
    ship_methods: z.array(shipMethodCode),
    self_ship: z.boolean(),
    statuses: z.array(z.enum(SELLER_SHIP_STATUSES)),
    finish: z.boolean(),
    /** When the seller's own delivery may be completed (its appraisal period ends); null when it does not apply. */
    finish_after: z.string().nullable(),
  }),
});

/** A variant in the shop's own stock (the same shape as the member's cloud depot). */
export const sellerStockView = depotStockView;

export const sellerStockReason = z.enum(["staff", "depot", "order", "return"]);

export const sellerStockLogView = z.object({
  id: int,
  variant_id: int,
  name: z.string(),
  delta: int,
  reason: sellerStockReason,
  reason_label: z.string(),
  note: z.string(),
  created_at: z.string(),
});

export const sellerHome = z.object({
  shop: z.object({ id: int, name: z.string(), commission_percent: z.number() }),
  /** Orders per state; a state with none may be absent. */
  counts: z.partialRecord(orderStatus, int),
  /** The seller's commission: credited this month (Asia/Taipei) and in all, and still to come. */
  earnings: z.object({
    month: z.string(),
    month_earned: int,
    total_earned: int,
    /** Estimated on paid orders not yet completed (credited on completion; refunds may lower it). */
    pending: int,
    pending_orders: int,
  }),
});
