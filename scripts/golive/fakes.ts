/**
 * The go-live rehearsal's providers: the same fakes the API tests use, each served over HTTP on
 * 127.0.0.1, so the shop's real clients talk to them exactly as they would to TapPay, ECPay,
 * Mitake, an SMTP server and LINE (decision 76).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createFakeEcpayInvoice, ECPAY_STAGE_INVOICE } from "../../apps/server/src/integrations/ecpay/fake-einvoice.js";
import { createFakeEcpayLogistics } from "../../apps/server/src/integrations/ecpay/fake-logistics.js";
import { ECPAY_STAGE_B2C, ECPAY_STAGE_C2C } from "../../apps/server/src/integrations/ecpay/map.js";
import { createFakeLineMessaging } from "../../apps/server/src/integrations/line/fake-messaging.js";
import { startLocalSmtp } from "../../apps/server/src/integrations/mail/local-smtp.js";
import { createFakeTapPay } from "../../apps/server/src/integrations/tappay/fake.js";

export const TAPPAY = { partnerKey: "partner_golive_rehearsal", merchantId: "golive_CTBC" };
export const LINE_TOKEN = "golive-line-channel-token";

/** A Mitake SmSend: form in, `[1]` block out; keeps every message. */
async function startMitake() {
  const sent: Array<{ phone: string; text: string }> = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => {
      body += c.toString();
    });
    req.on("end", () => {
      const form = new URLSearchParams(body);
      sent.push({ phone: form.get("dstaddr") ?? "", text: form.get("smbody") ?? "" });
      res.writeHead(200, { "content-type": "text/plain; charset=utf-8" });
      res.end(`[1]\r\nmsgid=#${String(sent.length).padStart(9, "0")}\r\nstatuscode=1\r\nAccountPoint=99\r\n`);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/mtk/SmSend?CharsetURL=UTF-8`,
    sent,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** LINE's push endpoint over HTTP (the fake answers Requests). */
async function startLine() {
  const line = createFakeLineMessaging(LINE_TOKEN);
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const answer = await line.handle(
        new Request(`http://127.0.0.1${req.url}`, {
          method: req.method,
          headers: req.headers as Record<string, string>,
          body: chunks.length ? Buffer.concat(chunks) : undefined,
        }),
      );
      res.writeHead(answer.status, Object.fromEntries(answer.headers)).end(await answer.text());
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, line, close: () => new Promise<void>((r) => server.close(() => r())) };
}

export async function startFakes() {
  const tappay = createFakeTapPay({ ...TAPPAY, threeDsPageUrl: "https://bank.example/3ds" });
  const logistics = createFakeEcpayLogistics([ECPAY_STAGE_C2C, { ...ECPAY_STAGE_B2C, contract: "b2c" }]);
  const einvoice = createFakeEcpayInvoice(ECPAY_STAGE_INVOICE);
  const [tappayHttp, logisticsHttp, einvoiceHttp, mitake, smtp, line] = await Promise.all([
    tappay.listen(),
    logistics.listen(),
    einvoice.listen(),
    startMitake(),
    startLocalSmtp(),
    startLine(),
  ]);
  return {
    tappay,
    logistics,
    einvoice,
    mitake,
    smtp,
    line,
    /** The settings that point the shop's real clients at these fakes. */
    env: {
      TAPPAY_PARTNER_KEY: TAPPAY.partnerKey,
      TAPPAY_MERCHANT_ID: TAPPAY.merchantId,
      TAPPAY_APP_ID: "12348",
      TAPPAY_APP_KEY: "app_golive_rehearsal",
      TAPPAY_API_URL: tappayHttp.url,
      ECPAY_LOGISTICS_MERCHANT_ID: ECPAY_STAGE_C2C.merchantId,
      ECPAY_LOGISTICS_HASH_KEY: ECPAY_STAGE_C2C.hashKey,
      ECPAY_LOGISTICS_HASH_IV: ECPAY_STAGE_C2C.hashIV,
      ECPAY_LOGISTICS_B2C_MERCHANT_ID: ECPAY_STAGE_B2C.merchantId,
      ECPAY_LOGISTICS_B2C_HASH_KEY: ECPAY_STAGE_B2C.hashKey,
      ECPAY_LOGISTICS_B2C_HASH_IV: ECPAY_STAGE_B2C.hashIV,
      ECPAY_LOGISTICS_API_URL: logisticsHttp.url,
      ECPAY_INVOICE_MERCHANT_ID: ECPAY_STAGE_INVOICE.merchantId,
      ECPAY_INVOICE_HASH_KEY: ECPAY_STAGE_INVOICE.hashKey,
      ECPAY_INVOICE_HASH_IV: ECPAY_STAGE_INVOICE.hashIV,
      ECPAY_INVOICE_API_URL: einvoiceHttp.url,
      MITAKE_USERNAME: "golive",
      MITAKE_PASSWORD: "golive-secret",
      MITAKE_API_URL: mitake.url,
      SMTP_URL: smtp.url,
      LINE_CHANNEL_ACCESS_TOKEN: LINE_TOKEN,
      LINE_API_URL: line.url,
    },
    async close() {
      await Promise.all([
        tappayHttp.close(),
        logisticsHttp.close(),
        einvoiceHttp.close(),
        mitake.close(),
        smtp.close(),
        line.close(),
      ]);
    },
  };
}
