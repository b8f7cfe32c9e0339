import type { OrderStatus } from "@shop/contract";
import { TEMPLATE_EVENTS, type TemplateEvent } from "@shop/contract/admin";
import { formatDate, formatDateTime, formatMoney } from "@shop/contract/format";
import { formatInvoiceNo } from "@shop/contract/invoice";
import { orderDetailPath, shopPagePath } from "@shop/contract/links";
import type { Tx } from "../../db/client.js";
import type { NotificationsService } from "../../modules/notifications/service.js";
import type { MessageTemplates } from "../../modules/notifications/templates.js";
import type { Order, VirtualAccountGiven } from "../../modules/orders/service.js";
import { reasonIn } from "./order-reasons.js";
import { orderWording } from "./order-wording.js";

/** Steps a buyer waits to hear about; 開始備貨 and 訂單完成 stay on the site. */
const TOLD: readonly OrderStatus[] = ["paid", "shipped", "delivered", "cancelled", "refunded"];
/** A guest also gets these by SMS: the order number to keep, and that the parcel is on its way. */
const GUEST_SMS = new Set(["placed", "account_given", "shipped", "at_store", "pickup_reminder", "cancelled"]);

/** What a buyer can be told about: the order's states and the steps around them. */
type Told = OrderStatus | "placed" | "account_given" | "at_store" | "pickup_reminder" | "invoice_issued" | "preorder_released";

/** A pre-order says so, with its expected ship date (decision 96). */
const preorderNote = (o: Pick<Order, "preorderState" | "preorderShipOn" | "lang">) =>
  o.preorderState === "waiting"
    ? orderWording(o.lang).preorder(o.preorderShipOn ? o.preorderShipOn.replace(/-/g, "/") : null)
    : "";

/** A whole path in the order's own mall and language, for messages outside the site (decision 109). */
const inShop = (o: Order, path: string) => shopPagePath(o.shopId, o.lang, path);

/** What the buyer owes at the store on collection (cash on delivery not yet paid), or null. */
const payAtStore = (o: Order) => (o.paymentMethod === "cod" && o.paidAt === null ? formatMoney(o.payable) : null);

function detailsOf(o: Order, event: Told, zhReason: string): string {
  const pre = preorderNote(o);
  const w = orderWording(o.lang);
  const reason = reasonIn(o.lang, zhReason);
  if (event === "placed") return w.placed(formatMoney(o.payable), o.paymentMethod, pre);
  if (event === "paid" && pre) return w.joined(reason, pre);
  if (event === "shipped") return o.trackingNo ? w.tracking(o.trackingNo) : reason;
  return reason;
}

/**
 * What a buyer hears about their order (decision 35): a member by the site's notice, LINE and
 * e-mail; a guest by e-mail to the address given at checkout and, for the order number and
 * shipping, SMS to the receiver's phone. Each event of an order is told once (its key).
 */
export function createOrderMessages(notifications: NotificationsService, templates: Pick<MessageTemplates, "render">) {
  /** The shop's template for the event (decision 41); steps told only on the site keep their fixed wording. */
  async function wording(tx: Tx, o: Order, event: Told, details: string, invoiceNo: string) {
    const w = orderWording(o.lang);
    if (event === "account_given") return { title: w.accountTitle(o.orderNo), body: details };
    if (event === "preorder_released") return { title: w.preorderArrivedTitle(o.orderNo), body: details };
    if (!(TEMPLATE_EVENTS as readonly string[]).includes(event))
      return { title: w.statusTitle(o.orderNo, event as OrderStatus), body: details };
    return templates.render(tx, event as TemplateEvent, o.lang, {
      brand: notifications.brandName,
      order_no: o.orderNo,
      receiver: o.receiverName,
      payable: formatMoney(o.payable),
      payment_method: w.payment(o.paymentMethod),
      tracking_no: o.trackingNo ?? "",
      store: o.cvsStore?.name ?? "",
      invoice_no: invoiceNo,
      details,
    });
  }

  async function tell(tx: Tx, o: Order, event: Told, reason: string, outbound: boolean, invoiceNo = "") {
    // An order's invoice may be issued again (staff): each number is told once.
    const key = `order:${o.orderNo}:${event}${invoiceNo ? `:${invoiceNo}` : ""}`;
    const { title, body } = await wording(
      tx,
      o,
      event,
      event === "at_store" ||
        event === "pickup_reminder" ||
        event === "invoice_issued" ||
        event === "account_given" ||
        event === "preorder_released"
        ? reason
        : detailsOf(o, event, reason),
      invoiceNo ? formatInvoiceNo(invoiceNo) : "",
    );
    if (o.memberId !== null) {
      if (event === "placed" || event === "account_given") {
        // Members see their new order on the site at once; outside it they get the message only.
        const link = inShop(o, orderDetailPath(o.orderNo));
        if (outbound)
          await notifications.send(tx, key, o.memberId, notifications.messageOf({ title, body, link }, o.lang), o.email);
        return;
      }
      await notifications.notify(tx, o.memberId, {
        kind: "order",
        title,
        body,
        link: orderDetailPath(o.orderNo),
        shopId: o.shopId,
        key,
        outbound,
        email: o.email || undefined,
        lang: o.lang,
      });
      return;
    }
    if (!outbound) return;
    const w = orderWording(o.lang);
    const message = notifications.messageOf(
      { title, body: `${body}\n${w.guestLookup}`, link: inShop(o, "/order_search") },
      o.lang,
    );
    await notifications.tell(
      tx,
      key,
      { email: o.email || null, phone: o.receiverPhone },
      { ...message, sms: w.sms(notifications.brandName, title, body).slice(0, 140) },
      GUEST_SMS.has(event) ? ["email", "sms"] : ["email"],
    );
  }

  return {
    placed: (tx: Tx, o: Order) => tell(tx, o, "placed", "", true),
    /** The order's own ATM account (decision 88): bank, number, amount and deadline. */
    accountGiven: (tx: Tx, o: Order, a: VirtualAccountGiven) =>
      tell(
        tx,
        o,
        "account_given",
        orderWording(o.lang).account(formatDateTime(a.deadline), formatMoney(a.amount), a.bankCode, a.account),
        true,
      ),
    changed: (tx: Tx, o: Order, to: OrderStatus, reason: string) => tell(tx, o, to, reason, TOLD.includes(to)),
    /** A pre-order's goods arrived (decision 96): it is now in the shipping queue. */
    preorderReleased: (tx: Tx, o: Order) => tell(tx, o, "preorder_released", orderWording(o.lang).preorderArrived, true),
    /** The parcel waits at the store (the carrier's push): where, until when, and what to pay there. */
    atStore: (tx: Tx, o: Order, storeName: string) =>
      tell(tx, o, "at_store", orderWording(o.lang).atStore(storeName, payAtStore(o)), true),
    /** The order's e-invoice was issued (decision 57): its number, date, random code and carrier. */
    invoiceIssued: (tx: Tx, o: Order, inv: { invoiceNo: string; issuedAt: Date; randomNumber: string; carrier: string }) =>
      tell(
        tx,
        o,
        "invoice_issued",
        orderWording(o.lang).invoice(formatInvoiceNo(inv.invoiceNo), formatDate(inv.issuedAt), inv.randomNumber, inv.carrier),
        true,
        inv.invoiceNo,
      ),
    /** Day 5 of the store's 7: the parcel still waits (ECPay returns it after the 7th day). */
    pickupReminder: (tx: Tx, o: Order, storeName: string, until: Date) =>
      tell(tx, o, "pickup_reminder", orderWording(o.lang).pickupReminder(storeName, formatDate(until), payAtStore(o)), true),
  };
}

export type OrderMessages = ReturnType<typeof createOrderMessages>;
