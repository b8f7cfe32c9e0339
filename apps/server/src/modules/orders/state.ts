import type { OrderStatus } from "@shop/contract";

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
