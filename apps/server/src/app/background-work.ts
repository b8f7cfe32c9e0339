import type { FastifyInstance } from "fastify";
import { CART_REMINDER_JOB } from "../flows/cart-reminders/cart-reminders.js";
import { INVOICE_SWEEP_JOB } from "../flows/e-invoicing/order-invoices.js";
import { BIRTHDAY_JOB } from "../flows/member-rewards/member-rewards.js";
import type { Config } from "../lib/config/index.js";
import { TIER_EVALUATION_JOB } from "../modules/tiers/jobs.js";
import type { Services } from "./services.js";
import { ecpayPeriodicJobs } from "./shipping-desks.js";

/**
 * Background work runs once per slot on any instance (the job queue, decision 29): unpaid orders
 * past their deadline cancelled, delivered ones complete, card payments reconciled, team points
 * settled, 到貨通知 sent (decision 53), e-invoices left half-way taken up again (decision 57), old job rows pruned; card refunds are queued by the
 * payments themselves. Daily, guest orders older than GUEST_DATA_RETENTION_YEARS have their
 * personal fields masked (decision 78). Customer messages are sent beside it, by every instance.
 */
export function startBackgroundWork(app: FastifyInstance, services: Services, config: Config) {
  const { jobs } = services;
  // Each module registered its own handlers as it was wired (app/wiring/); this only schedules them.
  jobs.register("test.noop", async () => null);
  const periodic = [
    { kind: "orders.expire_unpaid", everySeconds: config.ORDER_SWEEP_SECONDS },
    { kind: "orders.complete_delivered", everySeconds: 3600 },
    { kind: "payments.reconcile", everySeconds: 300 },
    { kind: "loyalty.settle_month", everySeconds: 3600 },
    { kind: TIER_EVALUATION_JOB, everySeconds: 3600 },
    { kind: "jobs.prune", everySeconds: 86_400 },
    { kind: "personal_data.guest_retention", everySeconds: 86_400 },
    { kind: "inventory.restock_notices", everySeconds: config.RESTOCK_SWEEP_SECONDS },
    { kind: INVOICE_SWEEP_JOB, everySeconds: config.EINVOICE_SWEEP_SECONDS },
    // 生日禮 (decision 95) every 6 hours; abandoned-cart reminders (decision 97) every 15 minutes.
    { kind: BIRTHDAY_JOB, everySeconds: 6 * 3600 },
    { kind: CART_REMINDER_JOB, everySeconds: 900 },
    // ECPay shipments whose pushes never came are asked about (decision 90); in 測試模式 the simulator moves them on.
    ...ecpayPeriodicJobs(config.channels.store_pickup === "simulator" || config.channels.ecpay_home === "simulator"),
  ];
  let ticking: Promise<void> | undefined;
  const tick = () => {
    if (ticking) return ticking;
    ticking = (async () => {
      try {
        await jobs.schedule(periodic);
        await jobs.runDue();
      } catch (error) {
        // Usually the database being away for a moment; the next tick tries again.
        app.log.warn({ err: error }, "job queue tick failed");
      } finally {
        ticking = undefined;
      }
    })();
    return ticking;
  };
  // Customer messages are claimed row by row (SKIP LOCKED), so every instance may send. Not awaited
  // by the tick: a provider that hangs until its timeout must not hold up the jobs or the other senders.
  const deliverMessages = () =>
    services.outbox.deliverDue().catch((error: unknown) => app.log.warn({ err: error }, "outbox delivery failed"));
  const jobTimer =
    config.JOB_POLL_SECONDS > 0
      ? setInterval(() => {
          void tick();
          void deliverMessages();
        }, config.JOB_POLL_SECONDS * 1000)
      : undefined;
  jobTimer?.unref();
  app.addHook("onClose", async () => {
    clearInterval(jobTimer);
    // A tick in flight finishes before the database closes (it would fail on a closed pool).
    await ticking;
  });
}
