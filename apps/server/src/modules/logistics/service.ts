import type { CvsMethod, CvsStore, ShipMethodView } from "@shop/contract";
import { MAIN_SHOP_ID } from "@shop/contract";
import { and, asc, eq, gt, lt, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { cvsMapSessions, cvsShipments, shipMethods, shipmentEvents } from "../../db/schema/index.js";
import { CVS_SUBTYPES, type EcpayLogisticsConfig, mapForm } from "../../integrations/ecpay/map.js";
import { newToken } from "../../lib/crypto.js";
import { conflict, DomainError, notFound } from "../../lib/errors.js";

const MAP_SESSION_MINUTES = 30;
/** A create request gives up after 15 s; a claim this old belongs to a process that died. */
const CLAIM_LAPSES_SECONDS = 120;

/** `storePickup`: false when store pick-up is switched off for the shop (CHANNEL_STORE_PICKUP=off, decision 74). */
export function createLogisticsService(
  db: Db,
  ecpay: EcpayLogisticsConfig,
  now: () => Date = () => new Date(),
  storePickup = true,
) {
  /** The store shipment made for an order, if any. */
  async function cvsShipment(orderNo: string) {
    const [row] = await db.select().from(cvsShipments).where(eq(cvsShipments.orderNo, orderNo));
    return row ?? null;
  }

  return {
    /** Starts a store-map session: the form the browser posts to ECPay (or our simulator). */
    async mapCreateToken(cvsType: CvsMethod, mobile: boolean, returnPath: string, replyUrl: string) {
      if (!storePickup) throw conflict("STORE_PICKUP_OFF", "目前未提供超商取貨");
      // 20 characters, ECPay's MerchantTradeNo limit; letters and digits only.
      const token = newToken()
        .replace(/[^A-Za-z0-9]/g, "")
        .slice(0, 20);
      await db.delete(cvsMapSessions).where(lt(cvsMapSessions.expiresAt, now()));
      await db.insert(cvsMapSessions).values({
        token,
        cvsType: `${cvsType}|${returnPath}`,
        expiresAt: new Date(now().getTime() + MAP_SESSION_MINUTES * 60_000),
      });
      // The session token travels as MerchantTradeNo; no top-level `token` field (the client reads that as a sign-in).
      return { ...mapForm(ecpay, { token, cvsType, mobile, replyUrl }), simulated: ecpay.simulated };
    },

    /**
     * ECPay's browser return with the chosen store. It carries no MAC, so it is accepted only for a
     * live session we opened, with the sub-type we asked for. Returns where the browser goes next.
     */
    async mapCallback(fields: Record<string, string>): Promise<string> {
      const token = fields.MerchantTradeNo ?? "";
      const [session] = await db
        .select()
        .from(cvsMapSessions)
        .where(and(eq(cvsMapSessions.token, token), gt(cvsMapSessions.expiresAt, now())));
      if (!session) throw new DomainError("invalid", "CVS_MAP_SESSION_INVALID", "門市選擇已逾時或無效，請重新選擇門市");
      const [cvsType, returnPath = "/cart"] = session.cvsType.split("|") as [CvsMethod, string];
      if (fields.LogisticsSubType !== CVS_SUBTYPES[cvsType] || fields.MerchantID !== ecpay.merchantId) {
        throw new DomainError("invalid", "CVS_STORE_MISMATCH", "門市資料不符，請重新選擇門市");
      }
      const id = (fields.CVSStoreID ?? "").trim();
      const name = (fields.CVSStoreName ?? "").trim().slice(0, 40);
      const address = (fields.CVSAddress ?? "").trim().slice(0, 120);
      if (!/^[0-9A-Za-z]{3,10}$/.test(id) || !name || !address)
        throw new DomainError("invalid", "CVS_STORE_INCOMPLETE", "門市資料不完整，請重新選擇門市");
      await db
        .update(cvsMapSessions)
        .set({ store: { type: cvsType, id, name, address } })
        .where(eq(cvsMapSessions.token, token));
      return `${returnPath}${returnPath.includes("?") ? "&" : "?"}cvs_token=${token}`;
    },

    /** The store a finished map session chose. */
    async mapResult(token: string): Promise<CvsStore> {
      const [session] = await db
        .select()
        .from(cvsMapSessions)
        .where(and(eq(cvsMapSessions.token, token), gt(cvsMapSessions.expiresAt, now())));
      if (!session?.store) throw notFound("CVS_STORE_NOT_FOUND", "找不到選擇的門市，請重新選擇");
      return session.store as CvsStore;
    },

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
      result: { logisticsId: string; paymentNo: string; validationNo: string } | { error: string },
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

    /** Enabled ship methods of a shop (a sub-mall without its own uses the main mall's). */
    async shipMethods(shopId: number): Promise<ShipMethodView[]> {
      const load = (id: number) =>
        db
          .select({
            code: shipMethods.code,
            name: shipMethods.name,
            fee: shipMethods.fee,
            free_threshold: shipMethods.freeThreshold,
          })
          .from(shipMethods)
          .where(and(eq(shipMethods.shopId, id), eq(shipMethods.enabled, true)))
          .orderBy(asc(shipMethods.sort), asc(shipMethods.id));
      const own = await load(shopId);
      const methods = own.length > 0 || shopId === MAIN_SHOP_ID ? own : await load(MAIN_SHOP_ID);
      // Store pick-up switched off for the whole shop is offered nowhere, whatever staff enabled.
      return storePickup ? methods : methods.filter((m) => !m.code.startsWith("cvs_"));
    },
  };
}

export type LogisticsService = ReturnType<typeof createLogisticsService>;
