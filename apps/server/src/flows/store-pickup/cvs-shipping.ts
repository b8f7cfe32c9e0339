import type { CvsMethod } from "@shop/contract";
import type { StaffOrder } from "@shop/contract/responses";
import { DeliveryError } from "../../integrations/delivery.js";
import type { EcpayLogisticsClient } from "../../integrations/ecpay/logistics.js";
import type { StoreContract } from "../../integrations/ecpay/map.js";
import { badRequest, conflict, DomainError, notFound } from "../../lib/errors.js";
import type { LogisticsService } from "../../modules/logistics/service.js";
import type { Order } from "../../modules/orders/service.js";
import type { Actor } from "../../modules/staff/service.js";
import { type EcpayStatus, REMIND_AFTER_DAYS } from "../home-delivery/ecpay-status.js";

const isCvs = (m: string): m is CvsMethod => m.startsWith("cvs_");
/** ECPay's ceiling for goods value and for cash collected at the store. */
const ECPAY_MAX_AMOUNT = 20_000;
const DAY_MS = 86_400_000;
/** Stores keep a parcel 7 days; the reminder goes on day 5 (4 days after it arrived). */
const STORE_KEEPS_DAYS = 7;
const B2C_SUBTYPES = { cvs_711: "UNIMART", cvs_family: "FAMI", cvs_hilife: "HILIFE" } as const;

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
  /** The B2C contract's client (goods to the distribution centre; its 一段標 from printTradeDocument). */
  b2cCarrier: EcpayLogisticsClient;
  /** The order's shop's store pick-up contract (c2c unless set to b2c; sub-malls inherit). */
  contractOf: (o: Order) => Promise<StoreContract>;
  /** ECPay's status codes, pushed or polled, applied once (ecpay-status.ts). */
  status: Pick<EcpayStatus, "push">;
  orderByNo: (orderNo: string) => Promise<Order | null | undefined>;
  goodsNameOf: (o: Order) => Promise<string>;
  /** The back office's audited ship and its staff view of the order. */
  ship: (actor: Actor, orderNo: string, trackingNo: string) => Promise<StaffOrder>;
  staffOrder: (orderNo: string) => Promise<StaffOrder>;
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
      const contract = await d.contractOf(o);
      if (contract === "b2c" && o.shipMethod === "cvs_ok")
        throw badRequest("CVS_OK_NOT_B2C", "B2C 合約不提供 OK 超商取貨，請改用其他方式出貨");
      const carrier = contract === "b2c" ? d.b2cCarrier : d.carrier;
      const claim = await d.logistics.claimCvsShipment(orderNo);
      let shipment = claim.existing;
      if (claim.claimed) {
        try {
          const made = await carrier.createCvsShipment({
            contract,
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
          const subType = contract === "b2c" ? B2C_SUBTYPES[o.shipMethod as keyof typeof B2C_SUBTYPES] : "";
          shipment = (await d.logistics.settleCvsShipment(orderNo, { ...made, subType })) ?? undefined;
        } catch (error) {
          const reason = error instanceof DeliveryError ? error.answer : (error as Error).message;
          await d.logistics.settleCvsShipment(orderNo, { error: reason });
          throw new DomainError("upstream_failed", "CVS_SHIPMENT_FAILED", `建立寄件單失敗：${reason}`);
        }
      }
      // ⚠️ A B2C answer may carry no CVSPaymentNo: the order then ships under ECPay's own number.
      const trackingNo = `${shipment?.paymentNo ?? ""}${shipment?.validationNo ?? ""}` || (shipment?.logisticsId ?? "");
      if (!trackingNo) throw new DomainError("upstream_failed", "CVS_SHIPMENT_FAILED", "建立寄件單失敗");
      return d.ship(actor, orderNo, trackingNo);
    },

    /** The form the staff browser posts to print the shipment's label. */
    async labelForm(orderNo: string) {
      const o = await cvsOrder(orderNo);
      const s = await d.logistics.cvsShipment(orderNo);
      if (s?.status !== "created" || !s.logisticsId) throw notFound("CVS_SHIPMENT_NOT_FOUND", "此訂單尚未建立寄件單");
      // A B2C shipment's 一段標 prints from printTradeDocument under the B2C contract.
      if (Object.values(B2C_SUBTYPES).includes(s.subType as never)) return d.b2cCarrier.tradeDocumentForm(s.logisticsId);
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

    /** ECPay's status push (ServerReplyURL), for store and home shipments alike (ecpay-status.ts). */
    statusPush: (fields: Record<string, string>) => d.status.push(fields),
  };
}

export type CvsShipping = ReturnType<typeof createCvsShipping>;
