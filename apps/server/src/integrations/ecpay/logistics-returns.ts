import { createHmac } from "node:crypto";
import { DeliveryError } from "../delivery.js";
import { checkMacValue, verifyCheckMacValue } from "./check-mac-value.js";
import { postEcpayForm } from "./form-post.js";

/**
 * ECPay 逆物流 (a return parcel back to the shop), B2C / home contract (decision 91):
 * - Store returns: `POST {base}/express/ReturnUniMartCVS` (7-ELEVEN), `/express/ReturnCVS` (全家),
 *   `/express/ReturnHiLifeCVS` (萊爾富), form-encoded with an MD5 CheckMacValue: MerchantID,
 *   AllPayLogisticsID (optional), ServerReplyURL, GoodsName, GoodsAmount, CollectionAmount=0,
 *   ServiceType=4 (return without collection), SenderName, SenderPhone, Remark. The answer is
 *   `RtnMerchantTradeNo|RtnOrderNo` — the RtnOrderNo is the code the buyer gives at the store ⚠️ —
 *   or `|error message`.
 * - 黑貓 pick-up from the buyer: `POST {base}/Express/ReturnHome` (sender = the buyer with zip,
 *   address and phone; receiver = the shop; GoodsAmount, Temperature, Specification,
 *   ScheduledPickupTime 4 = any time) → `1|OK` or `0|message`.
 * - Status pushes to ServerReplyURL as for shipments (RtnCode, RtnMsg, CheckMacValue), answered `1|OK`.
 */
export interface EcpayReturnsConfig {
  baseUrl: string;
  merchantId: string;
  hashKey: string;
  hashIV: string;
  fetch?: typeof fetch;
}

export type ReturnChain = "cvs_711" | "cvs_family" | "cvs_hilife";
export const RETURN_PATHS: Record<ReturnChain | "tcat", string> = {
  cvs_711: "/express/ReturnUniMartCVS",
  cvs_family: "/express/ReturnCVS",
  cvs_hilife: "/express/ReturnHiLifeCVS",
  tcat: "/Express/ReturnHome",
};

/**
 * What a return parcel's status push means ⚠️ (ECPay's 物流狀態代碼 for reverse logistics are not in
 * our sources: the codes below are the simulator's and the usual ones; any other code is history only).
 */
export const RETURN_PARCEL_STATUS = {
  /** Dropped at the store / picked up by 黑貓. */
  inTransit: new Set(["2068", "3024", "3006"]),
  /** Arrived back at the shop (warehouse). */
  back: new Set(["2070", "3025", "3003"]),
};

export interface StoreReturnRequest {
  chain: ReturnChain;
  /** The original shipment's AllPayLogisticsID, when it went through ECPay. */
  logisticsId?: string;
  serverReplyUrl: string;
  goodsName: string;
  goodsAmount: number;
  senderName: string;
  senderPhone: string;
  remark: string;
}

export interface HomePickupRequest {
  logisticsId?: string;
  serverReplyUrl: string;
  goodsName: string;
  goodsAmount: number;
  sender: { name: string; phone: string; zip: string; address: string };
  receiver: { name: string; phone: string; zip: string; address: string };
  temperature: "0001" | "0002" | "0003";
  specification: "0001" | "0002" | "0003" | "0004";
  remark: string;
}

/** ECPay limits names to 10 characters and goods names to 60, without a few symbols. */
const clip = (s: string, n: number) => s.replace(/[\^'`!@#%&*+\\"<>|_[\]]/g, " ").slice(0, n);

/** Reads a store return's answer: `RtnMerchantTradeNo|RtnOrderNo`, or `|error`. */
export function parseStoreReturnAnswer(text: string): { logisticsId: string; code: string } {
  const [id = "", code = ""] = text.trim().split("|");
  if (!id || !/^[A-Za-z0-9-]{1,30}$/.test(code))
    throw new DeliveryError(true, code.trim() || text.slice(0, 200) || "綠界未回覆退貨編號");
  return { logisticsId: id, code };
}

export function createEcpayReturnsClient(cfg: EcpayReturnsConfig) {
  const http = cfg.fetch ?? fetch;
  async function post(path: string, fields: Record<string, string>) {
    fields.CheckMacValue = checkMacValue(fields, cfg.hashKey, cfg.hashIV, "md5");
    return postEcpayForm(http, `${cfg.baseUrl}${path}`, fields);
  }
  const base = (logisticsId: string | undefined) => ({
    MerchantID: cfg.merchantId,
    ...(logisticsId ? { AllPayLogisticsID: logisticsId } : {}),
  });

  return {
    /** Books a store return: ECPay's number for the parcel and the code the buyer gives at the store. */
    async bookStoreReturn(r: StoreReturnRequest) {
      const text = await post(RETURN_PATHS[r.chain], {
        ...base(r.logisticsId),
        ServerReplyURL: r.serverReplyUrl,
        GoodsName: clip(r.goodsName, 60),
        GoodsAmount: String(Math.min(Math.max(r.goodsAmount, 1), 20_000)),
        CollectionAmount: "0",
        ServiceType: "4",
        SenderName: clip(r.senderName, 10),
        SenderPhone: r.senderPhone,
        Remark: clip(r.remark, 20),
      });
      return parseStoreReturnAnswer(text);
    },

    /** Books 黑貓 to pick the parcel up at the buyer's address. */
    async bookHomePickup(r: HomePickupRequest): Promise<void> {
      const text = await post(RETURN_PATHS.tcat, {
        ...base(r.logisticsId),
        LogisticsSubType: "TCAT",
        ServerReplyURL: r.serverReplyUrl,
        GoodsName: clip(r.goodsName, 60),
        GoodsAmount: String(Math.min(Math.max(r.goodsAmount, 1), 20_000)),
        SenderName: clip(r.sender.name, 10),
        SenderPhone: r.sender.phone,
        SenderCellPhone: r.sender.phone,
        SenderZipCode: r.sender.zip,
        SenderAddress: r.sender.address,
        ReceiverName: clip(r.receiver.name, 10),
        ReceiverPhone: r.receiver.phone,
        ReceiverCellPhone: r.receiver.phone,
        ReceiverZipCode: r.receiver.zip,
        ReceiverAddress: r.receiver.address,
        Temperature: r.temperature,
        Distance: "00",
        Specification: r.specification,
        ScheduledPickupTime: "4",
        Remark: clip(r.remark, 20),
      });
      const [head = "", message = ""] = text.trim().split("|");
      if (head !== "1") throw new DeliveryError(true, message.trim() || text.slice(0, 200));
    },

    /** A push is ours when its CheckMacValue holds and it names our merchant. */
    verifyPush(fields: Record<string, string>): boolean {
      return fields.MerchantID === cfg.merchantId && verifyCheckMacValue(fields, cfg.hashKey, cfg.hashIV, "md5");
    },

    /**
     * A signature of a return's ServerReplyURL: ECPay's MAC covers the push's fields, not the URL,
     * so the return id in it is signed with the contract's own keys (a 黑貓 pick-up's push names no
     * parcel we know).
     */
    replySignature(returnId: number): string {
      return createHmac("sha256", `${cfg.hashKey}:${cfg.hashIV}`).update(`return:${returnId}`).digest("hex").slice(0, 32);
    },
  };
}

export type EcpayReturnsClient = ReturnType<typeof createEcpayReturnsClient>;
