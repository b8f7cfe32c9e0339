import {
  EXCHANGEABLE_SHIP_METHODS,
  RETURN_DISPOSITIONS,
  RETURN_KINDS,
  RETURN_REASONS,
  type ReturnDisposition,
  type ReturnKind,
  type ReturnReason,
  type ReturnStatus,
  returnStatusLabel,
} from "@shop/contract";
import { orderDetailPath } from "@shop/contract/links";
import { bankName } from "@shop/reference-data";
import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { orders, returnRequests } from "../../db/schema/index.js";
import { conflict, forbidden, isUniqueViolation, notFound, unprocessable } from "../../lib/errors.js";
import type { NotificationsService } from "../notifications/service.js";
import { accountView, refundAccountOf } from "./return-accounts.js";
import { parcelView, type ReturnCarrier, sendBackText } from "./return-parcels.js";
import { type ReturnStep, STEPS } from "./return-step-rules.js";
import type { Commit, Order, OrderLifecycle } from "./types.js";

export type { ReturnStep } from "./return-step-rules.js";

type ReturnRow = typeof returnRequests.$inferSelect;
const CLOSED: readonly ReturnStatus[] = ["rejected", "refunded", "reshipped"];
/** The audit entry of a staff change, written in its transaction. */
export type Audit = (
  tx: Tx,
  change: { action: string; entity: string; entityId: number; before?: unknown; after?: unknown },
) => Promise<void>;

/** What the return steps work with (returns.ts builds it once). */
export interface ReturnsContext {
  db: Db;
  lifecycle: OrderLifecycle;
  notifications: NotificationsService;
  /** An exchange's stock, inside the caller's transaction: the returned units back in, the same units out again. */
  exchangeStock: (tx: Tx, items: Array<{ variantId: number; qty: number }>, ref: string, writeOff: boolean) => Promise<void>;
  /** Where a shop's buyers send returns (the sub-mall's own, else the main mall's; "" when unset). */
  returnAddress: (shopId: number) => Promise<string>;
  /** The appraisal period in days (the same setting that completes delivered orders). */
  appraisalDays: () => Promise<number>;
  now: () => Date;
}

/** The buyer's view of a request; `address` is the shop's return address (shown once approved). */
export function returnView(r: ReturnRow, address = "") {
  return {
    id: r.id,
    kind: r.kind,
    kind_label: RETURN_KINDS[r.kind],
    status: r.status,
    status_label: returnStatusLabel(r.kind, r.status),
    reason: r.reason,
    reason_label: RETURN_REASONS[r.reason as ReturnReason] ?? r.reason,
    note: r.note,
    staff_note: r.staffNote,
    items: r.items,
    reship_tracking_no: r.reshipTrackingNo,
    send_back: r.status === "approved" ? { store_code: r.storeReturnCode, address, ...parcelView(r) } : null,
    disposition: r.disposition,
    refund_amount: r.refundAmount,
    created_at: r.createdAt.toISOString(),
  };
}

/** What staff read of a request: the buyer's view, the order, and what a refund would give back now. */
export async function staffView(deps: Pick<ReturnsContext, "lifecycle">, r: ReturnRow, orderNo: string, address = "") {
  const refundable =
    r.status === "received" && r.kind === "return"
      ? await deps.lifecycle.refundable(
          r.orderId,
          r.items.map((i) => ({ variantId: i.variant_id, qty: i.qty })),
        )
      : null;
  return {
    ...returnView(r, address),
    order_no: orderNo,
    member_id: r.memberId,
    refundable,
    refund_account: accountView(r.refundAccount),
  };
}

/** A member's return or exchange request, as the route passes it. */
export interface ReturnRequestInput {
  order_no: string;
  kind: ReturnKind;
  items: Array<{ variant_id: number; qty: number }>;
  reason: ReturnReason;
  note: string;
  refund_account?: { bank_user_name: string; bank_code: string; branch_code: string; bank_account: string };
}

/** The account as the payment's note says it: 臺灣銀行 ****1234. */
const accountLabel = (a: NonNullable<ReturnRow["refundAccount"]>) =>
  `${bankName(a.bank_code) ?? a.bank_code} ****${a.account.slice(-4)}`;

/** `title`: zh-TW and English; the order's language picks (decision 109). */
async function tell(deps: ReturnsContext, tx: Tx, o: Order, r: ReturnRow, title: { zh: string; en: string }, body: string) {
  if (o.memberId === null) return;
  await deps.notifications.notify(tx, o.memberId, {
    kind: "order",
    title: o.lang === "en" ? `Order ${o.orderNo}: ${title.en}` : `訂單 ${o.orderNo} ${title.zh}`,
    body,
    link: orderDetailPath(o.orderNo),
    shopId: o.shopId,
    lang: o.lang,
    key: `return:${r.id}:${r.status}`,
    email: o.email || undefined,
  });
}

/** Locks the request's order, then the request; `work` sees both as they are now. */
export async function withRequest<T>(
  deps: ReturnsContext,
  id: number,
  work: (tx: Tx, o: Order, r: ReturnRow, commit: Commit, address: string) => Promise<T>,
) {
  const [head] = await deps.db
    .select({ orderId: returnRequests.orderId, shopId: orders.shopId })
    .from(returnRequests)
    .innerJoin(orders, eq(orders.id, returnRequests.orderId))
    .where(eq(returnRequests.id, id));
  if (!head) throw notFound("RETURN_NOT_FOUND", "找不到此退換貨申請");
  // Read before the order's transaction (the embedded database has one connection).
  const address = await deps.returnAddress(head.shopId);
  return deps.lifecycle.withOrder({ id: head.orderId }, async (tx, o, commit) => {
    const [r] = await tx.select().from(returnRequests).where(eq(returnRequests.id, id)).for("update");
    if (!r) throw notFound("RETURN_NOT_FOUND", "找不到此退換貨申請");
    return work(tx, o, r, commit, address);
  });
}

async function setStatus(
  deps: ReturnsContext,
  tx: Tx,
  r: ReturnRow,
  to: ReturnStatus,
  extra: Partial<
    Pick<
      ReturnRow,
      | "staffNote"
      | "reshipTrackingNo"
      | "disposition"
      | "refundAmount"
      | "storeReturnCode"
      | "returnCarrier"
      | "returnLogisticsId"
      | "returnParcelStatus"
    >
  > = {},
) {
  const [moved] = await tx
    .update(returnRequests)
    .set({ status: to, ...extra, updatedAt: deps.now() })
    .where(and(eq(returnRequests.id, r.id), eq(returnRequests.status, r.status)))
    .returning();
  if (!moved) throw conflict("RETURN_STATE_CHANGED", "申請狀態已變更，請重新整理");
  return moved;
}

/** Who asks: a signed-in member, or a guest whose SMS check proved the phone on this one order. */
export type ReturnAsker = { memberId: number } | { phone: string; verifiedOrderId: number | undefined };

/** A buyer asks to return (or exchange) units of their delivered order, within the appraisal period. */
export async function requestReturn(deps: ReturnsContext, asker: ReturnAsker, input: ReturnRequestInput) {
  const { lifecycle, now } = deps;
  // Read before the order's transaction (the embedded database has one connection).
  const days = await deps.appraisalDays();
  return lifecycle.withOrder({ no: input.order_no }, async (tx, o) => {
    if ("memberId" in asker ? o.memberId !== asker.memberId : o.memberId !== null || o.receiverPhone !== asker.phone)
      throw notFound("ORDER_NOT_FOUND", "查無此訂單");
    if (!("memberId" in asker) && asker.verifiedOrderId !== o.id)
      throw forbidden("PHONE_NOT_VERIFIED", `請先以簡訊驗證碼驗證手機，再申請${RETURN_KINDS[input.kind]}`);
    const memberId = "memberId" in asker ? asker.memberId : null;
    const kind = RETURN_KINDS[input.kind];
    if (o.status !== "delivered") throw conflict("RETURN_NOT_ALLOWED", `只有已送達、尚未完成的訂單可以申請${kind}`);
    if (!o.deliveredAt || o.deliveredAt.getTime() + days * 86_400_000 < now().getTime())
      throw conflict("RETURN_PERIOD_OVER", `已超過 ${days} 天鑑賞期，無法線上申請${kind}，請聯繫客服`);
    if (await lifecycle.openReturn(tx, o.id)) throw conflict("RETURN_ALREADY_OPEN", "此訂單已有處理中的退換貨申請");
    if (input.kind === "exchange" && !(EXCHANGEABLE_SHIP_METHODS as readonly string[]).includes(o.shipMethod))
      throw conflict("EXCHANGE_NOT_ALLOWED", "此訂單的配送方式無法換貨，請改為申請退貨或聯繫客服");
    const refundAccount = refundAccountOf(o, input);
    const lines = await lifecycle.linesIn(tx, o.id);
    const items: ReturnRow["items"] = [];
    for (const it of input.items) {
      const line = lines.find((l) => l.variantId === it.variant_id);
      if (!line) throw unprocessable("VARIANT_NOT_IN_ORDER", "此訂單沒有這個商品");
      const taken = items.filter((x) => x.variant_id === it.variant_id).reduce((a, x) => a + x.qty, 0);
      if (it.qty + taken > line.qty - line.refundedQty)
        throw unprocessable(
          "RETURN_QTY_EXCEEDED",
          `「${line.name}」最多可${input.kind === "exchange" ? "換" : "退"} ${line.qty - line.refundedQty} 件`,
        );
      items.push({ variant_id: it.variant_id, qty: it.qty, name: `${line.name}（${line.variantName}）` });
    }
    try {
      const [r] = await tx
        .insert(returnRequests)
        .values({
          orderId: o.id,
          memberId,
          kind: input.kind,
          items,
          reason: input.reason,
          note: input.note,
          status: "requested",
          refundAccount,
          createdAt: now(),
          updatedAt: now(),
        })
        .returning();
      if (!r) throw new Error("return insert returned nothing");
      await lifecycle.event(
        tx,
        o.id,
        o.status,
        o.status,
        memberId === null ? "guest" : `member:${memberId}`,
        `申請${RETURN_KINDS[input.kind]}：${RETURN_REASONS[input.reason]}`,
      );
      return returnView(r);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict("RETURN_ALREADY_OPEN", "此訂單已有處理中的退換貨申請");
      throw error;
    }
  });
}

/** A request as a staff step leaves it, with its order's number (returns.ts adds what staff read). */
export interface Stepped {
  row: ReturnRow;
  orderNo: string;
  /** The shop's return address, read before the step. */
  address?: string;
}

/** A step's options: staff's note, the disposition on receipt, and on approval a code or a booked return parcel. */
export interface StepOptions {
  note?: string;
  disposition?: ReturnDisposition;
  storeReturnCode?: string;
  /** The return parcel ECPay booked (逆物流, decision 91). */
  parcel?: { carrier: ReturnCarrier; logisticsId: string };
}

/**
 * Staff approve, reject (with the reason the buyer reads) or receive the goods — saying, on
 * receipt, whether the units go back into stock or are written off as faulty.
 */
export function stepReturn(
  deps: ReturnsContext,
  kind: ReturnStep,
  id: number,
  actor: string,
  audit: Audit,
  opts: StepOptions = {},
): Promise<Stepped> {
  const s = STEPS[kind];
  const code = kind === "approve" ? (opts.storeReturnCode ?? "") : "";
  const note = opts.note ?? "";
  const disposition = kind === "receive" ? opts.disposition : undefined;
  if (kind === "receive" && !disposition) throw unprocessable("RETURN_DISPOSITION_MISSING", "請選擇退回商品要回庫存或列為瑕疵品");
  return withRequest(deps, id, async (tx, o, r, _commit, address) => {
    if (!(s.from as readonly ReturnStatus[]).includes(r.status))
      throw conflict("RETURN_STATE_CHANGED", `此申請目前為「${returnStatusLabel(r.kind, r.status)}」，無法執行`);
    const moved = await setStatus(deps, tx, r, s.to, {
      ...(note ? { staffNote: note } : {}),
      ...(disposition ? { disposition } : {}),
      ...(kind === "approve" ? { storeReturnCode: code } : {}),
      ...(kind === "approve" && opts.parcel
        ? {
            returnCarrier: opts.parcel.carrier,
            returnLogisticsId: opts.parcel.logisticsId,
            returnParcelStatus: "booked" as const,
          }
        : {}),
    });
    const said = [disposition ? RETURN_DISPOSITIONS[disposition] : "", note].filter(Boolean).join("，");
    await deps.lifecycle.event(
      tx,
      o.id,
      o.status,
      o.status,
      actor,
      `${RETURN_KINDS[r.kind]}：${returnStatusLabel(r.kind, s.to)}${said ? `（${said}）` : ""}`,
    );
    await audit(tx, {
      action: `return.${kind}`,
      entity: "return",
      entityId: id,
      before: { status: r.status },
      after: { status: s.to, note, ...(disposition ? { disposition } : {}) },
    });
    const title = { zh: s.title(r.kind), en: s.titleEn(r.kind) };
    await tell(deps, tx, o, moved, title, kind === "approve" ? sendBackText(moved, address, note, o.lang) : note);
    return { row: moved, orderNo: o.orderNo, address };
  });
}

/**
 * The received goods are refunded: the order's refund of exactly these units — `amount` NT$ of
 * their refundable value (all of it when omitted), the units back into stock or written off as
 * staff chose on receipt — with the request closed, once.
 */
export function refundReturn(deps: ReturnsContext, id: number, actor: string, audit: Audit, amount?: number): Promise<Stepped> {
  return withRequest(deps, id, async (tx, o, r, commit) => {
    if (CLOSED.includes(r.status)) throw conflict("RETURN_CLOSED", "此申請已處理完成");
    if (r.status !== "received") throw conflict("RETURN_NOT_RECEIVED", "請先確認收到退回的商品再退款");
    const back = await deps.lifecycle.refundLocked(
      tx,
      o,
      commit,
      actor,
      `退貨退款 #${r.id}`,
      r.items.map((i) => ({ variantId: i.variant_id, qty: i.qty })),
      {
        writeOff: r.disposition === "write_off",
        amount,
        ...(r.refundAccount ? { toAccount: accountLabel(r.refundAccount) } : {}),
      },
    );
    const refunded = back.money + back.wallet + back.points;
    const moved = await setStatus(deps, tx, r, "refunded", { refundAmount: refunded });
    await audit(tx, {
      action: "return.refund",
      entity: "return",
      entityId: id,
      before: { status: r.status },
      after: { status: "refunded", amount: refunded, disposition: r.disposition },
    });
    // The buyer hears of it once: the refund's own notice (部分退款 NT$… or 已退款) says what came back.
    return { row: moved, orderNo: o.orderNo };
  });
}

/**
 * An exchange's replacement parcel leaves: the returned units go back into stock (or are written
 * off, as staff chose on receipt), the same units leave again (both recorded as stock movements), and the buyer gets the tracking
 * number. Staff who cannot send a replacement refund the request instead.
 */
export function reshipReturn(
  deps: ReturnsContext,
  id: number,
  trackingNo: string,
  actor: string,
  audit: Audit,
): Promise<Stepped> {
  return withRequest(deps, id, async (tx, o, r) => {
    if (r.kind !== "exchange") throw conflict("RETURN_NOT_EXCHANGE", "這是退貨申請，請以退款處理");
    if (CLOSED.includes(r.status)) throw conflict("RETURN_CLOSED", "此申請已處理完成");
    if (r.status !== "received") throw conflict("RETURN_NOT_RECEIVED", "請先確認收到退回的商品再寄出換貨商品");
    // The units must still be the buyer's: not refunded meanwhile (the order page refuses while
    // the request is open, but the request may predate a refund made before it was filed).
    if (o.status !== "delivered") throw conflict("RETURN_NOT_ALLOWED", "此訂單目前的狀態無法寄出換貨");
    const lines = await deps.lifecycle.linesIn(tx, o.id);
    for (const it of r.items) {
      const line = lines.find((l) => l.variantId === it.variant_id);
      if (!line || it.qty > line.qty - line.refundedQty)
        throw conflict("EXCHANGE_UNITS_REFUNDED", `「${it.name}」已退款，無法寄出換貨`);
    }
    await deps.exchangeStock(
      tx,
      r.items.map((i) => ({ variantId: i.variant_id, qty: i.qty })),
      `return:${r.id}`,
      r.disposition === "write_off",
    );
    const moved = await setStatus(deps, tx, r, "reshipped", { reshipTrackingNo: trackingNo });
    await deps.lifecycle.event(tx, o.id, o.status, o.status, actor, `換貨：換貨商品已寄出（託運單號 ${trackingNo}）`);
    await audit(tx, {
      action: "return.reship",
      entity: "return",
      entityId: id,
      before: { status: r.status },
      after: { status: "reshipped", tracking_no: trackingNo },
    });
    await tell(
      deps,
      tx,
      o,
      moved,
      { zh: "換貨商品已寄出", en: "your exchange goods are on their way" },
      o.lang === "en" ? `Tracking number: ${trackingNo}` : `託運單號：${trackingNo}`,
    );
    return { row: moved, orderNo: o.orderNo };
  });
}
