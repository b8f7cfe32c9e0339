import type { OrderLifecycle } from "../../modules/orders/service.js";
import type { TiersService } from "../../modules/tiers/service.js";

/**
 * A member goes up a level at once when an order is paid (decision 94), in the payment's own
 * transaction: on `paid`, and on delivery for cash on delivery (paid when collected, which the
 * `changed` effects wired before this one have just recorded).
 */
export function wireTierUpgrade(lifecycle: OrderLifecycle, tiers: Pick<TiersService, "onPaid" | "onCancelled">) {
  lifecycle.effects.paid.push(async (tx, o) => {
    if (o.memberId !== null) await tiers.onPaid(tx, o.memberId);
  });
  lifecycle.effects.changed.push(async (tx, o, to) => {
    if (to === "delivered" && o.paymentMethod === "cod" && o.memberId !== null) await tiers.onPaid(tx, o.memberId);
    // An upgrade a cancelled or refunded order paid for is taken back (its spend no longer counts).
    if ((to === "cancelled" || to === "refunded") && o.memberId !== null) await tiers.onCancelled(tx, o.memberId);
  });
}
