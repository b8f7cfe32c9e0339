import type { JobsService } from "../jobs/service.js";
import type { CardCharge } from "./card-charge.js";
import { CARD_REFUND_JOB, type createCardRefunds } from "./card-refund.js";

type CardRefunds = ReturnType<typeof createCardRefunds>;
type ChargeReconciling = Pick<CardCharge, "chargesInDoubt" | "reconcileCharge" | "waitingTooLong" | "reconcileWaiting">;

/**
 * The `payments.reconcile` job (every 5 minutes): money in doubt is looked up with TapPay until it is
 * settled one way or the other (decision 30) — charges whose answer never came, refunds not yet confirmed.
 */
async function reconcilePayments(charge: ChargeReconciling, refunds: Pick<CardRefunds, "dueRefunds" | "runCardRefund">) {
  for (const id of await charge.chargesInDoubt()) await charge.reconcileCharge(id).catch(() => undefined);
  // Notifies that never came (a wallet's page, 3-D Secure, a virtual account paid): TapPay's record decides.
  for (const id of await charge.waitingTooLong()) await charge.reconcileWaiting(id).catch(() => undefined);
  for (const id of await refunds.dueRefunds()) await refunds.runCardRefund(id).catch(() => undefined);
}

/** The orders module's background work, registered on the job queue by the module itself. */
export function registerOrderJobs(
  jobs: Pick<JobsService, "register">,
  d: {
    orders: { expireUnpaid(): Promise<unknown>; completeDue(): Promise<unknown> };
    charge: ChargeReconciling;
    refunds: Pick<CardRefunds, "dueRefunds" | "runCardRefund">;
  },
) {
  jobs.register(CARD_REFUND_JOB, (payload) => d.refunds.runCardRefund(Number(payload.payment_id)));
  jobs.register("payments.reconcile", () => reconcilePayments(d.charge, d.refunds));
  jobs.register("orders.expire_unpaid", () => d.orders.expireUnpaid());
  jobs.register("orders.complete_delivered", () => d.orders.completeDue());
}
