import type { CvsMethod, CvsStore } from "@shop/contract";
import { and, eq, gt, lt } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { cvsMapSessions } from "../../db/schema/index.js";
import { CVS_SUBTYPES, type EcpayLogisticsConfig, mapForm } from "../../integrations/ecpay/map.js";
import { newToken } from "../../lib/crypto.js";
import { conflict, DomainError, notFound } from "../../lib/errors.js";

const MAP_SESSION_MINUTES = 30;

/** What the logistics functions use, built by createLogisticsService. */
export interface LogisticsDeps {
  db: Db;
  ecpay: EcpayLogisticsConfig;
  now: () => Date;
  /** False when store pick-up is switched off for the shop (CHANNEL_STORE_PICKUP=off, decision 74). */
  storePickup: boolean;
}

/** Starts a store-map session: the form the browser posts to ECPay (or our simulator). */
export async function mapCreateToken(
  deps: LogisticsDeps,
  cvsType: CvsMethod,
  mobile: boolean,
  returnPath: string,
  replyUrl: string,
) {
  if (!deps.storePickup) throw conflict("STORE_PICKUP_OFF", "目前未提供超商取貨");
  // 20 characters, ECPay's MerchantTradeNo limit; letters and digits only.
  const token = newToken()
    .replace(/[^A-Za-z0-9]/g, "")
    .slice(0, 20);
  await deps.db.delete(cvsMapSessions).where(lt(cvsMapSessions.expiresAt, deps.now()));
  await deps.db.insert(cvsMapSessions).values({
    token,
    cvsType: `${cvsType}|${returnPath}`,
    expiresAt: new Date(deps.now().getTime() + MAP_SESSION_MINUTES * 60_000),
  });
  // The session token travels as MerchantTradeNo; no top-level `token` field (the client reads that as a sign-in).
  return { ...mapForm(deps.ecpay, { token, cvsType, mobile, replyUrl }), simulated: deps.ecpay.simulated };
}

/**
 * ECPay's browser return with the chosen store. It carries no MAC, so it is accepted only for a
 * live session we opened, with the sub-type we asked for. Returns where the browser goes next.
 */
export async function mapCallback(deps: LogisticsDeps, fields: Record<string, string>): Promise<string> {
  const token = fields.MerchantTradeNo ?? "";
  const [session] = await deps.db
    .select()
    .from(cvsMapSessions)
    .where(and(eq(cvsMapSessions.token, token), gt(cvsMapSessions.expiresAt, deps.now())));
  if (!session) throw new DomainError("invalid", "CVS_MAP_SESSION_INVALID", "門市選擇已逾時或無效，請重新選擇門市");
  const [cvsType, returnPath = "/cart"] = session.cvsType.split("|") as [CvsMethod, string];
  if (fields.LogisticsSubType !== CVS_SUBTYPES[cvsType] || fields.MerchantID !== deps.ecpay.merchantId) {
    throw new DomainError("invalid", "CVS_STORE_MISMATCH", "門市資料不符，請重新選擇門市");
  }
  const id = (fields.CVSStoreID ?? "").trim();
  const name = (fields.CVSStoreName ?? "").trim().slice(0, 40);
  const address = (fields.CVSAddress ?? "").trim().slice(0, 120);
  if (!/^[0-9A-Za-z]{3,10}$/.test(id) || !name || !address)
    throw new DomainError("invalid", "CVS_STORE_INCOMPLETE", "門市資料不完整，請重新選擇門市");
  await deps.db
    .update(cvsMapSessions)
    .set({ store: { type: cvsType, id, name, address } })
    .where(eq(cvsMapSessions.token, token));
  return `${returnPath}${returnPath.includes("?") ? "&" : "?"}cvs_token=${token}`;
}

/** The store a finished map session chose. */
export async function mapResult(deps: LogisticsDeps, token: string): Promise<CvsStore> {
  const [session] = await deps.db
    .select()
    .from(cvsMapSessions)
    .where(and(eq(cvsMapSessions.token, token), gt(cvsMapSessions.expiresAt, deps.now())));
  if (!session?.store) throw notFound("CVS_STORE_NOT_FOUND", "找不到選擇的門市，請重新選擇");
  return session.store as CvsStore;
}
