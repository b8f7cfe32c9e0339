import { MAIN_SHOP_ID } from "@shop/contract";
import type { EInvoiceTrigger } from "@shop/contract/invoice";
import { invoiceText } from "@shop/contract/invoice";
import type { Db, Tx } from "../../db/client.js";
import type { Providers } from "../../integrations/providers.js";
import { notFound } from "../../lib/errors.js";
import { KEEP_MS, kept } from "../../lib/kept.js";
import { createInvoiceAdmin } from "../../modules/invoices/admin.js";
import { createInvoiceChecks } from "../../modules/invoices/checks.js";
import { allowanceLines, issueLines } from "../../modules/invoices/lines.js";
import { createInvoices } from "../../modules/invoices/service.js";
import { createInvoiceSync } from "../../modules/invoices/sync.js";
import type { JobsService } from "../../modules/jobs/service.js";
import type { OrderQueries } from "../../modules/orders/queries.js";
import type { Order, OrderLifecycle } from "../../modules/orders/service.js";
import type { ShopsService } from "../../modules/shops/service.js";
import type { Actor, StaffService } from "../../modules/staff/service.js";
import type { OrderMessages } from "../order-effects/order-messages.js";

const INVOICE_SYNC_JOB = "einvoice.sync";
export const INVOICE_SWEEP_JOB = "einvoice.sweep";
const TRIGGER_KEY = "einvoice_issue_on";

/**
 * Every sale gets its e-invoice (decision 57): the use case that ties orders to the invoices
 * module. An order's invoice is opened in the transaction that makes it due — paid (or shipped, by
 * the setting), cash on delivery delivered — and what goes back to the buyer later becomes a void
 * or an allowance; the provider is called by the job queue, never inside an order's transaction.
 */
export function createOrderInvoices(d: {
  db: Db;
  lifecycle: OrderLifecycle;
  orderQueries: Pick<OrderQueries, "byNo">;
  messages: Pick<OrderMessages, "invoiceIssued">;
  shops: Pick<ShopsService, "textSetting" | "setSettings" | "footer">;
  jobs: JobsService;
  staff: Pick<StaffService, "record">;
  providers: Pick<Providers, "einvoice" | "einvoiceSetup">;
  /** False when the shop issues its invoices elsewhere (CHANNEL_EINVOICE=off, decision 74): none are recorded. */
  enabled: boolean;
  leaseSeconds: number;
  now: () => Date;
}) {
  const { db, jobs, now } = d;
  const enqueue = (q: Db | Tx, invoiceId: number, why: string) =>
    jobs.enqueue(INVOICE_SYNC_JOB, { invoice_id: invoiceId }, { dedupeKey: `einvoice:${invoiceId}:${why}` }, q);
  const records = createInvoices({ db, enqueue, now });
  const sync = createInvoiceSync({
    db,
    invoices: records,
    provider: d.providers.einvoice,
    leaseSeconds: d.leaseSeconds,
    now,
    onIssued: async (tx, inv) => {
      const order = await d.orderQueries.byNo(inv.orderNo, tx);
      if (!order || !inv.invoiceNo || !inv.issuedAt) return;
      await d.messages.invoiceIssued(tx, order, {
        invoiceNo: inv.invoiceNo,
        issuedAt: inv.issuedAt,
        randomNumber: inv.randomNumber ?? "",
        carrier: invoiceText(inv.buyer),
      });
    },
  });
  jobs.register(INVOICE_SYNC_JOB, (payload) => sync.sync(Number(payload.invoice_id)));
  // Work a crash or a timeout left half-way, and jobs that ran out of attempts, are taken up again.
  jobs.register(INVOICE_SWEEP_JOB, async () => {
    for (const id of await records.due()) await sync.sync(id).catch(() => undefined);
  });

  const trigger = async (q: Db | Tx): Promise<EInvoiceTrigger> =>
    (await d.shops.textSetting(TRIGGER_KEY, q)) === "shipped" ? "shipped" : "paid";
  // A paid order read the setting under its lock every time. Kept like the message templates (read
  // through the order's transaction, at most 10 s, dropped by a save and by the cache switch). A
  // stale "shipped" only moves the invoice to the shipment, which opens it either way.
  const keptTrigger = kept(KEEP_MS, trigger);

  /** The order's invoice: its lines and amount from the order's own record, never from a client. */
  async function open(tx: Tx, o: Order) {
    const items = await d.lifecycle.linesIn(tx, o.id);
    const { lines, amount } = issueLines(o, items);
    const address = o.address
      ? `${o.address.zip ?? ""} ${o.address.county ?? ""}${o.address.district ?? ""}${o.address.line ?? ""}`.trim()
      : (o.cvsStore?.address ?? "");
    await records.open(tx, {
      orderNo: o.orderNo,
      shopId: o.shopId,
      memberId: o.memberId,
      buyer: o.invoice,
      contact: { name: o.receiverName, email: o.email, phone: o.receiverPhone, address },
      lines,
      amount,
    });
  }

  // Switched off, the effects below are attached to nothing: no order opens an invoice.
  const e = d.enabled ? d.lifecycle.effects : { ...d.lifecycle.effects, paid: [], changed: [], givenBack: [] };
  // Depot orders are complete on payment (nothing ships), so they are invoiced then whatever the
  // setting. Cash on delivery confirmed before it ships is no money yet: it waits for delivery.
  e.paid.push(async (tx, o) => {
    if (o.paymentMethod === "cod") return;
    if (o.shipMethod === "depot" || (await keptTrigger.get(tx)) === "paid") await open(tx, o);
  });
  // Shipping opens it whatever the setting (once: opening is idempotent), so an order paid while the
  // setting said "shipped", or before invoicing began, is not left out.
  e.changed.push(async (tx, o, to) => {
    if (to === "delivered" && o.paymentMethod === "cod") return open(tx, o);
    if (to === "shipped" && o.paymentMethod !== "cod") await open(tx, o);
  });
  // What goes back in money or wallet reduces the invoice; points were never invoiced.
  e.givenBack.push(async (tx, o, back) => {
    const whole = back.kind !== "partial" || back.final;
    const amount = back.money + back.wallet;
    const items = back.items.map((i) => {
      const line = back.lines.find((l) => l.id === i.lineId);
      return { name: line?.name ?? "商品", qty: i.qty, price: line?.price ?? 0 };
    });
    await records.giveBack(tx, o.orderNo, {
      ref: `order:${o.orderNo}:refund:${back.seq}`,
      whole,
      amount,
      lines: allowanceLines(items, amount),
      reason: back.kind === "cancel" ? "訂單取消" : whole ? "退貨退款" : "部分退貨",
    });
  });

  const admin = createInvoiceAdmin({ db, invoices: records, enqueue, now });
  const audited = (actor: Actor) => (tx: Tx, c: { action: string; entityId: number; before?: unknown; after?: unknown }) =>
    d.staff.record(tx, actor, { ...c, entity: "invoice" });

  async function settings() {
    const { merchantId, environment } = d.providers.einvoiceSetup;
    return { id: "einvoice" as const, issue_on: await trigger(db), merchant_id: merchantId, environment };
  }

  return {
    /** Drops the kept invoicing setting (the cache switch calls it). */
    forgetSettings: keptTrigger.forget,
    sync,
    records,
    /** Whether checkout asks for the buyer's invoice choice (the shop issues e-invoices here). */
    enabled: d.enabled,
    checks: d.enabled ? createInvoiceChecks(d.providers.einvoice) : { check: async () => undefined },
    viewFor: records.viewFor,
    parkedCount: records.parkedCount,
    admin: {
      list: admin.list,
      one: admin.one,
      csv: admin.csv,
      retry: (actor: Actor, id: number, reason: string, choice?: Parameters<typeof admin.retry>[2]) =>
        admin.retry(id, reason, choice, audited(actor)),
      voidByHand: (actor: Actor, id: number, reason: string) => admin.voidByHand(id, reason, audited(actor)),
      allowByHand: (actor: Actor, id: number, amount: number, reason: string) =>
        admin.allowByHand(id, amount, reason, audited(actor)),
      reissue: (actor: Actor, id: number, reason: string) => admin.reissue(id, reason, audited(actor)),
      confirmAllowance: (actor: Actor, id: number, allowanceNo: string, reason: string) =>
        admin.confirmAllowance(id, allowanceNo, reason, audited(actor)),
      settings,
      /** Callers also pull the cache switch, so other instances drop their kept setting. */
      async updateSettings(actor: Actor, issueOn: EInvoiceTrigger) {
        const before = await settings();
        await db
          .transaction(async (tx) => {
            await d.shops.setSettings(tx, MAIN_SHOP_ID, { [TRIGGER_KEY]: issueOn });
            await d.staff.record(tx, actor, {
              action: "einvoice.settings",
              entity: "settings",
              entityId: "einvoice",
              before,
              after: { issue_on: issueOn },
            });
          })
          .finally(keptTrigger.forget);
        return settings();
      },
      /** Asks the provider something harmless with these credentials (a donation code look-up). */
      async testConnection() {
        try {
          await d.providers.einvoice.loveCodeExists("168001");
          return { ok: true, message: "已連線至電子發票服務，商店代號與金鑰正確" };
        } catch (error) {
          return { ok: false, message: `無法使用電子發票服務：${(error as Error).message}` };
        }
      },
    },

    /** A company buyer's 證明聯 as PDF (only an issued invoice with a tax id). */
    async pdfFor(orderNo: string) {
      const inv = await records.latestFor(db, orderNo);
      if (inv?.status !== "issued" || inv.buyer.type !== "company")
        throw notFound("INVOICE_NOT_PRINTABLE", "此訂單沒有可列印的三聯式發票證明聯");
      const f = await d.shops.footer(MAIN_SHOP_ID);
      // pdfkit and the barcode writer load on the first print, not at start (resident memory).
      const { invoicePdf } = await import("../../modules/invoices/pdf.js");
      return invoicePdf(
        inv,
        { company: f.company, taxId: f.tax_id, address: f.address },
        d.providers.einvoiceSetup.environment === "simulator",
      );
    },
  };
}

export type OrderInvoices = ReturnType<typeof createOrderInvoices>;
