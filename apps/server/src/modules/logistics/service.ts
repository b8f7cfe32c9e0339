import type { CvsMethod, ShipMethodView } from "@shop/contract";
import { MAIN_SHOP_ID } from "@shop/contract";
import type { ShipRates } from "@shop/contract/shipping";
import { and, asc, eq, lt, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { cvsShipments, shipMethods, shipmentEvents } from "../../db/schema/index.js";
import type { EcpayLogisticsConfig } from "../../integrations/ecpay/map.js";
import { conflict } from "../../lib/errors.js";
import { claimCarrierCode } from "./carrier-codes.js";
import { markAsked, pollDue, silentShipments } from "./shipment-polling.js";
import { type LogisticsDeps, mapCallback, mapCreateToken, mapResult } from "./store-map.js";

/** A create request gives up after 15 s; a claim this old belongs to a process that died. */
const CLAIM_LAPSES_SECONDS = 120;

/**
 * `storePickup`: false when store pick-up is switched off for the shop (CHANNEL_STORE_PICKUP=off,
 * decision 74). The store map's session is run by the functions of store-map.ts.
 */
export function createLogisticsService(
  db: Db,
  ecpay: EcpayLogisticsConfig,
  now: () => Date = () => new Date(),
  storePickup = true,
  contracts: Pick<LogisticsDeps, "ecpayB2c" | "contractOf"> = {},
) {
  const deps: LogisticsDeps = { db, ecpay, now, storePickup, ...contracts };

  /** The store shipment made for an order, if any. */
  async function cvsShipment(orderNo: string) {
    const [row] = await db.select().from(cvsShipments).where(eq(cvsShipments.orderNo, orderNo));
    return row ?? null;
  }

  return {
    mapCreateToken: (cvsType: CvsMethod, mobile: boolean, returnPath: string, replyUrl: string) =>
      mapCreateToken(deps, cvsType, mobile, returnPath, replyUrl),
    mapCallback: (fields: Record<string, string>) => mapCallback(deps, fields),
    mapResult: (token: string) => mapResult(deps, token),

    /** A tracking event (repeats add nothing); inside the caller's transaction when `q` is given. */
    async addEvent(orderNo: string, status: string, location: string, at: Date, q: Db | Tx = db) {
      await q.insert(shipmentEvents).values({ orderNo, status, location, at }).onConflictDoNothing();
    },

    async events(orderNo: string) {
      return db
        .select()
        .from(shipmentEvents)
        .where(eq(shipmentEvents.orderNo, orderNo))
        .orderBy(asc(shipmentEvents.at), asc(shipmentEvents.id));
    },

    cvsShipment,

    async cvsShipmentByLogisticsId(logisticsId: string) {
      const [row] = await db.select().from(cvsShipments).where(eq(cvsShipments.logisticsId, logisticsId));
      return row ?? null;
    },

    /**
     * Claims the order for one create request: a new claim, or a retry of a failed one (the next
     * attempt). A shipment already made comes back as it is; one being made refuses the rival —
     * unless its claim is older than any request could take (the process died mid-request), which
     * is taken over as a new attempt.
     */
    async claimCvsShipment(orderNo: string) {
      const [claimed] = await db
        .insert(cvsShipments)
        .values({ orderNo, status: "creating", updatedAt: now() })
        .onConflictDoUpdate({
          target: cvsShipments.orderNo,
          set: { status: "creating", attempt: sql`${cvsShipments.attempt} + 1`, error: "", updatedAt: now() },
          setWhere: or(
            eq(cvsShipments.status, "failed"),
            and(
              eq(cvsShipments.status, "creating"),
              lt(cvsShipments.updatedAt, new Date(now().getTime() - CLAIM_LAPSES_SECONDS * 1000)),
            ),
          ),
        })
        .returning();
      if (claimed) return { claimed };
      const existing = await cvsShipment(orderNo);
      if (existing?.status === "created") return { existing };
      throw conflict("CVS_SHIPMENT_IN_PROGRESS", "寄件單建立中，請稍候再試");
    },

    /** Ends a claim with the provider's answer: the shipment, or the reason it was not made. */
    async settleCvsShipment(
      orderNo: string,
      result:
        | { logisticsId: string; paymentNo: string; validationNo: string; bookingNote?: string; subType?: string }
        | { error: string },
    ) {
      const [row] = await db
        .update(cvsShipments)
        .set(
          "error" in result
            ? { status: "failed", error: result.error.slice(0, 300), updatedAt: now() }
            : { status: "created", ...result, updatedAt: now() },
        )
        .where(and(eq(cvsShipments.orderNo, orderNo), eq(cvsShipments.status, "creating")))
        .returning();
      return row ?? null;
    },

    /**
     * Records that a status code's effect runs for a shipment, inside the effect's transaction: true
     * for the one caller that inserted it, false for a replay or a rival (push vs. poll).
     */
    async applyCodeOnce(q: Db | Tx, logisticsId: string, code: string, at: Date) {
      const first = await claimCarrierCode(q, logisticsId, code, at);
      if (first) await q.update(cvsShipments).set({ lastCode: code }).where(eq(cvsShipments.logisticsId, logisticsId));
      return first;
    },

    pollDue: (finalCodes: string[], askedBefore: Date, limit: number) => pollDue(db, finalCodes, askedBefore, limit),
    markAsked: (orderNo: string) => markAsked(db, orderNo, now()),
    silentShipments: (before: Date) => silentShipments(db, before),

    /** Enabled ship methods of a shop (a sub-mall without its own uses the main mall's). */
    async shipMethods(shopId: number): Promise<Array<ShipMethodView & { rates: ShipRates | null }>> {
      const load = (id: number) =>
        db
          .select({
            code: shipMethods.code,
            name: shipMethods.name,
            fee: shipMethods.fee,
            free_threshold: shipMethods.freeThreshold,
            rates: shipMethods.rates,
          })
          .from(shipMethods)
          .where(and(eq(shipMethods.shopId, id), eq(shipMethods.enabled, true)))
          .orderBy(asc(shipMethods.sort), asc(shipMethods.id));
      const own = await load(shopId);
      const methods = own.length > 0 || shopId === MAIN_SHOP_ID ? own : await load(MAIN_SHOP_ID);
      // Store pick-up switched off for the whole shop is offered nowhere, whatever staff enabled;
      // a shop on ECPay's B2C contract has no OK (decision 90).
      if (!storePickup) return methods.filter((m) => !m.code.startsWith("cvs_"));
      const b2c = (await contracts.contractOf?.(shopId)) === "b2c";
      return b2c ? methods.filter((m) => m.code !== "cvs_ok") : methods;
    },
  };
}

export type LogisticsService = ReturnType<typeof createLogisticsService>;
