import type { StuckWork } from "@shop/contract/responses";
import type { JobsService } from "../../modules/jobs/service.js";
import type { LogisticsService } from "../../modules/logistics/service.js";
import type { Outbox } from "../../modules/notifications/outbox.js";
import type { CardCharge } from "../../modules/orders/card-charge.js";
import type { OrderQueries } from "../../modules/orders/queries.js";

/** A message not out after this long, or an unpaid order open this long past its deadline, is stuck. */
const STUCK_AFTER_MS = 15 * 60_000;
/** Read at most this often, however many scrapes and dashboards ask. */
const KEEP_MS = 5_000;
/** A shipment with no status from ECPay this long after it was made is stuck (decision 90). */
const SILENT_SHIPMENT_MS = 3 * 86_400_000;

/**
 * Work that should have finished and has not, read from each module that owns it: the numbers an
 * operator's alert watches (/metrics) and the dashboard's 待處理異常 (decision 75). Zero when the
 * shop is healthy.
 */
export function createStuckWork(d: {
  jobs: Pick<JobsService, "failedCount">;
  outbox: Pick<Outbox, "waiting" | "failedCount">;
  invoicesParked: () => Promise<number>;
  charge: Pick<CardCharge, "inDoubtCount" | "wrongAmountCount">;
  orders: Pick<OrderQueries, "overdueUnpaid">;
  shipments: Pick<LogisticsService, "silentShipments">;
  now: () => Date;
}) {
  let kept: { until: number; value: Promise<StuckWork> } | undefined;

  async function read(): Promise<StuckWork> {
    const at = d.now();
    const [jobsFailed, waiting, outboxFailed, parked, inDoubt, wrongAmount, overdue, silent] = await Promise.all([
      d.jobs.failedCount(),
      d.outbox.waiting(at, STUCK_AFTER_MS),
      d.outbox.failedCount(),
      d.invoicesParked(),
      d.charge.inDoubtCount(),
      d.charge.wrongAmountCount(),
      d.orders.overdueUnpaid(at, STUCK_AFTER_MS),
      d.shipments.silentShipments(new Date(at.getTime() - SILENT_SHIPMENT_MS)),
    ]);
    return {
      jobs_failed: jobsFailed,
      outbox_waiting: waiting.pending,
      outbox_stuck: waiting.stuck,
      outbox_oldest_seconds: waiting.oldestSeconds,
      outbox_failed: outboxFailed,
      invoices_parked: parked,
      payments_in_doubt: inDoubt,
      payments_wrong_amount: wrongAmount,
      orders_overdue: overdue,
      shipments_silent: silent,
    };
  }

  return {
    /** Fresh counts (the dashboard, after staff acted). */
    read,
    /** Counts at most 5 s old (scrapes from several Prometheus servers share one read). */
    recent(): Promise<StuckWork> {
      const t = Date.now();
      if (kept && kept.until > t) return kept.value;
      const value = read();
      kept = { until: t + KEEP_MS, value };
      value.catch(() => {
        kept = undefined;
      });
      return value;
    },
  };
}

export type StuckWorkReader = ReturnType<typeof createStuckWork>;
