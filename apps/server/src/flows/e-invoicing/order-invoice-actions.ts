import { MAIN_SHOP_ID, type OrderStatus } from "@shop/contract";
import type { EInvoiceTrigger } from "@shop/contract/invoice";
import { invoiceText, invoiceTextEn } from "@shop/contract/invoice";
import type { Db, Tx } from "../../db/client.js";
import type { Providers } from "../../integrations/providers.js";
import { notFound } from "../../lib/errors.js";
import { allowanceLines, issueLines } from "../../modules/invoices/lines.js";
import type { Invoice, Invoices } from "../../modules/invoices/service.js";
import type { JobsService } from "../../modules/jobs/service.js";
import type { OrderQueries } from "../../modules/orders/queries.js";
import type { GivenBack, Order, OrderLifecycle } from "../../modules/orders/service.js";
import type { ShopsService } from "../../modules/shops/service.js";
import type { Actor, StaffService } from "../../modules/staff/service.js";
import type { OrderMessages } from "../order-effects/order-messages.js";

const TRIGGER_KEY = "einvoice_issue_on";

export interface OrderInvoicesDeps {
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
}

/** What the use case's steps work with (order-invoices.ts builds it): the invoice records and the kept setting too. */
export interface OrderInvoicesContext extends OrderInvoicesDeps {
  records: Invoices;
  keptTrigger: { get(q: Db | Tx): Promise<EInvoiceTrigger>; forget(): void };
}

/** When a paid order's invoice is opened: on payment, or when it ships. */
export const readTrigger = async (deps: Pick<OrderInvoicesDeps, "shops">, q: Db | Tx): Promise<EInvoiceTrigger> =>
  (await deps.shops.textSetting(TRIGGER_KEY, q)) === "shipped" ? "shipped" : "paid";

/** The invoice was issued: the buyer is told, in the transaction that records it. */
export async function tellInvoiceIssued(deps: Pick<OrderInvoicesDeps, "orderQueries" | "messages">, tx: Tx, inv: Invoice) {
  const order = await deps.orderQueries.byNo(inv.orderNo, tx);
  if (!order || !inv.invoiceNo || !inv.issuedAt) return;
  await deps.messages.invoiceIssued(tx, order, {
    invoiceNo: inv.invoiceNo,
    issuedAt: inv.issuedAt,
    randomNumber: inv.randomNumber ?? "",
    carrier: order.lang === "en" ? invoiceTextEn(inv.buyer) : invoiceText(inv.buyer),
  });
}

/** The order's invoice: its lines and amount from the order's own record, never from a client. */
async function openOrderInvoice(ctx: OrderInvoicesContext, tx: Tx, o: Order) {
  const items = await ctx.lifecycle.linesIn(tx, o.id);
  const { lines, amount } = issueLines(o, items);
  const address = o.address
    ? `${o.address.zip ?? ""} ${o.address.county ?? ""}${o.address.district ?? ""}${o.address.line ?? ""}`.trim()
    : (o.cvsStore?.address ?? "");
  await ctx.records.open(tx, {
    orderNo: o.orderNo,
    shopId: o.shopId,
    memberId: o.memberId,
    buyer: o.invoice,
    contact: { name: o.receiverName, email: o.email, phone: o.receiverPhone, address },
    lines,
    amount,
  });
}

/**
 * Effect of payment. Depot orders are complete on payment (nothing ships), so they are invoiced
 * then whatever the setting. Cash on delivery confirmed before it ships is no money yet: it waits
 * for delivery.
 */
export async function invoiceWhenPaid(ctx: OrderInvoicesContext, tx: Tx, o: Order) {
  if (o.paymentMethod === "cod") return;
  if (o.shipMethod === "depot" || (await ctx.keptTrigger.get(tx)) === "paid") await openOrderInvoice(ctx, tx, o);
}

/**
 * Effect of every change. Shipping opens it whatever the setting (once: opening is idempotent), so
 * an order paid while the setting said "shipped", or before invoicing began, is not left out.
 */
export async function invoiceWhenMoved(ctx: OrderInvoicesContext, tx: Tx, o: Order, to: OrderStatus) {
  if (to === "delivered" && o.paymentMethod === "cod") return openOrderInvoice(ctx, tx, o);
  if (to === "shipped" && o.paymentMethod !== "cod") await openOrderInvoice(ctx, tx, o);
}

/** Effect of a give-back: what goes back in money or wallet reduces the invoice; points were never invoiced. */
export async function invoiceGivenBack(ctx: OrderInvoicesContext, tx: Tx, o: Order, back: GivenBack) {
  const whole = back.kind !== "partial" || back.final;
  const amount = back.money + back.wallet;
  const items = back.items.map((i) => {
    const line = back.lines.find((l) => l.id === i.lineId);
    return { name: line?.name ?? "商品", qty: i.qty, price: line?.price ?? 0 };
  });
  await ctx.records.giveBack(tx, o.orderNo, {
    ref: `order:${o.orderNo}:refund:${back.seq}`,
    whole,
    amount,
    lines: allowanceLines(items, amount),
    reason: back.kind === "cancel" ? "訂單取消" : whole ? "退貨退款" : "部分退貨",
  });
}

export async function invoiceSettings(deps: Pick<OrderInvoicesDeps, "db" | "shops" | "providers">) {
  const { merchantId, environment } = deps.providers.einvoiceSetup;
  return { id: "einvoice" as const, issue_on: await readTrigger(deps, deps.db), merchant_id: merchantId, environment };
}

/** Callers also pull the cache switch, so other instances drop their kept setting. */
export async function updateInvoiceSettings(ctx: OrderInvoicesContext, actor: Actor, issueOn: EInvoiceTrigger) {
  const before = await invoiceSettings(ctx);
  await ctx.db
    .transaction(async (tx) => {
      await ctx.shops.setSettings(tx, MAIN_SHOP_ID, { [TRIGGER_KEY]: issueOn });
      await ctx.staff.record(tx, actor, {
        action: "einvoice.settings",
        entity: "settings",
        entityId: "einvoice",
        before,
        after: { issue_on: issueOn },
      });
    })
    .finally(ctx.keptTrigger.forget);
  return invoiceSettings(ctx);
}

/** Asks the provider something harmless with these credentials (a donation code look-up). */
export async function testInvoiceConnection(deps: Pick<OrderInvoicesDeps, "providers">) {
  try {
    await deps.providers.einvoice.loveCodeExists("168001");
    return { ok: true, message: "已連線至電子發票服務，商店代號與金鑰正確" };
  } catch (error) {
    return { ok: false, message: `無法使用電子發票服務：${(error as Error).message}` };
  }
}

/** A company buyer's 證明聯 as PDF (only an issued invoice with a tax id). */
export async function invoicePdfFor(ctx: OrderInvoicesContext, orderNo: string) {
  const inv = await ctx.records.latestFor(ctx.db, orderNo);
  if (inv?.status !== "issued" || inv.buyer.type !== "company")
    throw notFound("INVOICE_NOT_PRINTABLE", "此訂單沒有可列印的三聯式發票證明聯");
  const f = await ctx.shops.footer(MAIN_SHOP_ID);
  // pdfkit and the barcode writer load on the first print, not at start (resident memory).
  const { invoicePdf } = await import("../../modules/invoices/pdf.js");
  return invoicePdf(
    inv,
    { company: f.company, taxId: f.tax_id, address: f.address },
    ctx.providers.einvoiceSetup.environment === "simulator",
  );
}
