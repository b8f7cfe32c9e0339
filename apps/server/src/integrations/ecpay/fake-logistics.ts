import { checkMacValue, verifyCheckMacValue } from "./check-mac-value.js";
import { fakeLabelPage, serveForm } from "./fake-logistics-pages.js";
import { ecpayTime } from "./logistics.js";
import { FINAL_CODES, SIMULATED_PROGRESS } from "./logistics-status.js";

/**
 * A local ECPay logistics that speaks its protocol for one or more merchants (the C2C contract and
 * the B2C one, which also carries home delivery): `/Express/Create` checks the CheckMacValue, the
 * merchant's contract and the required fields and answers `1|…` signed (or `0|reason`); the print
 * endpoints answer a printable page marked 測試模式; `/Helper/QueryLogisticsTradeInfo/V2` answers
 * the shipment's current code; `advance` moves a shipment to its next status and gives the signed
 * push ECPay would send. The default configuration runs it in-process; tests also serve it over HTTP.
 */
export interface FakeEcpayLogistics {
  handle(path: string, form: Record<string, string>): { status: number; type: string; body: string };
  fetch: typeof fetch;
  /** The signed status push ECPay would send for a shipment (the code is not recorded). */
  statusPush(logisticsId: string, code: string, message: string, at?: Date): Record<string, string>;
  /** Moves the shipment to its next simulated status; its signed push, or null when it has none left. */
  advance(logisticsId: string, at?: Date): Record<string, string> | null;
  /**
   * Shipments whose simulated progress is not over (for the 測試模式 timer); with `stoodMs`, only
   * those whose last status is at least that old on the simulator's clock (a parcel does not reach
   * the store seconds after it was made).
   */
  moving(stoodMs?: number): string[];
  /** Creates seen so far, by MerchantTradeNo. */
  created: Map<string, Record<string, string>>;
  /** Makes the next create answer `0|reason` (a refusal), or throw `hang` (no answer). */
  failNext(reason: string | "hang"): void;
  listen(): Promise<{ url: string; close(): Promise<void> }>;
}

export interface FakeMerchant {
  merchantId: string;
  hashKey: string;
  hashIV: string;
  /** c2c (the default) takes *C2C sub-types only; b2c takes UNIMART / FAMI / HILIFE and HOME. */
  contract?: "c2c" | "b2c";
}

const REQUIRED = [
  "MerchantTradeNo",
  "MerchantTradeDate",
  "LogisticsSubType",
  "GoodsAmount",
  "SenderName",
  "ReceiverName",
  "ReceiverCellPhone",
  "ServerReplyURL",
];
const STORE_REQUIRED = ["ReceiverStoreID"];
const HOME_REQUIRED = [
  "SenderZipCode",
  "SenderAddress",
  "ReceiverZipCode",
  "ReceiverAddress",
  "Temperature",
  "Distance",
  "Specification",
];
const B2C_STORE = ["UNIMART", "FAMI", "HILIFE"];

/** Why a merchant may not create this (contract and sub-type), or null. */
function contractProblem(m: FakeMerchant, form: Record<string, string>): string | null {
  const type = form.LogisticsType;
  const sub = form.LogisticsSubType ?? "";
  if (type === "HOME") {
    if (m.contract !== "b2c") return "此合約不提供宅配";
    if (sub !== "TCAT" && sub !== "POST") return "LogisticsSubType 錯誤";
    if (sub === "POST" && !form.GoodsWeight) return "GoodsWeight is required";
    if (sub === "POST" && form.Temperature !== "0001") return "郵局僅提供常溫";
    if (form.Temperature === "0003" && form.Specification === "0004") return "冷凍不提供 150 公分";
    return null;
  }
  if (type !== "CVS") return "LogisticsType 錯誤";
  if (m.contract === "b2c" ? !B2C_STORE.includes(sub) : !sub.endsWith("C2C")) return "LogisticsSubType 與合約不符";
  return null;
}

export function createFakeEcpayLogistics(merchants: FakeMerchant | FakeMerchant[]): FakeEcpayLogistics {
  const list = Array.isArray(merchants) ? merchants : [merchants];
  const merchantOf = (id: string | undefined) => list.find((m) => m.merchantId === id);
  const created = new Map<string, Record<string, string>>();
  const byLogisticsId = new Map<string, Record<string, string>>();
  /** How far each shipment has gone along SIMULATED_PROGRESS (-1: created, no status yet), and since when (ms). */
  const steps = new Map<string, { step: number; at: number }>();
  let next: string | null = null;
  let seq = 0;
  const text = (status: number, body: string) => ({ status, type: "text/plain; charset=utf-8", body });
  const sign = (m: FakeMerchant, fields: Record<string, string>) => {
    fields.CheckMacValue = checkMacValue(fields, m.hashKey, m.hashIV, "md5");
    return fields;
  };

  function create(form: Record<string, string>) {
    if (next !== null) {
      const reason = next;
      next = null;
      return text(200, `0|${reason}`);
    }
    const m = merchantOf(form.MerchantID);
    if (!m || !verifyCheckMacValue(form, m.hashKey, m.hashIV, "md5")) return text(200, "0|CheckMacValue Error");
    const home = form.LogisticsType === "HOME";
    const missing = [...REQUIRED, ...(home ? HOME_REQUIRED : STORE_REQUIRED)].find((k) => !form[k]);
    if (missing) return text(200, `0|${missing} is required`);
    const problem = contractProblem(m, form);
    if (problem) return text(200, `0|${problem}`);
    if (created.has(form.MerchantTradeNo ?? "")) return text(200, "0|MerchantTradeNo 重複");
    seq += 1;
    const sub = form.LogisticsSubType ?? "";
    const c2c711 = sub === "UNIMARTC2C";
    const answer: Record<string, string> = {
      AllPayLogisticsID: String(1_900_000 + seq),
      BookingNote: home ? `${sub === "TCAT" ? "9" : "5"}${String(10_000_000_000 + seq)}` : "",
      CVSPaymentNo: home ? "" : c2c711 ? `C${String(8_800_000 + seq)}` : `F${String(70_000_000 + seq)}`,
      CVSValidationNo: c2c711 ? String(1000 + (seq % 9000)) : "",
      GoodsAmount: form.GoodsAmount ?? "",
      LogisticsSubType: sub,
      LogisticsType: home ? "HOME" : "CVS",
      MerchantID: m.merchantId,
      MerchantTradeNo: form.MerchantTradeNo ?? "",
      ReceiverName: form.ReceiverName ?? "",
      ReceiverStoreID: form.ReceiverStoreID ?? "",
      RtnCode: "300",
      RtnMsg: "訂單處理中(已收到訂單資料)",
      UpdateStatusDate: ecpayTime(new Date()),
    };
    sign(m, answer);
    created.set(answer.MerchantTradeNo ?? "", form);
    byLogisticsId.set(answer.AllPayLogisticsID ?? "", answer);
    steps.set(answer.AllPayLogisticsID ?? "", { step: -1, at: Date.now() });
    return text(200, `1|${new URLSearchParams(answer).toString()}`);
  }

  /** The current code of a shipment ("300" before its first status). */
  const currentCode = (id: string, s: Record<string, string>) =>
    SIMULATED_PROGRESS[s.LogisticsSubType ?? ""]?.[steps.get(id)?.step ?? -1]?.code ?? "300";

  function query(form: Record<string, string>) {
    const m = merchantOf(form.MerchantID);
    if (!m || !verifyCheckMacValue(form, m.hashKey, m.hashIV, "md5")) return text(200, "CheckMacValue Error");
    const id = form.AllPayLogisticsID ?? "";
    const s = byLogisticsId.get(id);
    if (!s || s.MerchantID !== m.merchantId) return text(200, "查無物流訂單");
    const answer: Record<string, string> = {
      AllPayLogisticsID: id,
      BookingNote: s.BookingNote ?? "",
      GoodsAmount: s.GoodsAmount ?? "",
      LogisticsStatus: currentCode(id, s),
      LogisticsType: `${s.LogisticsType}_${s.LogisticsSubType}`,
      MerchantID: m.merchantId,
      MerchantTradeNo: s.MerchantTradeNo ?? "",
      ShipmentNo: s.BookingNote || s.CVSPaymentNo || "",
      TradeDate: s.UpdateStatusDate ?? "",
    };
    return text(200, new URLSearchParams(sign(m, answer)).toString());
  }

  function label(form: Record<string, string>, tradeDocument: boolean) {
    const m = merchantOf(form.MerchantID);
    if (!m || !verifyCheckMacValue(form, m.hashKey, m.hashIV, "md5")) return text(400, "CheckMacValue Error");
    const s = byLogisticsId.get(form.AllPayLogisticsID ?? "");
    if (!s || (!tradeDocument && s.CVSPaymentNo !== form.CVSPaymentNo)) return text(404, "查無物流訂單");
    return { status: 200, type: "text/html; charset=utf-8", body: fakeLabelPage(s, created.get(s.MerchantTradeNo ?? "")) };
  }

  function handle(path: string, form: Record<string, string>) {
    if (path.endsWith("/Express/Create")) return create(form);
    if (/\/Express\/Print\w+C2COrderInfo$/.test(path)) return label(form, false);
    if (/\/helper\/printTradeDocument$/i.test(path)) return label(form, true);
    if (/\/Helper\/QueryLogisticsTradeInfo\/V2$/i.test(path)) return query(form);
    return text(404, "Not Found");
  }

  function statusPush(logisticsId: string, code: string, message: string, at = new Date()) {
    const s = byLogisticsId.get(logisticsId);
    const m = merchantOf(s?.MerchantID) ?? (list[0] as FakeMerchant);
    return sign(m, {
      AllPayLogisticsID: logisticsId,
      BookingNote: s?.BookingNote ?? "",
      CVSPaymentNo: s?.CVSPaymentNo ?? "",
      CVSValidationNo: s?.CVSValidationNo ?? "",
      GoodsAmount: s?.GoodsAmount ?? "",
      LogisticsSubType: s?.LogisticsSubType ?? "",
      LogisticsType: s?.LogisticsType ?? "CVS",
      MerchantID: m.merchantId,
      MerchantTradeNo: s?.MerchantTradeNo ?? "",
      ReceiverName: s?.ReceiverName ?? "",
      RtnCode: code,
      RtnMsg: message,
      UpdateStatusDate: ecpayTime(at),
    });
  }

  return {
    handle,
    created,
    failNext(reason) {
      next = reason;
    },
    statusPush,
    advance(logisticsId, at = new Date()) {
      const s = byLogisticsId.get(logisticsId);
      const progress = SIMULATED_PROGRESS[s?.LogisticsSubType ?? ""];
      if (!s || !progress) return null;
      const step = (steps.get(logisticsId)?.step ?? -1) + 1;
      const status = progress[step];
      if (!status) return null;
      steps.set(logisticsId, { step, at: Date.now() });
      return statusPush(logisticsId, status.code, status.message, at);
    },
    moving: (stoodMs = 0) =>
      [...byLogisticsId]
        .filter(([id, s]) => !FINAL_CODES.includes(currentCode(id, s)) && Date.now() - (steps.get(id)?.at ?? 0) >= stoodMs)
        .map(([id]) => id),
    fetch: (async (input: string | URL | Request, init?: RequestInit) => {
      // The simulator's base is a path on the shop (/api/ecpay/simulator), so resolve against any origin.
      const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url, "http://simulator");
      const form = Object.fromEntries(new URLSearchParams(String(init?.body ?? "")));
      if (next === "hang") {
        next = null;
        throw new Error("The operation was aborted due to timeout");
      }
      const r = handle(url.pathname, form);
      return new Response(r.body, { status: r.status, headers: { "content-type": r.type } });
    }) as typeof fetch,
    listen: () => serveForm(handle),
  };
}
