import http from "node:http";
import { checkMacValue, verifyCheckMacValue } from "./check-mac-value.js";
import { ecpayTime } from "./logistics.js";

/**
 * A local ECPay logistics that speaks its protocol: `/Express/Create` checks the CheckMacValue and
 * the required fields and answers `1|…` signed (or `0|reason`); the print endpoints answer a
 * printable label page marked 測試模式; `statusPush` makes the signed form ECPay posts to
 * ServerReplyURL. The default configuration runs it in-process; tests also serve it over HTTP.
 */
export interface FakeEcpayLogistics {
  handle(path: string, form: Record<string, string>): { status: number; type: string; body: string };
  fetch: typeof fetch;
  /** The signed status push ECPay would send for a shipment. */
  statusPush(logisticsId: string, code: string, message: string, at?: Date): Record<string, string>;
  /** Creates seen so far, by MerchantTradeNo. */
  created: Map<string, Record<string, string>>;
  /** Makes the next create answer `0|reason` (a refusal), or throw `hang` (no answer). */
  failNext(reason: string | "hang"): void;
  listen(): Promise<{ url: string; close(): Promise<void> }>;
}

const REQUIRED = [
  "MerchantTradeNo",
  "MerchantTradeDate",
  "LogisticsSubType",
  "GoodsAmount",
  "SenderName",
  "ReceiverName",
  "ReceiverCellPhone",
  "ReceiverStoreID",
  "ServerReplyURL",
];

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

export function createFakeEcpayLogistics(opts: { merchantId: string; hashKey: string; hashIV: string }): FakeEcpayLogistics {
  const created = new Map<string, Record<string, string>>();
  const byLogisticsId = new Map<string, Record<string, string>>();
  let next: string | null = null;
  let seq = 0;
  const text = (status: number, body: string) => ({ status, type: "text/plain; charset=utf-8", body });

  function create(form: Record<string, string>) {
    if (next !== null) {
      const reason = next;
      next = null;
      return text(200, `0|${reason}`);
    }
    if (form.MerchantID !== opts.merchantId || !verifyCheckMacValue(form, opts.hashKey, opts.hashIV, "md5"))
      return text(200, "0|CheckMacValue Error");
    const missing = REQUIRED.find((k) => !form[k]);
    if (missing) return text(200, `0|${missing} is required`);
    if (created.has(form.MerchantTradeNo ?? "")) return text(200, "0|MerchantTradeNo 重複");
    seq += 1;
    const answer: Record<string, string> = {
      AllPayLogisticsID: String(1_900_000 + seq),
      BookingNote: "",
      CVSPaymentNo: form.LogisticsSubType === "UNIMARTC2C" ? `C${String(8_800_000 + seq)}` : `F${String(70_000_000 + seq)}`,
      CVSValidationNo: form.LogisticsSubType === "UNIMARTC2C" ? String(1000 + (seq % 9000)) : "",
      GoodsAmount: form.GoodsAmount ?? "",
      LogisticsSubType: form.LogisticsSubType ?? "",
      LogisticsType: "CVS",
      MerchantID: opts.merchantId,
      MerchantTradeNo: form.MerchantTradeNo ?? "",
      ReceiverName: form.ReceiverName ?? "",
      ReceiverStoreID: form.ReceiverStoreID ?? "",
      RtnCode: "300",
      RtnMsg: "訂單處理中(已收到訂單資料)",
      UpdateStatusDate: ecpayTime(new Date()),
    };
    answer.CheckMacValue = checkMacValue(answer, opts.hashKey, opts.hashIV, "md5");
    created.set(answer.MerchantTradeNo ?? "", form);
    byLogisticsId.set(answer.AllPayLogisticsID ?? "", answer);
    return text(200, `1|${new URLSearchParams(answer).toString()}`);
  }

  function label(form: Record<string, string>) {
    if (!verifyCheckMacValue(form, opts.hashKey, opts.hashIV, "md5")) return text(400, "CheckMacValue Error");
    const s = byLogisticsId.get(form.AllPayLogisticsID ?? "");
    if (!s || s.CVSPaymentNo !== form.CVSPaymentNo) return text(404, "查無物流訂單");
    const row = (k: string, v: string) => `<tr><th>${k}</th><td>${escapeHtml(v)}</td></tr>`;
    return {
      status: 200,
      type: "text/html; charset=utf-8",
      body: `<!doctype html><html lang="zh-Hant-TW"><head><meta charset="utf-8"><title>超商寄件單（測試模式）</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem}table{border-collapse:collapse;font-size:1.1rem}th,td{border:1px solid #333;padding:.5rem 1rem;text-align:left}.tag{color:#b45309}.code{font-size:2rem;letter-spacing:.2em}</style></head>
<body><p class="tag">測試模式：綠界寄件單的模擬頁面，不能拿到門市寄件。</p><h1>超商寄件單</h1><p class="code">${escapeHtml(`${s.CVSPaymentNo}${s.CVSValidationNo}`)}</p><table>
${row("物流編號", s.AllPayLogisticsID ?? "")}${row("寄件代碼", s.CVSPaymentNo ?? "")}${row("驗證碼", s.CVSValidationNo ?? "")}${row("收件人", s.ReceiverName ?? "")}${row("取件門市", s.ReceiverStoreID ?? "")}${row("商品金額", s.GoodsAmount ?? "")}${row("代收金額", created.get(s.MerchantTradeNo ?? "")?.CollectionAmount ?? "0")}
</table><script>window.print()</script></body></html>`,
    };
  }

  function handle(path: string, form: Record<string, string>) {
    if (path.endsWith("/Express/Create")) return create(form);
    if (/\/Express\/Print\w+C2COrderInfo$/.test(path)) return label(form);
    return text(404, "Not Found");
  }

  return {
    handle,
    created,
    failNext(reason) {
      next = reason;
    },
    statusPush(logisticsId, code, message, at = new Date()) {
      const s = byLogisticsId.get(logisticsId);
      const fields: Record<string, string> = {
        AllPayLogisticsID: logisticsId,
        CVSPaymentNo: s?.CVSPaymentNo ?? "",
        CVSValidationNo: s?.CVSValidationNo ?? "",
        GoodsAmount: s?.GoodsAmount ?? "",
        LogisticsSubType: s?.LogisticsSubType ?? "",
        LogisticsType: "CVS",
        MerchantID: opts.merchantId,
        MerchantTradeNo: s?.MerchantTradeNo ?? "",
        ReceiverName: s?.ReceiverName ?? "",
        RtnCode: code,
        RtnMsg: message,
        UpdateStatusDate: ecpayTime(at),
      };
      fields.CheckMacValue = checkMacValue(fields, opts.hashKey, opts.hashIV, "md5");
      return fields;
    },
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
    async listen() {
      const server = http.createServer((req, res) => {
        let raw = "";
        req.on("data", (c) => {
          raw += c;
        });
        req.on("end", () => {
          const r = handle(new URL(req.url ?? "/", "http://x").pathname, Object.fromEntries(new URLSearchParams(raw)));
          res.writeHead(r.status, { "content-type": r.type }).end(r.body);
        });
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      const address = server.address() as { port: number };
      return { url: `http://127.0.0.1:${address.port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
    },
  };
}
