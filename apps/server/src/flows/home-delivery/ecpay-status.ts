import type { Db, Tx } from "../../db/client.js";
import type { EcpayLogisticsClient } from "../../integrations/ecpay/logistics.js";
import { FINAL_CODES, STEP_LABELS, stepOf } from "../../integrations/ecpay/logistics-status.js";
import { forbidden, isDomainError, notFound } from "../../lib/errors.js";
import { claimCarrierCode } from "../../modules/logistics/carrier-codes.js";
import type { LogisticsService } from "../../modules/logistics/service.js";
import type { Order } from "../../modules/orders/service.js";

const DAY_MS = 86_400_000;
/** Stores keep a parcel 7 days; the reminder goes on day 5 (4 days after it arrived). */
export const REMIND_AFTER_DAYS = 4;
/** The polling job asks about a shipment at most this often, and this many per run (oldest first). */
const POLL_EVERY_MINUTES = 30;
const POLL_BATCH = 20;
/** ECPay's sub-types sent under the B2C contract (store B2C and home); the rest are C2C. */
const B2C_SUBTYPES = new Set(["UNIMART", "FAMI", "HILIFE", "TCAT", "POST"]);

/**
 * One path for ECPay's status codes, whether pushed (ServerReplyURL) or asked for (the polling
 * job), for store and home shipments alike (decision 90). A code acts once per shipment: its row
 * in carrier_codes_applied is inserted in the same transaction as its effect, so a replayed push,
 * or a push racing the poll, moves the order once. In transit → a tracking event; at the store →
 * the 已到店 message and its day-5 reminder; delivered / picked up → the order delivered.
 */
export function createEcpayStatus(d: {
  db: Db;
  logistics: Pick<LogisticsService, "cvsShipmentByLogisticsId" | "addEvent" | "applyCodeOnce" | "pollDue" | "markAsked">;
  c2c: Pick<EcpayLogisticsClient, "verifyPush" | "queryTradeInfo">;
  b2c: Pick<EcpayLogisticsClient, "verifyPush" | "queryTradeInfo">;
  orderByNo: (orderNo: string) => Promise<Order | null | undefined>;
  /** The order read with its row locked, in the caller's transaction (its status then holds until commit). */
  lockOrder: (tx: Tx, orderNo: string) => Promise<Order | null | undefined>;
  /** The order delivered by ECPay, `once` run in its transaction first (false: nothing moves). */
  delivered: (orderNo: string, once: (tx: Tx) => Promise<boolean>) => Promise<unknown>;
  /** Tells the buyer and queues the day-5 reminder, in the caller's transaction. */
  atStore: (tx: Tx, o: Order, storeName: string, remindAt: Date) => Promise<void>;
  /** Whether a contract's pushes are heard: its channel real or simulated, never switched off (whose client holds ECPay's public test keys). */
  heard: { c2c: boolean; b2c: boolean };
  now: () => Date;
}) {
  const carrierOf = (subType: string) => (B2C_SUBTYPES.has(subType) ? d.b2c : d.c2c);

  /** Applies one code to a shipment (once, whoever brings it). True when this call acted. */
  async function apply(logisticsId: string, code: string, message: string, at: Date): Promise<boolean> {
    const s = await d.logistics.cvsShipmentByLogisticsId(logisticsId);
    if (!s) throw notFound("CVS_SHIPMENT_NOT_FOUND", "找不到此物流編號");
    const o = await d.orderByNo(s.orderNo);
    if (!o) throw notFound("ORDER_NOT_FOUND", "找不到此訂單");
    const step = stepOf(code);
    const label = (message || (step ? STEP_LABELS[step] : "") || code).slice(0, 60);
    const location = o.cvsStore?.name ?? "";
    let acted = false;
    const record = async (tx: Tx) => {
      acted = await d.logistics.applyCodeOnce(tx, logisticsId, code, at);
      if (acted) await d.logistics.addEvent(o.orderNo, label, location, at, tx);
      return acted;
    };
    if (step === "delivered" && o.status === "shipped") {
      try {
        await d.delivered(o.orderNo, record);
        return acted;
      } catch (error) {
        // Delivered by staff or a rival meanwhile: the code is still recorded, once, below.
        if (!isDomainError(error, "ORDER_STATE_CHANGED")) throw error;
      }
    }
    await d.db.transaction(async (tx) => {
      // The order locked first (as the delivered path does), so staff marking it delivered meanwhile
      // is seen here and the buyer is not told it is waiting at the store after it was collected.
      const locked = step === "at_store" ? await d.lockOrder(tx, o.orderNo) : null;
      if (!(await record(tx))) return;
      // Two at-store codes (2063 and 2073, or a parcel sent to the store again) tell the buyer once.
      if (locked?.status === "shipped" && (await claimCarrierCode(tx, logisticsId, "step:at_store", at)))
        await d.atStore(tx, locked, location, new Date(at.getTime() + REMIND_AFTER_DAYS * DAY_MS));
    });
    return acted;
  }

  return {
    apply,

    /** ECPay's status push: its CheckMacValue must hold under the contract the shipment was made with. */
    async push(fields: Record<string, string>) {
      const s = await d.logistics.cvsShipmentByLogisticsId(fields.AllPayLogisticsID ?? "");
      const contract = s && B2C_SUBTYPES.has(s.subType) ? "b2c" : "c2c";
      if (!s) throw notFound("CVS_SHIPMENT_NOT_FOUND", "找不到此物流編號");
      if (!d.heard[contract] || !carrierOf(s.subType).verifyPush(fields))
        throw forbidden("INVALID_CHECK_MAC_VALUE", "CheckMacValue 驗證失敗");
      const code = fields.RtnCode ?? "";
      await apply(fields.AllPayLogisticsID ?? "", code, fields.RtnMsg ?? "", parseEcpayTime(fields.UpdateStatusDate) ?? d.now());
    },

    /**
     * The polling job: asks ECPay about shipments whose pushes may never have come (not final, not
     * asked in the last 30 minutes, oldest first, a batch per run) and applies what it hears.
     */
    async poll() {
      const cutoff = new Date(d.now().getTime() - POLL_EVERY_MINUTES * 60_000);
      const due = await d.logistics.pollDue(FINAL_CODES, cutoff, POLL_BATCH);
      let applied = 0;
      let failed = 0;
      for (const s of due) {
        await d.logistics.markAsked(s.orderNo);
        const o = await d.orderByNo(s.orderNo);
        if (o?.status !== "shipped" || !s.logisticsId) continue;
        try {
          const info = await carrierOf(s.subType).queryTradeInfo(s.logisticsId, d.now());
          if (info.code !== s.lastCode && stepOf(info.code) && (await apply(s.logisticsId, info.code, "", d.now()))) applied++;
        } catch {
          // ECPay away or the shipment unknown there: asked again in 30 minutes.
          failed++;
        }
      }
      return { asked: due.length, applied, failed };
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

export type EcpayStatus = ReturnType<typeof createEcpayStatus>;
