import { DeliveryError } from "../delivery.js";
import { checkMacValue, verifyCheckMacValue } from "./check-mac-value.js";
import { postEcpayForm } from "./form-post.js";
import {
  type HomeShipmentRequest,
  homeShipmentFields,
  parseTradeInfo,
  printTradeDocumentForm,
  queryFields,
  type TradeInfo,
} from "./logistics-home.js";
import { B2C_SUBTYPES, CVS_SUBTYPES, type CvsShipMethod, type StoreContract } from "./map.js";

/**
 * ECPay logistics: creating a convenience-store shipment and printing its label (C2C contract).
 * What this relies on (../shared/design/integrations.md and ECPay's published logistics API):
 * - `POST {base}/Express/Create`, form-encoded, MD5 CheckMacValue; the answer is `1|k=v&…` (the
 *   fields URL-encoded, with their own CheckMacValue) or `0|message`.
 * - Labels (寄件單 / 小白單) are browser form-POSTs with a CheckMacValue that answer printable HTML:
 *   `/Express/PrintUniMartC2COrderInfo` (7-ELEVEN: AllPayLogisticsID, CVSPaymentNo, CVSValidationNo),
 *   `/Express/PrintFAMIC2COrderInfo`, `/Express/PrintHILIFEC2COrderInfo`, `/Express/PrintOKMARTC2COrderInfo`
 *   (AllPayLogisticsID, CVSPaymentNo).
 * - Status pushes to ServerReplyURL carry RtnCode/RtnMsg/AllPayLogisticsID/UpdateStatusDate and a
 *   CheckMacValue, and want exactly `1|OK`. What each code means is in logistics-status.ts (⚠️).
 */
export interface EcpayLogisticsClientConfig {
  /** https://logistics-stage.ecpay.com.tw or https://logistics.ecpay.com.tw (or a fake's address). */
  baseUrl: string;
  merchantId: string;
  hashKey: string;
  hashIV: string;
  fetch?: typeof fetch;
}

export interface CvsShipmentRequest {
  /** ≤ 20 letters and digits, unique per attempt (ECPay refuses a repeat). */
  merchantTradeNo: string;
  method: CvsShipMethod;
  goodsAmount: number;
  /** Cash the store collects on pick-up (0 = none). */
  collectAmount: number;
  goodsName: string;
  senderName: string;
  senderCellPhone: string;
  receiverName: string;
  receiverCellPhone: string;
  receiverEmail: string;
  receiverStoreId: string;
  serverReplyUrl: string;
  at: Date;
  /** C2C (店到店, the default) or B2C (goods to the distribution centre; 7-ELEVEN / 全家 / 萊爾富 only). */
  contract?: StoreContract;
}

export interface CvsShipment {
  logisticsId: string;
  paymentNo: string;
  validationNo: string;
  /** Home delivery: the consignment number (BookingNote ⚠️); "" for store shipments. */
  bookingNote?: string;
}

const PRINT_PATH: Record<CvsShipMethod, string> = {
  cvs_711: "/Express/PrintUniMartC2COrderInfo",
  cvs_family: "/Express/PrintFAMIC2COrderInfo",
  cvs_hilife: "/Express/PrintHILIFEC2COrderInfo",
  cvs_ok: "/Express/PrintOKMARTC2COrderInfo",
};

/** yyyy/MM/dd HH:mm:ss in Taipei (UTC+8 all year, no daylight saving). */
export function ecpayTime(at: Date): string {
  const t = new Date(at.getTime() + 8 * 3_600_000).toISOString();
  return `${t.slice(0, 10).replaceAll("-", "/")} ${t.slice(11, 19)}`;
}

/** ECPay limits names to 10 characters and goods names to 60, without a few symbols. */
const clip = (s: string, n: number) => s.replace(/[\^'`!@#%&*+\\"<>|_[\]]/g, " ").slice(0, n);

function createShipmentFields(cfg: Pick<EcpayLogisticsClientConfig, "merchantId">, r: CvsShipmentRequest) {
  if (r.contract === "b2c" && r.method === "cvs_ok") throw new DeliveryError(true, "B2C 合約不提供 OK 超商取貨");
  const fields: Record<string, string> = {
    MerchantID: cfg.merchantId,
    MerchantTradeNo: r.merchantTradeNo,
    MerchantTradeDate: ecpayTime(r.at),
    LogisticsType: "CVS",
    LogisticsSubType: r.contract === "b2c" ? B2C_SUBTYPES[r.method as keyof typeof B2C_SUBTYPES] : CVS_SUBTYPES[r.method],
    GoodsAmount: String(r.goodsAmount),
    IsCollection: r.collectAmount > 0 ? "Y" : "N",
    GoodsName: clip(r.goodsName, 60),
    SenderName: clip(r.senderName, 10),
    SenderCellPhone: r.senderCellPhone,
    ReceiverName: clip(r.receiverName, 10),
    ReceiverCellPhone: r.receiverCellPhone,
    ReceiverEmail: r.receiverEmail,
    ReceiverStoreID: r.receiverStoreId,
    ServerReplyURL: r.serverReplyUrl,
  };
  if (r.collectAmount > 0) fields.CollectionAmount = String(r.collectAmount);
  return fields;
}

/** Reads `1|k=v&…` (checking its CheckMacValue when it has one) or throws on `0|message`. */
export function parseCreateAnswer(text: string, cfg: Pick<EcpayLogisticsClientConfig, "hashKey" | "hashIV">): CvsShipment {
  const bar = text.indexOf("|");
  const head = text.slice(0, bar).trim();
  const rest = text.slice(bar + 1);
  if (bar < 0 || head !== "1") throw new DeliveryError(true, rest.trim() || text.slice(0, 200));
  const fields = Object.fromEntries(new URLSearchParams(rest));
  if (fields.CheckMacValue && !verifyCheckMacValue(fields, cfg.hashKey, cfg.hashIV, "md5"))
    throw new DeliveryError(false, "物流回應的 CheckMacValue 驗證失敗");
  if (!fields.AllPayLogisticsID) throw new DeliveryError(false, "物流回應缺少 AllPayLogisticsID");
  return {
    logisticsId: fields.AllPayLogisticsID,
    paymentNo: fields.CVSPaymentNo ?? "",
    validationNo: fields.CVSValidationNo ?? "",
    bookingNote: fields.BookingNote ?? "",
  };
}

export function createEcpayLogisticsClient(cfg: EcpayLogisticsClientConfig) {
  const http = cfg.fetch ?? fetch;
  /** Posts a signed form; a timeout or 5xx may be tried again, a 4xx is final. */
  async function post(path: string, fields: Record<string, string>): Promise<string> {
    return postEcpayForm(http, `${cfg.baseUrl}${path}`, fields);
  }
  const signed = (fields: Record<string, string>) => {
    fields.CheckMacValue = checkMacValue(fields, cfg.hashKey, cfg.hashIV, "md5");
    return fields;
  };
  return {
    merchantId: cfg.merchantId,
    /** Creates the store shipment. A 4xx or `0|…` is final; a timeout or 5xx may be tried again. */
    async createCvsShipment(r: CvsShipmentRequest): Promise<CvsShipment> {
      return parseCreateAnswer(await post("/Express/Create", signed(createShipmentFields(cfg, r))), cfg);
    },

    /** Creates a 黑貓 / 郵局 home shipment (B2C contract); its consignment number is `bookingNote`. */
    async createHomeShipment(r: HomeShipmentRequest): Promise<CvsShipment> {
      const fields = homeShipmentFields(
        cfg.merchantId,
        { ...r, goodsName: clip(r.goodsName, 60), senderName: clip(r.senderName, 10), receiverName: clip(r.receiverName, 10) },
        ecpayTime(r.at),
      );
      return parseCreateAnswer(await post("/Express/Create", signed(fields)), cfg);
    },

    /** The shipment's current status code as ECPay knows it (the polling job's question). */
    async queryTradeInfo(logisticsId: string, at: Date): Promise<TradeInfo> {
      return parseTradeInfo(await post("/Helper/QueryLogisticsTradeInfo/V2", queryFields(cfg, logisticsId, at)), cfg);
    },

    /** The form a staff browser posts to print a home 託運單 or a B2C store 一段標. */
    tradeDocumentForm: (logisticsId: string) => printTradeDocumentForm(cfg, logisticsId),

    /** The form a staff browser posts to ECPay to open the shipment's printable label. */
    labelForm(method: CvsShipMethod, s: CvsShipment): { action: string; fields: Record<string, string> } {
      const fields: Record<string, string> = {
        MerchantID: cfg.merchantId,
        AllPayLogisticsID: s.logisticsId,
        CVSPaymentNo: s.paymentNo,
      };
      if (method === "cvs_711") fields.CVSValidationNo = s.validationNo;
      fields.CheckMacValue = checkMacValue(fields, cfg.hashKey, cfg.hashIV, "md5");
      return { action: `${cfg.baseUrl}${PRINT_PATH[method]}`, fields };
    },

    /** A status push is ours when its CheckMacValue holds and it names our merchant. */
    verifyPush(fields: Record<string, string>): boolean {
      return fields.MerchantID === cfg.merchantId && verifyCheckMacValue(fields, cfg.hashKey, cfg.hashIV, "md5");
    },
  };
}

export type EcpayLogisticsClient = ReturnType<typeof createEcpayLogisticsClient>;
