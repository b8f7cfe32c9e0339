import { checkMacValue } from "./check-mac-value.js";

/** ECPay's logistics sub-types for our convenience-store ship methods (C2C contract). */
export const CVS_SUBTYPES = {
  cvs_711: "UNIMARTC2C",
  cvs_family: "FAMIC2C",
  cvs_hilife: "HILIFEC2C",
  cvs_ok: "OKMARTC2C",
} as const;
export type CvsShipMethod = keyof typeof CVS_SUBTYPES;
/** ECPay's sub-types under the B2C contract (goods to the distribution centre; no OK). */
export const B2C_SUBTYPES = { cvs_711: "UNIMART", cvs_family: "FAMI", cvs_hilife: "HILIFE" } as const;
/** A shop's store pick-up contract with ECPay: 店到店 (C2C) or from its warehouse (B2C). */
export type StoreContract = "c2c" | "b2c";

export interface EcpayLogisticsConfig {
  /** Where the browser form-POSTs: ECPay's /Express/map, or our simulator in 測試模式. */
  mapUrl: string;
  merchantId: string;
  hashKey: string;
  hashIV: string;
  simulated: boolean;
}

/** ECPay's public stage merchant, used by the simulator. */
export const ECPAY_STAGE_C2C = { merchantId: "2000933", hashKey: "XBERn1YOvpM9nfZc", hashIV: "h1ONHk4P4yqbl5LK" };
/** ECPay's public stage merchant for B2C store pick-up and home delivery. */
export const ECPAY_STAGE_B2C = { merchantId: "2000132", hashKey: "5294y06JbISpM5x9", hashIV: "v77hoKGq4kWxNNIS" };

/**
 * The form the browser posts to open ECPay's store map. MerchantTradeNo carries our short-lived
 * token: ECPay's reply has no MAC, so the token is what ties the reply to a map we opened.
 */
export function mapForm(
  cfg: EcpayLogisticsConfig,
  input: { token: string; cvsType: CvsShipMethod; mobile: boolean; replyUrl: string },
  /** The sub-type under the shop's contract (B2C: UNIMART, FAMI, HILIFE); C2C's by default. */
  subType: string = CVS_SUBTYPES[input.cvsType],
): { action: string; fields: Record<string, string> } {
  const fields: Record<string, string> = {
    MerchantID: cfg.merchantId,
    MerchantTradeNo: input.token,
    LogisticsType: "CVS",
    LogisticsSubType: subType,
    IsCollection: "N",
    ServerReplyURL: input.replyUrl,
    ExtraData: input.cvsType,
    Device: input.mobile ? "1" : "0",
  };
  fields.CheckMacValue = checkMacValue(fields, cfg.hashKey, cfg.hashIV, "md5");
  return { action: cfg.mapUrl, fields };
}

/** ECPay's stage test stores, what the simulator offers. */
const SIMULATED_STORES: Record<string, Array<{ id: string; name: string; address: string }>> = {
  UNIMARTC2C: [
    { id: "131386", name: "建盛門市", address: "台北市中正區重慶南路一段 122 號" },
    { id: "896539", name: "新鑫門市", address: "新北市板橋區文化路一段 188 號" },
  ],
  FAMIC2C: [{ id: "006598", name: "全家台北信義店", address: "台北市信義區松仁路 100 號" }],
  HILIFEC2C: [{ id: "4003", name: "萊爾富台中文心店", address: "台中市北屯區文心路四段 200 號" }],
  OKMARTC2C: [{ id: "1328", name: "OK 高雄中正店", address: "高雄市苓雅區中正一路 88 號" }],
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/**
 * The simulator's stand-in for ECPay's map page: lists the stage test stores of the sub-type and
 * posts the choice back to ServerReplyURL with ECPay's reply fields.
 */
export function simulatedMapPage(fields: Record<string, string>): string {
  // B2C sub-types (UNIMART, FAMI, HILIFE) offer the same stage stores as their C2C ones.
  const sub = fields.LogisticsSubType ?? "";
  const stores = SIMULATED_STORES[sub] ?? SIMULATED_STORES[`${sub}C2C`] ?? [];
  const reply = fields.ServerReplyURL ?? "";
  const forms = stores
    .map((s) => {
      const hidden = {
        MerchantID: fields.MerchantID ?? "",
        MerchantTradeNo: fields.MerchantTradeNo ?? "",
        LogisticsSubType: fields.LogisticsSubType ?? "",
        CVSStoreID: s.id,
        CVSStoreName: s.name,
        CVSAddress: s.address,
        CVSTelephone: "",
        CVSOutSide: "0",
        ExtraData: fields.ExtraData ?? "",
      };
      const inputs = Object.entries(hidden)
        .map(([k, v]) => `<input type="hidden" name="${k}" value="${escapeHtml(v)}">`)
        .join("");
      return `<form method="post" action="${escapeHtml(reply)}">${inputs}<button type="submit"><b>${escapeHtml(s.name)}</b>（${escapeHtml(s.id)}）<br><small>${escapeHtml(s.address)}</small></button></form>`;
    })
    .join("");
  return `<!doctype html><html lang="zh-Hant-TW"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>選擇取貨門市（測試模式）</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#222}.tag{display:inline-block;background:#b45309;color:#fff;border-radius:4px;padding:2px 8px;font-size:.8rem}button{display:block;width:100%;text-align:left;margin:.5rem 0;padding:.75rem;border:1px solid #ccc;border-radius:8px;background:#fff;font-size:1rem;cursor:pointer}</style></head>
<body><p class="tag">測試模式</p><h1>選擇取貨門市</h1><p>這是綠界電子地圖的模擬頁面，不會真的寄送到門市。</p>${forms || "<p>此超商沒有測試門市。</p>"}</body></html>`;
}
