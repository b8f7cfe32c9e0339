import type { CardCharge } from "./card-charge.js";
import type { createCardRefunds } from "./card-refund.js";

type CardRefunds = ReturnType<typeof createCardRefunds>;

/**
 * The `payments.reconcile` job (every 5 minutes): money in doubt is looked up with TapPay until it is
 * settled one way or the other (decision 30) — charges whose answer never came, refunds not yet confirmed.
 */
export async function reconcilePayments(
  charge: Pick<CardCharge, "chargesInDoubt" | "reconcileCharge">,
  refunds: Pick<CardRefunds, "dueRefunds" | "runCardRefund">,
) {
  for (const id of await charge.chargesInDoubt()) await charge.reconcileCharge(id).catch(() => undefined);
  for (const id of await refunds.dueRefunds()) await refunds.runCardRefund(id).catch(() => undefined);
}
