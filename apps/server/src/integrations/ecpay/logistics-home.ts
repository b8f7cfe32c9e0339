import type { EcpayHomeMethod } from "@shop/contract";
import type { OrderParcel, ParcelSize, Temperature } from "@shop/contract/shipping";
import { DeliveryError } from "../delivery.js";
import { checkMacValue, verifyCheckMacValue } from "./check-mac-value.js";

/**
 * ECPay home delivery (黑貓 TCAT, 中華郵政 POST) under the B2C contract, its 託運單 and the status
 * query. What this relies on (../shared/design/integrations.md, ECPay's official PHP SDK):
 * - Create is the same `/Express/Create` with LogisticsType=HOME, LogisticsSubType TCAT|POST, the
 *   sender's and receiver's zip and address, Temperature, Distance, Specification,
 *   ScheduledPickupTime and (TCAT only) ScheduledDeliveryTime; POST needs GoodsWeight (kg ⚠️). The
 *   answer is `1|k=v&…` with AllPayLogisticsID and BookingNote (the consignment number ⚠️).
 * - Print: a browser form-POST to `/helper/printTradeDocument` (MerchantID, AllPayLogisticsID,
 *   CheckMacValue) answering HTML: the 託運單 for home, the 一段標 for B2C store shipments.
 * - Query: `POST /Helper/QueryLogisticsTradeInfo/V2` (MerchantID, AllPayLogisticsID, TimeStamp in
 *   unix seconds, MD5 CheckMacValue) answering a query string with LogisticsStatus, ShipmentNo,
 *   BookingNote and a CheckMacValue ⚠️.
 */
export interface HomeShipmentRequest {
  merchantTradeNo: string;
  method: EcpayHomeMethod;
  goodsAmount: number;
  goodsName: string;
  senderName: string;
  senderCellPhone: string;
  senderZipCode: string;
  senderAddress: string;
  receiverName: string;
  receiverCellPhone: string;
  receiverEmail: string;
  receiverZipCode: string;
  receiverAddress: string;
  parcel: OrderParcel;
  /** 同縣市 / 外縣市 / 離島. */
  distance: "same" | "other" | "outlying";
  serverReplyUrl: string;
  at: Date;
}

const HOME_SUBTYPES: Record<EcpayHomeMethod, string> = { tcat: "TCAT", post: "POST" };
const TEMPERATURE_CODES: Record<Temperature, string> = { normal: "0001", chilled: "0002", frozen: "0003" };
const SIZE_CODES: Record<ParcelSize, string> = { 60: "0001", 90: "0002", 120: "0003", 150: "0004" };
const DISTANCE_CODES = { same: "00", other: "01", outlying: "02" } as const;
const SLOT_CODES = { morning: "1", afternoon: "2", evening: "3", any: "4" } as const;

/** Why a carrier cannot take a parcel (zh-TW), or null when it can. */
export function homeParcelProblem(method: EcpayHomeMethod, p: OrderParcel): string | null {
  if (method === "post" && p.temperature !== "normal") return "中華郵政宅配僅寄送常溫包裹"; // ⚠️ ECPay's POST has no 低溫
  if (p.temperature === "frozen" && p.size === 150) return "冷凍包裹材積最大 120 公分";
  if (method === "post" && p.weight_g > 20_000) return "中華郵政宅配重量上限為 20 公斤";
  return null;
}

export function homeShipmentFields(merchantId: string, r: HomeShipmentRequest, time: string): Record<string, string> {
  const p = r.parcel;
  const fields: Record<string, string> = {
    MerchantID: merchantId,
    MerchantTradeNo: r.merchantTradeNo,
    MerchantTradeDate: time,
    LogisticsType: "HOME",
    LogisticsSubType: HOME_SUBTYPES[r.method],
    GoodsAmount: String(r.goodsAmount),
    GoodsName: r.goodsName,
    SenderName: r.senderName,
    SenderCellPhone: r.senderCellPhone,
    SenderZipCode: r.senderZipCode,
    SenderAddress: r.senderAddress,
    ReceiverName: r.receiverName,
    ReceiverCellPhone: r.receiverCellPhone,
    ReceiverEmail: r.receiverEmail,
    ReceiverZipCode: r.receiverZipCode,
    ReceiverAddress: r.receiverAddress,
    Temperature: TEMPERATURE_CODES[p.temperature],
    Distance: DISTANCE_CODES[r.distance],
    Specification: SIZE_CODES[p.size],
    ScheduledPickupTime: "4",
    ServerReplyURL: r.serverReplyUrl,
  };
  if (r.method === "tcat") fields.ScheduledDeliveryTime = SLOT_CODES[p.delivery_time];
  // ⚠️ kilograms with up to three decimals, as the SDK's example shows
  if (r.method === "post") fields.GoodsWeight = String(Math.max(p.weight_g, 1) / 1000);
  return fields;
}

export interface TradeInfo {
  /** The shipment's current status code (LogisticsStatus). */
  code: string;
  shipmentNo: string;
  bookingNote: string;
}

/** Reads QueryLogisticsTradeInfo's query-string answer, checking its CheckMacValue when it has one. */
export function parseTradeInfo(text: string, keys: { hashKey: string; hashIV: string }): TradeInfo {
  const fields = Object.fromEntries(new URLSearchParams(text.trim()));
  if (fields.CheckMacValue && !verifyCheckMacValue(fields, keys.hashKey, keys.hashIV, "md5"))
    throw new DeliveryError(false, "物流查詢回應的 CheckMacValue 驗證失敗");
  if (!fields.LogisticsStatus) throw new DeliveryError(true, text.trim().slice(0, 200) || "物流查詢沒有回應狀態");
  return { code: fields.LogisticsStatus, shipmentNo: fields.ShipmentNo ?? "", bookingNote: fields.BookingNote ?? "" };
}

export function printTradeDocumentForm(
  cfg: { baseUrl: string; merchantId: string; hashKey: string; hashIV: string },
  logisticsId: string,
): { action: string; fields: Record<string, string> } {
  const fields: Record<string, string> = { MerchantID: cfg.merchantId, AllPayLogisticsID: logisticsId };
  fields.CheckMacValue = checkMacValue(fields, cfg.hashKey, cfg.hashIV, "md5");
  return { action: `${cfg.baseUrl}/helper/printTradeDocument`, fields };
}

export function queryFields(
  cfg: { merchantId: string; hashKey: string; hashIV: string },
  logisticsId: string,
  at: Date,
): Record<string, string> {
  const fields: Record<string, string> = {
    MerchantID: cfg.merchantId,
    AllPayLogisticsID: logisticsId,
    TimeStamp: String(Math.floor(at.getTime() / 1000)),
  };
  fields.CheckMacValue = checkMacValue(fields, cfg.hashKey, cfg.hashIV, "md5");
  return fields;
}
