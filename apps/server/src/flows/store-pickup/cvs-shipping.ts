import type { CvsMethod } from "@shop/contract";
import type { StaffOrder } from "@shop/contract/responses";
import { DeliveryError } from "../../integrations/delivery.js";
import { CVS_STATUS, type EcpayLogisticsClient } from "../../integrations/ecpay/logistics.js";
import { badRequest, conflict, DomainError, forbidden, isDomainError, notFound } from "../../lib/errors.js";
import type { LogisticsService } from "../../modules/logistics/service.js";
import type { Order } from "../../modules/orders/service.js";
import type { Actor } from "../../modules/staff/service.js";

const isCvs = (m: string): m is CvsMethod => m.startsWith("cvs_");
/** ECPay's ceiling for goods value and for cash collected at the store. */
const ECPAY_MAX_AMOUNT = 20_000;
const DAY_MS = 86_400_000;
/** Stores keep a parcel 7 days; the reminder goes on day 5 (4 days after it arrived). */
const REMIND_AFTER_DAYS = 4;
const STORE_KEEPS_DAYS = 7;

/**
 * 超商寄件 (decision 39): staff create the ECPay store shipment from the order, the order ships
 * with its 寄件代碼 as the tracking number, and the label prints from ECPay (or the simulator).
 * ECPay's status pushes then move the order: at the store → the buyer is told to pick it up;
 * picked up → delivered (a cash-on-delivery order is paid, decision 36); not picked up → an event
 * staff act on (包裹退回 cancels from shipped).
 */
export function createCvsShipping(d: {
  logistics: Pick<
    LogisticsService,
    "cvsShipment" | "cvsShipmentByLogisticsId" | "claimCvsShipment" | "settleCvsShipment" | "addEvent"
  >;
  carrier: EcpayLogisticsClient;
  orderByNo: (orderNo: string) => Promise<Order | null | undefined>;
  goodsNameOf: (o: Order) => Promise<string>;
  /** The back office's audited ship and its staff view of the order. */
  ship: (actor: Actor, orderNo: string, trackingNo: string) => Promise<StaffOrder>;
  staffOrder: (orderNo: string) => Promise<StaffOrder>;
  delivered: (orderNo: string) => Promise<unknown>;
  /** Tells the buyer and queues the day-5 reminder (the job calls pickupReminder), in one transaction. */
  atStore: (o: Order, storeName: string, remindAt: Date) => Promise<void>;
  pickupReminder: (o: Order, storeName: string, until: Date) => Promise<void>;
  sender: { name: string; cellPhone: string };
  /** False when store pick-up is switched off (decision 74): an older order ships with a typed number. */
  offered: boolean;
  replyUrl: string;
  now: () => Date;
}) {
  async function cvsOrder(orderNo: string) {
    const o = await d.orderByNo(orderNo);
    if (!o) throw notFound("ORDER_NOT_FOUND", "找不到此訂單");
    if (!isCvs(o.shipMethod)) throw badRequest("NOT_CVS_ORDER", "此訂單不是超商取貨，請填寫託運單號出貨");
    return o as Order & { shipMethod: CvsMethod };
  }

  return {
    /** Creates the store shipment (once per order, whoever presses) and ships the order with it. */
    async createAndShip(actor: Actor, orderNo: string): Promise<StaffOrder> {
      const o = await cvsOrder(orderNo);
      if (!d.offered) throw conflict("STORE_PICKUP_OFF", "超商取貨已關閉，請填寫託運單號出貨");
      if (!(await d.staffOrder(orderNo)).can_ship) throw conflict("ORDER_NOT_SHIPPABLE", "此訂單目前無法出貨");
      const collect = o.paymentMethod === "cod" && o.paidAt === null ? o.payable : 0;
      if (collect > ECPAY_MAX_AMOUNT) throw badRequest("CVS_COLLECT_TOO_LARGE", "超商代收金額上限為 NT$20,000，請改用宅配");
      const store = o.cvsStore?.id ?? "";
      if (!store) throw badRequest("CVS_STORE_MISSING", "此訂單沒有取貨門市");
      const claim = await d.logistics.claimCvsShipment(orderNo);
      let shipment = claim.existing;
      if (claim.claimed) {
        try {
          const made = await d.carrier.createCvsShipment({
            merchantTradeNo: `${orderNo}S${claim.claimed.attempt}`,
            method: o.shipMethod,
            goodsAmount: Math.min(Math.max(o.goodsAmount, 1), ECPAY_MAX_AMOUNT),
            collectAmount: collect,
            goodsName: await d.goodsNameOf(o),
            senderName: d.sender.name,
            senderCellPhone: d.sender.cellPhone,
            receiverName: o.receiverName,
            receiverCellPhone: o.receiverPhone,
            receiverEmail: o.email,
            receiverStoreId: store,
            serverReplyUrl: d.replyUrl,
            at: d.now(),
          });
          shipment = (await d.logistics.settleCvsShipment(orderNo, made)) ?? undefined;
        } catch (error) {
          const reason = error instanceof DeliveryError ? error.answer : (error as Error).message;
          await d.logistics.settleCvsShipment(orderNo, { error: reason });
          throw new DomainError("upstream_failed", "CVS_SHIPMENT_FAILED", `建立寄件單失敗：${reason}`);
        }
      }
      if (!shipment?.paymentNo) throw new DomainError("upstream_failed", "CVS_SHIPMENT_FAILED", "建立寄件單失敗");
      return d.ship(actor, orderNo, `${shipment.paymentNo}${shipment.validationNo ?? ""}`);
    },

    /** The form the staff browser posts to print the shipment's label. */
    async labelForm(orderNo: string) {
      const o = await cvsOrder(orderNo);
      const s = await d.logistics.cvsShipment(orderNo);
      if (s?.status !== "created" || !s.logisticsId) throw notFound("CVS_SHIPMENT_NOT_FOUND", "此訂單尚未建立寄件單");
      return d.carrier.labelForm(o.shipMethod, {
        logisticsId: s.logisticsId,
        paymentNo: s.paymentNo ?? "",
        validationNo: s.validationNo ?? "",
      });
    },

    /** Day 5 at the store: reminds the buyer unless the parcel was picked up (or the order ended) meanwhile. */
    async pickupReminder(orderNo: string) {
      const o = await d.orderByNo(orderNo);
      if (o?.status !== "shipped" || !isCvs(o.shipMethod)) return;
      const until = new Date(d.now().getTime() + (STORE_KEEPS_DAYS - REMIND_AFTER_DAYS - 1) * DAY_MS);
      await d.pickupReminder(o, o.cvsStore?.name ?? "", until);
    },

    /** ECPay's status push (ServerReplyURL). Replays add nothing; unknown codes are events only. */
    async statusPush(fields: Record<string, string>) {
      if (!d.carrier.verifyPush(fields)) throw forbidden("INVALID_CHECK_MAC_VALUE", "CheckMacValue 驗證失敗");
      const s = await d.logistics.cvsShipmentByLogisticsId(fields.AllPayLogisticsID ?? "");
      if (!s) throw notFound("CVS_SHIPMENT_NOT_FOUND", "找不到此物流編號");
      const o = await d.orderByNo(s.orderNo);
      if (!o) throw notFound("ORDER_NOT_FOUND", "找不到此訂單");
      const code = fields.RtnCode ?? "";
      const at = parseEcpayTime(fields.UpdateStatusDate) ?? d.now();
      const storeName = o.cvsStore?.name ?? "";
      await d.logistics.addEvent(o.orderNo, (fields.RtnMsg ?? code).slice(0, 60) || code, storeName, at);
      if (CVS_STATUS.atStore.has(code) && o.status === "shipped") {
        await d.atStore(o, storeName, new Date(at.getTime() + REMIND_AFTER_DAYS * DAY_MS));
      }
      if (CVS_STATUS.pickedUp.has(code) && o.status === "shipped") {
        try {
          await d.delivered(o.orderNo);
        } catch (error) {
          // Marked delivered by staff or an earlier push meanwhile: a repeat adds nothing.
          if (!isDomainError(error, "ORDER_STATE_CHANGED")) throw error;
        }
      }
    },
  };
}

/** ECPay's `yyyy/MM/dd HH:mm:ss` (Taipei) as an instant; null when it is not one. */
function parseEcpayTime(s: string | undefined): Date | null {
  const m = /^(\d{4})\/(\d{2})\/(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(s ?? "");
  if (!m) return null;
  const at = new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}+08:00`);
  return Number.isNaN(at.getTime()) ? null : at;
}

export type CvsShipping = ReturnType<typeof createCvsShipping>;
