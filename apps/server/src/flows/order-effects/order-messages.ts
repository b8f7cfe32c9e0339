import { MAIN_SHOP_ID, ORDER_STATUS_LABELS, type OrderStatus, PAYMENT_METHOD_LABELS } from "@shop/contract";
import { TEMPLATE_EVENTS, type TemplateEvent } from "@shop/contract/admin";
import { formatDate, formatDateTime, formatMoney } from "@shop/contract/format";
import { formatInvoiceNo } from "@shop/contract/invoice";
import type { Tx } from "../../db/client.js";
import type { NotificationsService } from "../../modules/notifications/service.js";
import type { MessageTemplates } from "../../modules/notifications/templates.js";
import type { Order, VirtualAccountGiven } from "../../modules/orders/service.js";

/** Steps a buyer waits to hear about; 開始備貨 and 訂單完成 stay on the site. */
const TOLD: readonly OrderStatus[] = ["paid", "shipped", "delivered", "cancelled", "refunded"];
/** A guest also gets these by SMS: the order number to keep, and that the parcel is on its way. */
const GUEST_SMS = new Set(["placed", "account_given", "shipped", "at_store", "pickup_reminder", "cancelled"]);

/** What a buyer can be told about: the order's states and the steps around them. */
type Told = OrderStatus | "placed" | "account_given" | "at_store" | "pickup_reminder" | "invoice_issued" | "preorder_released";

/** A pre-order says so, with its expected ship date (decision 96). */
const preorderNote = (o: Pick<Order, "preorderState" | "preorderShipOn">) =>
  o.preorderState === "waiting" ? `預購商品，預計 ${o.preorderShipOn ? o.preorderShipOn.replace(/-/g, "/") : "到貨後"} 出貨` : "";

/** A path inside the shop the order was placed in (a sub-mall's visitors stay in it). */
const inShop = (o: Order, path: string) => (o.shopId === MAIN_SHOP_ID ? path : `/shop_${o.shopId}${path}`);

function detailsOf(o: Order, event: Told, reason: string): string {
  const pre = preorderNote(o);
  if (event === "placed")
    return `應付金額 ${formatMoney(o.payable)}（${PAYMENT_METHOD_LABELS[o.paymentMethod]}）${
      o.paymentMethod === "transfer" ? "，請於期限內完成轉帳並回報帳號後五碼" : ""
    }${pre ? `。${pre}` : ""}`;
  if (event === "paid" && pre) return reason ? `${reason}。${pre}` : pre;
  if (event === "shipped") return o.trackingNo ? `物流單號：${o.trackingNo}` : reason;
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
    if (event === "account_given") return { title: `訂單 ${o.orderNo} 的 ATM 轉帳帳號`, body: details };
    if (event === "preorder_released") return { title: `訂單 ${o.orderNo} 預購商品已到貨`, body: details };
    if (!(TEMPLATE_EVENTS as readonly string[]).includes(event))
      return { title: `訂單 ${o.orderNo} ${ORDER_STATUS_LABELS[event as OrderStatus]}`, body: details };
    return templates.render(tx, event as TemplateEvent, {
      brand: notifications.brandName,
      order_no: o.orderNo,
      receiver: o.receiverName,
      payable: formatMoney(o.payable),
      payment_method: PAYMENT_METHOD_LABELS[o.paymentMethod],
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
        const link = inShop(o, `/member/order_detail?order_no=${o.orderNo}`);
        if (outbound) await notifications.send(tx, key, o.memberId, notifications.messageOf({ title, body, link }), o.email);
        return;
      }
      await notifications.notify(tx, o.memberId, {
        kind: "order",
        title,
        body,
        link: inShop(o, `/member/order_detail?order_no=${o.orderNo}`),
        key,
        outbound,
        email: o.email || undefined,
      });
      return;
    }
    if (!outbound) return;
    const message = notifications.messageOf({
      title,
      body: `${body}\n訂單查詢請輸入訂單編號與手機號碼`,
      link: inShop(o, "/order_search"),
    });
    await notifications.tell(
      tx,
      key,
      { email: o.email || null, phone: o.receiverPhone },
      { ...message, sms: `【${notifications.brandName}】${title}。${body}`.slice(0, 140) },
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
        `請於 ${formatDateTime(a.deadline)} 前轉帳 ${formatMoney(a.amount)} 至 銀行代碼 ${a.bankCode} 帳號 ${a.account}，金額需完全相同，入帳後自動確認，免回報`,
        true,
      ),
    changed: (tx: Tx, o: Order, to: OrderStatus, reason: string) => tell(tx, o, to, reason, TOLD.includes(to)),
    /** A pre-order's goods arrived (decision 96): it is now in the shipping queue. */
    preorderReleased: (tx: Tx, o: Order) => tell(tx, o, "preorder_released", "預購商品已到貨，我們將盡快為您出貨", true),
    /** The parcel waits at the store (the carrier's push): where, until when, and what to pay there. */
    atStore: (tx: Tx, o: Order, storeName: string) =>
      tell(
        tx,
        o,
        "at_store",
        `請於 7 天內至 ${storeName || "取貨門市"} 取貨${o.paymentMethod === "cod" && o.paidAt === null ? `，取貨時付款 ${formatMoney(o.payable)}` : ""}`,
        true,
      ),
    /** The order's e-invoice was issued (decision 57): its number, date, random code and carrier. */
    invoiceIssued: (tx: Tx, o: Order, inv: { invoiceNo: string; issuedAt: Date; randomNumber: string; carrier: string }) =>
      tell(
        tx,
        o,
        "invoice_issued",
        `發票號碼 ${formatInvoiceNo(inv.invoiceNo)}，開立日期 ${formatDate(inv.issuedAt)}，隨機碼 ${inv.randomNumber}，${inv.carrier}`,
        true,
        inv.invoiceNo,
      ),
    /** Day 5 of the store's 7: the parcel still waits (ECPay returns it after the 7th day). */
    pickupReminder: (tx: Tx, o: Order, storeName: string, until: Date) =>
      tell(
        tx,
        o,
        "pickup_reminder",
        `包裹仍在 ${storeName || "取貨門市"} 等您，請於 ${formatDate(until)} 前取貨，逾期將退回${o.paymentMethod === "cod" && o.paidAt === null ? `；取貨時付款 ${formatMoney(o.payable)}` : ""}`,
        true,
      ),
  };
}

export type OrderMessages = ReturnType<typeof createOrderMessages>;
