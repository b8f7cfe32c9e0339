import http from "node:http";

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/** The simulator's printable page: a store 寄件單 / B2C 一段標, or a home 託運單, marked 測試模式. */
export function fakeLabelPage(s: Record<string, string>, form: Record<string, string> | undefined): string {
  const home = s.LogisticsType === "HOME";
  const title = home
    ? `${s.LogisticsSubType === "TCAT" ? "黑貓宅急便" : "中華郵政"}託運單`
    : s.LogisticsSubType?.endsWith("C2C")
      ? "超商寄件單"
      : "超商一段標";
  const row = (k: string, v: string | undefined) => `<tr><th>${k}</th><td>${escapeHtml(v ?? "")}</td></tr>`;
  const rows = home
    ? `${row("物流編號", s.AllPayLogisticsID)}${row("託運單號", s.BookingNote)}${row("收件人", s.ReceiverName)}${row("收件地址", `${form?.ReceiverZipCode ?? ""} ${form?.ReceiverAddress ?? ""}`)}${row("寄件人", form?.SenderName)}${row("寄件地址", `${form?.SenderZipCode ?? ""} ${form?.SenderAddress ?? ""}`)}${row("溫層", form?.Temperature)}${row("規格", form?.Specification)}`
    : `${row("物流編號", s.AllPayLogisticsID)}${row("寄件代碼", s.CVSPaymentNo)}${row("驗證碼", s.CVSValidationNo)}${row("收件人", s.ReceiverName)}${row("取件門市", s.ReceiverStoreID)}${row("商品金額", s.GoodsAmount)}${row("代收金額", form?.CollectionAmount ?? "0")}`;
  const code = home ? (s.BookingNote ?? "") : `${s.CVSPaymentNo ?? ""}${s.CVSValidationNo ?? ""}`;
  return `<!doctype html><html lang="zh-Hant-TW"><head><meta charset="utf-8"><title>${title}（測試模式）</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem}table{border-collapse:collapse;font-size:1.1rem}th,td{border:1px solid #333;padding:.5rem 1rem;text-align:left}.tag{color:#b45309}.code{font-size:2rem;letter-spacing:.2em}</style></head>
<body><p class="tag">測試模式：綠界${title}的模擬頁面，不能交寄。</p><h1>${title}</h1><p class="code">${escapeHtml(code)}</p><table>
${rows}
</table><script>window.print()</script></body></html>`;
}

/** Serves a fake's form-posted endpoints over HTTP on a free local port (tests). */
export async function serveForm(
  handle: (path: string, form: Record<string, string>) => { status: number; type: string; body: string },
): Promise<{ url: string; close(): Promise<void> }> {
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
}
