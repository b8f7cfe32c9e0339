import type { OrderStatus } from "@shop/contract";
import { conflict } from "../../lib/errors.js";

/**
 * The order state machine (product.md §7). Each change is a conditional update from the expected
 * state, so two actors racing on one order cannot both win.
 */
export const TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending_payment: ["paid", "cancelled"],
  // Depot orders complete on payment: nothing ships, the goods go into the member's depot.
  paid: ["processing", "completed", "cancelled"],
  processing: ["shipped", "cancelled"],
  shipped: ["delivered"],
  delivered: ["completed", "refunded"],
  completed: ["refunded"],
  cancelled: [],
  refunded: [],
};

export const canTransition = (from: OrderStatus, to: OrderStatus) => TRANSITIONS[from].includes(to);

/** States in which the buyer may still cancel (nothing has shipped). */
export const BUYER_CANCELLABLE: readonly OrderStatus[] = ["pending_payment", "paid", "processing"];

/** The forward path of a shipped order; fulfilment moves along it. */
export const FULFILMENT_PATH = ["paid", "processing", "shipped", "delivered", "completed"] as const;
export type FulfilmentStep = Exclude<(typeof FULFILMENT_PATH)[number], "paid">;

export const STEP_REASONS: Record<FulfilmentStep, string> = {
  processing: "開始備貨",
  shipped: "已出貨",
  delivered: "已送達",
  completed: "訂單完成",
};

/**
 * The steps from `from` to `to` along the fulfilment path, or a 409 when the order is not on it
 * (unpaid, cancelled, refunded) or already at or past `to`.
 */
export function stepsTo(from: OrderStatus, to: FulfilmentStep): FulfilmentStep[] {
  const path: readonly OrderStatus[] = FULFILMENT_PATH;
  const start = path.indexOf(from);
  const end = path.indexOf(to);
  if (start < 0 || end <= start) throw conflict(from === "pending_payment" ? "訂單尚未付款" : "訂單狀態已變更，請重新整理");
  return FULFILMENT_PATH.slice(start + 1, end + 1) as FulfilmentStep[];
}
