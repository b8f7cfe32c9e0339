import { type CvsMethod, type CvsStore, MAIN_SHOP_ID } from "@shop/contract";
import { and, eq, gt, lt } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { cvsMapSessions } from "../../db/schema/index.js";
import {
  B2C_SUBTYPES,
  CVS_SUBTYPES,
  type EcpayLogisticsConfig,
  mapForm,
  type StoreContract,
} from "../../integrations/ecpay/map.js";
import { newToken } from "../../lib/crypto.js";
import { badRequest, conflict, DomainError, notFound } from "../../lib/errors.js";

const MAP_SESSION_MINUTES = 30;

/** What the logistics functions use, built by createLogisticsService. */
export interface LogisticsDeps {
  db: Db;
  ecpay: EcpayLogisticsConfig;
  now: () => Date;
  /** False when store pick-up is switched off for the shop (CHANNEL_STORE_PICKUP=off, decision 74). */
  storePickup: boolean;
  /** The B2C contract's map, for a shop whose store pick-up contract is B2C (decision 90). */
  ecpayB2c?: EcpayLogisticsConfig;
  /** A shop's store pick-up contract (the shops module's setting; c2c when not given). */
  contractOf?: (shopId: number) => Promise<StoreContract>;
}

/** The shop a checkout page belongs to (`/shop_12/cart` → 12). */
const shopOfPath = (path: string) => Number(/^\/shop_(\d+)\//.exec(path)?.[1] ?? MAIN_SHOP_ID);
/** The sub-type the map is opened with, and its merchant, under a contract. */
function mapContract(deps: LogisticsDeps, cvsType: CvsMethod, contract: StoreContract) {
  if (contract === "b2c" && deps.ecpayB2c) {
    if (cvsType === "cvs_ok") throw badRequest("CVS_OK_NOT_B2C", "本店不提供 OK 超商取貨，請選擇其他超商");
    return { cfg: deps.ecpayB2c, subType: B2C_SUBTYPES[cvsType] as string };
  }
  return { cfg: deps.ecpay, subType: CVS_SUBTYPES[cvsType] as string };
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
  const contract = (await deps.contractOf?.(shopOfPath(returnPath))) ?? "c2c";
  const { cfg, subType } = mapContract(deps, cvsType, contract);
  await deps.db.delete(cvsMapSessions).where(lt(cvsMapSessions.expiresAt, deps.now()));
  await deps.db.insert(cvsMapSessions).values({
    token,
    cvsType: `${cvsType}${contract === "b2c" ? "@b2c" : ""}|${returnPath}`,
    expiresAt: new Date(deps.now().getTime() + MAP_SESSION_MINUTES * 60_000),
  });
  // The session token travels as MerchantTradeNo; no top-level `token` field (the client reads that as a sign-in).
  return { ...mapForm(cfg, { token, cvsType, mobile, replyUrl }, subType), simulated: cfg.simulated };
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
  const [typed = "", returnPath = "/cart"] = session.cvsType.split("|");
  const [cvsType, b2c] = typed.split("@") as [CvsMethod, string | undefined];
  const { cfg, subType } = mapContract(deps, cvsType, b2c ? "b2c" : "c2c");
  if (fields.LogisticsSubType !== subType || fields.MerchantID !== cfg.merchantId) {
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
