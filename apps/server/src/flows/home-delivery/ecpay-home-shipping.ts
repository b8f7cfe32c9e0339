import { ECPAY_HOME_METHODS, type EcpayHomeMethod } from "@shop/contract";
import type { StaffOrder } from "@shop/contract/responses";
import type { OrderParcel } from "@shop/contract/shipping";
import { DeliveryError } from "../../integrations/delivery.js";
import type { EcpayLogisticsClient } from "../../integrations/ecpay/logistics.js";
import { homeParcelProblem } from "../../integrations/ecpay/logistics-home.js";
import { badRequest, conflict, DomainError, notFound } from "../../lib/errors.js";
import type { LogisticsService } from "../../modules/logistics/service.js";
import type { Order } from "../../modules/orders/service.js";
import type { Actor } from "../../modules/staff/service.js";

/** An order priced before 0046 (no parcel): the smallest size, 常溫, the main island, any time. */
const DEFAULT_PARCEL: OrderParcel = { size: 60, weight_g: 1000, temperature: "normal", region: "main", delivery_time: "any" };
const ECPAY_MAX_AMOUNT = 20_000;
const taiwanese = (s: string) => s.replaceAll("臺", "台").trim();
/** ECPay's Distance: 離島 from the parcel, else 同縣市 when the sender's address starts with the buyer's county. */
const distanceOf = (p: OrderParcel, senderAddress: string, county: string) =>
  p.region === "outlying" ? "outlying" : county && taiwanese(senderAddress).startsWith(taiwanese(county)) ? "same" : "other";
const isHome = (m: string): m is EcpayHomeMethod => (ECPAY_HOME_METHODS as readonly string[]).includes(m);

/**
 * 黑貓宅急便 / 中華郵政 through ECPay (decision 90): staff create the shipment from the order (once
 * per order, claimed and settled like a store shipment), the order ships with the carrier's
 * consignment number as its tracking number, and the 託運單 prints from ECPay (a form post, like
 * the store label). Status arrives by push and by the polling job (ecpay-status.ts).
 */
export function createEcpayHomeShipping(d: {
  logistics: Pick<LogisticsService, "cvsShipment" | "claimCvsShipment" | "settleCvsShipment">;
  carrier: Pick<EcpayLogisticsClient, "createHomeShipment" | "tradeDocumentForm">;
  orderByNo: (orderNo: string) => Promise<Order | null | undefined>;
  goodsNameOf: (o: Order) => Promise<string>;
  ship: (actor: Actor, orderNo: string, trackingNo: string) => Promise<StaffOrder>;
  staffOrder: (orderNo: string) => Promise<StaffOrder>;
  sender: () => Promise<{ name: string; cellPhone: string; zip: string; address: string }>;
  /** False when ECPay home delivery is switched off (CHANNEL_ECPAY_HOME=off). */
  offered: boolean;
  replyUrl: string;
  now: () => Date;
}) {
  async function homeOrder(orderNo: string) {
    const o = await d.orderByNo(orderNo);
    if (!o) throw notFound("ORDER_NOT_FOUND", "找不到此訂單");
    if (!isHome(o.shipMethod)) throw badRequest("NOT_ECPAY_HOME_ORDER", "此訂單不是黑貓或郵局宅配");
    return o as Order & { shipMethod: EcpayHomeMethod };
  }

  return {
    /** Creates the 黑貓 / 郵局 shipment (once per order, whoever presses) and ships the order with its consignment number. */
    async createAndShipHome(actor: Actor, orderNo: string): Promise<StaffOrder> {
      const o = await homeOrder(orderNo);
      if (!d.offered) throw conflict("ECPAY_HOME_OFF", "綠界宅配已關閉，請填寫託運單號出貨");
      if (!(await d.staffOrder(orderNo)).can_ship) throw conflict("ORDER_NOT_SHIPPABLE", "此訂單目前無法出貨");
      if (o.paymentMethod === "cod" && o.paidAt === null)
        throw badRequest("ECPAY_HOME_NO_COD", "綠界宅配不代收貨款，請改用其他方式出貨");
      const address = o.address ?? {};
      if (!address.zip || !address.line) throw badRequest("ADDRESS_MISSING", "此訂單沒有收件地址");
      const parcel = o.parcel ?? DEFAULT_PARCEL;
      const problem = homeParcelProblem(o.shipMethod, parcel);
      if (problem) throw badRequest("PARCEL_NOT_CARRIED", problem);
      const claim = await d.logistics.claimCvsShipment(orderNo);
      let shipment = claim.existing;
      if (claim.claimed) {
        try {
          const sender = await d.sender();
          const receiverAddress = `${address.county ?? ""}${address.district ?? ""}${address.line}`;
          const made = await d.carrier.createHomeShipment({
            merchantTradeNo: `${orderNo}H${claim.claimed.attempt}`,
            method: o.shipMethod,
            goodsAmount: Math.min(Math.max(o.goodsAmount, 1), ECPAY_MAX_AMOUNT),
            goodsName: await d.goodsNameOf(o),
            senderName: sender.name,
            senderCellPhone: sender.cellPhone,
            senderZipCode: sender.zip,
            senderAddress: sender.address,
            receiverName: o.receiverName,
            receiverCellPhone: o.receiverPhone,
            receiverEmail: o.email,
            receiverZipCode: address.zip,
            receiverAddress,
            parcel,
            distance: distanceOf(parcel, sender.address, address.county ?? ""),
            serverReplyUrl: d.replyUrl,
            at: d.now(),
          });
          const subType = o.shipMethod === "tcat" ? "TCAT" : "POST";
          shipment = (await d.logistics.settleCvsShipment(orderNo, { ...made, subType })) ?? undefined;
        } catch (error) {
          const reason = error instanceof DeliveryError ? error.answer : (error as Error).message;
          await d.logistics.settleCvsShipment(orderNo, { error: reason });
          throw new DomainError("upstream_failed", "ECPAY_HOME_SHIPMENT_FAILED", `建立託運單失敗：${reason}`);
        }
      }
      const trackingNo = shipment?.bookingNote || shipment?.logisticsId || "";
      if (!trackingNo) throw new DomainError("upstream_failed", "ECPAY_HOME_SHIPMENT_FAILED", "建立託運單失敗");
      return d.ship(actor, orderNo, trackingNo);
    },

    /** The form the staff browser posts to print the 託運單 from ECPay (or the simulator). */
    async homeLabelForm(orderNo: string) {
      await homeOrder(orderNo);
      const s = await d.logistics.cvsShipment(orderNo);
      if (s?.status !== "created" || !s.logisticsId) throw notFound("ECPAY_HOME_SHIPMENT_NOT_FOUND", "此訂單尚未建立託運單");
      return d.carrier.tradeDocumentForm(s.logisticsId);
    },
  };
}

export type EcpayHomeShipping = ReturnType<typeof createEcpayHomeShipping>;
