import { syncInvoice } from "./sync-steps.js";
import type { InvoiceSyncDeps } from "./sync-writes.js";

// Staff screens and tests name the lost-allowance message from here, the sync's entry.
export { LOST_ALLOWANCE } from "./sync-steps.js";

/**
 * The provider's side of an invoice (decision 57), run from the job queue: issue, then each change
 * given back, in order — a void of the whole invoice or an allowance. One caller at a time per
 * invoice (a lease, renewed before every call and checked on every write). A call whose answer was
 * lost is never simply repeated: an issue or a void is looked up first (GetIssue, by RelateNumber);
 * a lost allowance is settled by the amount ECPay says is left, else waits for staff. A refusal
 * parks the invoice with the provider's message until staff act; the order is never held up.
 * The steps are sync-steps.ts, the leased writes sync-writes.ts.
 */
export function createInvoiceSync(deps: InvoiceSyncDeps) {
  return {
    /** Everything waiting on one invoice, in order (the job handler). Throws to be retried later. */
    sync: (id: number): Promise<void> => syncInvoice(deps, id),
  };
}
