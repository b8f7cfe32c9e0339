import type { OrderStatus } from "@shop/contract";
import { conflict } from "../../lib/errors.js";

/**
 * The order state machine (decision 30). Every change runs in one transaction that
 * locks the order row first, re-reads its state and only then acts; the update is also
 * conditional on the state it read, so two actors racing on one order cannot both win.
 */
const TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  // Cash on delivery ships unpaid: pending_payment → processing, paid when the carrier collects.
  pending_payment: ["paid", "cancelled", "processing"],
  // Depot orders complete on payment: nothing ships, the goods go into the member's depot.
  paid: ["processing", "completed", "cancelled"],
  processing: ["shipped", "cancelled"],
  // A parcel that comes back (refused, not picked up at the store) cancels the order.
  shipped: ["delivered", "cancelled"],
  delivered: ["completed", "refunded"],
  completed: ["refunded"],
  cancelled: [],
  refunded: [],
};

export const canTransition = (from: OrderStatus, to: OrderStatus) => TRANSITIONS[from].includes(to);

/** Who acts: recorded on every history row ("member:12", "guest", "seller:3", "staff:1", "system", "provider:tappay"). */
export type ActorKind = "member" | "guest" | "seller" | "staff" | "system" | "provider";
export const actorKind = (actor: string): ActorKind => actor.split(":")[0] as ActorKind;

/**
 * Who may make each change (decision 30). The services check the finer rules (a seller only for
 * their own shop and money paid to them; a guest only with a proven phone; expiry only past the
 * deadline).
 */
export const WHO_MAY: Record<string, readonly ActorKind[]> = {
  "pending_payment→paid": ["provider", "staff", "seller", "system"],
  "pending_payment→cancelled": ["member", "guest", "staff", "system"],
  "paid→cancelled": ["member", "guest", "staff"],
  "processing→cancelled": ["member", "guest", "staff"],
  "paid→processing": ["staff", "seller"],
  "pending_payment→processing": ["staff", "seller"],
  "shipped→cancelled": ["staff"],
  "processing→shipped": ["staff", "seller"],
  "shipped→delivered": ["provider", "staff", "seller"],
  "paid→completed": ["system"],
  "delivered→completed": ["staff", "seller", "system"],
  "delivered→refunded": ["staff"],
  "completed→refunded": ["staff"],
};

/** States in which the buyer may still cancel (nothing has shipped). */
export const BUYER_CANCELLABLE: readonly OrderStatus[] = ["pending_payment", "paid", "processing"];

/** States in which staff may cancel: before shipping, or a parcel that came back undelivered. */
export const STAFF_CANCELLABLE: readonly OrderStatus[] = [...BUYER_CANCELLABLE, "shipped"];

/** Cash on delivery (home or store pick-up) ships before it is paid. */
export const shipsUnpaid = (o: { paymentMethod: string; status: OrderStatus }) =>
  o.paymentMethod === "cod" && o.status === "pending_payment";

/** States in which goods may be returned for a refund. */
export const REFUNDABLE: readonly OrderStatus[] = ["delivered", "completed"];

/** The forward path of a shipped order; fulfilment moves along it. */
const FULFILMENT_PATH = ["paid", "processing", "shipped", "delivered", "completed"] as const;
export type FulfilmentStep = Exclude<(typeof FULFILMENT_PATH)[number], "paid">;

export const STEP_REASONS: Record<FulfilmentStep, string> = {
  processing: "開始備貨",
  shipped: "已出貨",
  delivered: "已送達",
  completed: "訂單完成",
};

export const STATE_CHANGED = "訂單狀態已變更，請重新整理";

/**
 * The steps from `from` to `to` along the fulfilment path, or a 409 when the order is not on it
 * (unpaid, cancelled, refunded) or already at or past `to`. Unpaid cash on delivery starts where
 * a paid order does.
 */
export function stepsTo(from: OrderStatus, to: FulfilmentStep, unpaidCod = false): FulfilmentStep[] {
  const path: readonly OrderStatus[] = FULFILMENT_PATH;
  const start = path.indexOf(unpaidCod && from === "pending_payment" ? "paid" : from);
  const end = path.indexOf(to);
  if (start < 0 || end <= start)
    throw from === "pending_payment"
      ? conflict("ORDER_NOT_PAID", "訂單尚未付款")
      : conflict("ORDER_STATE_CHANGED", STATE_CHANGED);
  return FULFILMENT_PATH.slice(start + 1, end + 1) as FulfilmentStep[];
}
