import { timingSafeEqual } from "node:crypto";
import { DeliveryError } from "../../integrations/delivery.js";
import { FAKE_RETURN_STEPS, type FakeEcpayReturns } from "../../integrations/ecpay/fake-logistics-returns.js";
import type { EcpayReturnsClient, ReturnChain } from "../../integrations/ecpay/logistics-returns.js";
import { RETURN_PARCEL_STATUS } from "../../integrations/ecpay/logistics-returns.js";
import { badRequest, conflict, DomainError, forbidden } from "../../lib/errors.js";
import type { ReturnCarrier } from "../../modules/orders/return-parcels.js";
import type { Audit } from "../../modules/orders/return-steps.js";
import type { ClaimCode, Returns } from "../../modules/orders/returns.js";

type Address = Record<string, string> | null;
const addressLine = (a: Address) => (a ? [a.county, a.district, a.line].filter(Boolean).join("") : "");

/**
 * 逆物流 (decision 91): staff approve a return with how it comes back — a store chain (the buyer
 * drops it at any 7-ELEVEN / 全家 / 萊爾富 with the code ECPay gives) or a 黑貓 pick-up at the
 * buyer's address — and the booking and the approval are one step: ECPay books first, and only a
 * booked parcel approves the request (a refusal changes nothing and says why). ECPay's pushes to
 * `/api/ecpay/logistics/return-notify?return=<id>` then move the parcel booked → in_transit → back,
 * once per code; staff receive the goods as before.
 */
/** ECPay's Specification code for the parcel's size tier, as it was priced at checkout. */
const SPECIFICATION: Record<60 | 90 | 120 | 150, "0001" | "0002" | "0003" | "0004"> = {
  60: "0001",
  90: "0002",
  120: "0003",
  150: "0004",
};

export function createReturnsByCarrier(d: {
  returns: Pick<Returns, "bookingOf" | "step" | "parcelPush">;
  client: EcpayReturnsClient;
  claim: ClaimCode;
  /** The shop as the receiver of a 黑貓 pick-up and the sender named on a store return. */
  shop: () => Promise<{ name: string; phone: string; zip: string; address: string }>;
  replyUrl: (id: number) => string;
  /** False when ECPay's B2C / home contract is switched off: no parcel is booked (the buyer sends it back). */
  offered: boolean;
  /** 測試模式 only: the simulator whose signed pushes the back office's button sends. */
  simulator?: FakeEcpayReturns;
}) {
  const replyUrl = (id: number) => `${d.replyUrl(id)}&sig=${d.client.replySignature(id)}`;
  async function book(id: number, carrier: ReturnCarrier): Promise<{ logisticsId: string; code: string }> {
    if (!d.offered) throw conflict("RETURN_CARRIER_OFF", "綠界宅配與逆物流未啟用，請改由買家自行寄回");
    const { r, o } = await d.returns.bookingOf(id);
    if (r.status !== "requested") throw conflict("RETURN_STATE_CHANGED", "此申請已處理，請重新整理");
    const goodsName = `退貨 ${o.orderNo}`;
    const goodsAmount = Math.max(o.goodsAmount, 1);
    try {
      if (carrier === "tcat") {
        const zip = o.address?.zip ?? "";
        if (!zip || !o.address?.line) throw badRequest("RETURN_ADDRESS_MISSING", "此訂單沒有買家地址，無法安排黑貓到府取件");
        const shop = await d.shop();
        await d.client.bookHomePickup({
          serverReplyUrl: replyUrl(id),
          goodsName,
          goodsAmount,
          sender: { name: o.receiverName, phone: o.receiverPhone, zip, address: addressLine(o.address) },
          receiver: shop,
          temperature: o.parcel?.temperature === "frozen" ? "0003" : o.parcel?.temperature === "chilled" ? "0002" : "0001",
          specification: SPECIFICATION[o.parcel?.size ?? 60],
          remark: `退貨 #${id}`,
        });
        return { logisticsId: "", code: "" };
      }
      return await d.client.bookStoreReturn({
        chain: carrier as ReturnChain,
        serverReplyUrl: replyUrl(id),
        goodsName,
        goodsAmount,
        senderName: o.receiverName,
        senderPhone: o.receiverPhone,
        remark: `退貨 #${id}`,
      });
    } catch (error) {
      if (!(error instanceof DeliveryError)) throw error;
      throw new DomainError("upstream_failed", "RETURN_BOOKING_FAILED", `綠界無法建立退貨寄件：${error.answer}，申請維持待審核`);
    }
  }

  return {
    /** The carrier staff pick by default: the order's own chain for a store pick-up, 黑貓 for home delivery. */
    async defaultCarrier(id: number): Promise<ReturnCarrier | null> {
      const { o } = await d.returns.bookingOf(id);
      if (o.shipMethod === "cvs_711" || o.shipMethod === "cvs_family" || o.shipMethod === "cvs_hilife") return o.shipMethod;
      return o.address?.zip ? "tcat" : null;
    },

    /** Approves a request; with a carrier, books its return parcel first (no booking, no approval). */
    async approve(id: number, actor: string, audit: Audit, carrier: ReturnCarrier | null, storeReturnCode = "") {
      if (!carrier) return d.returns.step("approve", id, actor, audit, { storeReturnCode });
      const made = await book(id, carrier);
      return d.returns.step("approve", id, actor, audit, {
        storeReturnCode: made.code,
        parcel: { carrier, logisticsId: made.logisticsId },
      });
    },

    /** ECPay's push for a return parcel: verified, then once per code. */
    async push(id: number, signature: string, fields: Record<string, string>) {
      const expected = d.client.replySignature(id);
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, Buffer.from(expected)) || !d.client.verifyPush(fields))
        throw forbidden("INVALID_CHECK_MAC_VALUE", "CheckMacValue 驗證失敗");
      // The `return` in the URL is outside the MAC: a signed push must also name this return's parcel
      // (which field carries ECPay's number for a return is ⚠️, so any of them may).
      const { r } = await d.returns.bookingOf(id);
      const named = [fields.AllPayLogisticsID, fields.RtnMerchantTradeNo, fields.MerchantTradeNo];
      if (r.returnLogisticsId && !named.includes(r.returnLogisticsId))
        throw conflict("RETURN_PARCEL_MISMATCH", "此物流通知不屬於此退貨");
      const code = fields.RtnCode ?? "";
      const to = RETURN_PARCEL_STATUS.back.has(code) ? "back" : RETURN_PARCEL_STATUS.inTransit.has(code) ? "in_transit" : null;
      return d.returns.parcelPush(id, code, to, fields.RtnMsg || code, d.claim);
    },

    /** 測試模式: the simulator sends the parcel's next signed push (dropped off, then back at the shop). */
    async simulateNext(id: number) {
      if (!d.simulator) throw forbidden("NOT_SIMULATED", "僅限測試模式");
      const { r } = await d.returns.bookingOf(id);
      const steps = FAKE_RETURN_STEPS[r.returnCarrier === "tcat" ? "tcat" : "store"];
      const step = r.returnParcelStatus === "booked" ? steps[0] : r.returnParcelStatus === "in_transit" ? steps[1] : null;
      if (!r.returnCarrier || !step) throw conflict("RETURN_PARCEL_NO_NEXT", "此退貨包裹沒有下一個狀態");
      await this.push(id, d.client.replySignature(id), d.simulator.push(r.returnLogisticsId, step.code, step.message));
    },
  };
}

export type ReturnsByCarrier = ReturnType<typeof createReturnsByCarrier>;
