import { simulatorMethodPrimeInput, simulatorPrimeInput, z } from "@shop/contract";
import { answers, messageOnly, raw, redirect, simulatedPrime } from "@shop/contract/responses";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import type { FakeMethod, FakeTapPay } from "../../integrations/tappay/fake.js";
import { notFound } from "../../lib/errors.js";
import { acceptFormPosts } from "../../lib/form.js";
import { ok } from "../../lib/http.js";
import { injectInProcess } from "../../lib/in-process.js";
import type { Payments } from "./payments.js";

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];
const recTradeId = z.string().min(1).max(100);

/**
 * TapPay's notify and the buyer's return from a wallet's or the bank's page (decision 88): both
 * are checked against the Record API and settle once. In 測試模式, what TapPay's SDK and pages do.
 */
export async function tapPayRoutes(app: ZodApp, deps: { payments: Pick<Payments, "tapPayNotify"> }, sim?: FakeTapPay) {
  // TapPay's notify. No signature exists: the Record API decides.
  app.post(
    "/payments/tappay/notify",
    {
      schema: {
        body: z.object({ rec_trade_id: recTradeId, amount: z.coerce.number().int().optional() }).passthrough(),
        response: messageOnly,
      },
    },
    async (req) => {
      await deps.payments.tapPayNotify(req.body.rec_trade_id, req.body.amount);
      return ok(null);
    },
  );
  // The result page tells the shop the buyer is back (TapPay's frontend_redirect_url carries the
  // trade id): settled now if TapPay's record says paid, whether or not the notify came first.
  app.post(
    "/payments/tappay/return",
    {
      config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
      schema: { body: z.strictObject({ rec_trade_id: recTradeId }), response: messageOnly },
    },
    async (req) => {
      await deps.payments.tapPayNotify(req.body.rec_trade_id);
      return ok(null);
    },
  );
  if (sim) await simulatorRoutes(app, sim);
}

/** 測試模式: TapPay's SDK (primes), its 3-D Secure and wallet pages, and a bank paying a virtual account. */
async function simulatorRoutes(app: ZodApp, sim: FakeTapPay) {
  app.post(
    "/payments/simulator/prime",
    { schema: { body: simulatorPrimeInput, response: answers(simulatedPrime) } },
    async (req) => ok({ prime: sim.issuePrime(req.body.card_number) }),
  );
  app.post(
    "/payments/simulator/method-prime",
    { schema: { body: simulatorMethodPrimeInput, response: answers(simulatedPrime) } },
    async (req) => ok({ prime: sim.issueMethodPrime(req.body.method as FakeMethod) }),
  );
  // The buyer's bank pays the virtual account (the simulator's 「模擬匯款」): TapPay's push follows.
  app.post(
    "/payments/simulator/virtual-account/pay",
    {
      schema: {
        body: z.strictObject({ account: z.string().regex(/^\d{6,20}$/), amount: z.number().int().min(1) }),
        response: messageOnly,
      },
    },
    async (req) => {
      const pushed = sim.payVirtualAccount(req.body.account, req.body.amount);
      if (!pushed) throw notFound("VIRTUAL_ACCOUNT_NOT_FOUND", "找不到此虛擬帳號或已付款");
      await injectInProcess(app, { method: "POST", url: new URL(pushed.notifyUrl).pathname, payload: pushed.notify as object });
      return ok(null, "已模擬匯款");
    },
  );
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    acceptFormPosts(scope);
    for (const page of ["3ds", "wallet"] as const) {
      scope.get(
        `/payments/simulator/${page}`,
        {
          schema: {
            querystring: z.object({ rec_trade_id: z.string().max(100) }),
            response: raw("text/html", page === "3ds" ? "測試模式的 3D 驗證頁" : "測試模式的電子錢包付款頁"),
          },
        },
        async (req, reply) =>
          reply
            .type("text/html; charset=utf-8")
            .send(page === "3ds" ? threeDsPage(req.query.rec_trade_id) : walletPage(req.query.rec_trade_id, sim)),
      );
    }
    scope.post(
      "/payments/simulator/3ds",
      {
        schema: {
          body: z.object({ rec_trade_id: z.string().max(100), result: z.enum(["approve", "reject", "timeout"]) }),
          response: redirect("回到商店的付款結果頁"),
        },
      },
      async (req, reply) => {
        // Left without an answer: TapPay sends nothing; the attempt expires with the order.
        if (req.body.result === "timeout") return reply.redirect("/", 303);
        const done = sim.complete3ds(req.body.rec_trade_id, req.body.result === "approve");
        if (!done) throw notFound("THREE_DS_NOT_FOUND", "找不到此交易或已完成");
        // TapPay notifies our backend, then sends the browser back to the shop.
        await injectInProcess(app, { method: "POST", url: new URL(done.notifyUrl).pathname, payload: done.notify as object });
        return reply.redirect(done.redirectUrl, 303);
      },
    );
  });
}

const PAGE_STYLE = `body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#222}.tag{display:inline-block;background:#b45309;color:#fff;border-radius:4px;padding:2px 8px;font-size:.8rem}button{width:100%;padding:.8rem;margin:.4rem 0;border-radius:8px;border:1px solid #999;font-size:1rem;cursor:pointer}.ok{background:#166534;color:#fff;border:0}`;

function page(title: string, body: string) {
  return `<!doctype html><html lang="zh-Hant-TW"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}（測試模式）</title><style>${PAGE_STYLE}</style></head><body><p class="tag">測試模式</p>${body}</body></html>`;
}

function threeDsPage(recTradeId: string): string {
  const id = recTradeId.replace(/[^A-Za-z0-9]/g, "");
  return page(
    "3D 驗證",
    `<h1>信用卡 3D 驗證</h1><p>這是發卡銀行驗證頁的模擬，不會實際扣款。</p>
<form method="post" action="/api/payments/simulator/3ds"><input type="hidden" name="rec_trade_id" value="${id}"><button class="ok" name="result" value="approve">驗證成功</button><button name="result" value="reject">驗證失敗</button></form>`,
  );
}

const WALLET_NAMES: Record<string, string> = {
  line_pay: "LINE Pay",
  jko_pay: "街口支付",
  easy_wallet: "悠遊付",
  atome: "Atome 先享後付",
};

/** A wallet's page: on a phone the wallet's app would open, on a desktop its QR code would show. */
function walletPage(recTradeId: string, sim: FakeTapPay): string {
  const id = recTradeId.replace(/[^A-Za-z0-9]/g, "");
  const name = WALLET_NAMES[sim.pendingMethod(id) ?? ""] ?? "電子錢包";
  return page(
    name,
    `<h1>${name} 付款</h1><p>這是 ${name} 付款頁的模擬，不會實際扣款。手機上會開啟 ${name} App，電腦上會顯示 QR code 供手機掃描。</p>
<form method="post" action="/api/payments/simulator/3ds"><input type="hidden" name="rec_trade_id" value="${id}"><button class="ok" name="result" value="approve">確認付款</button><button name="result" value="reject">取消付款</button><button name="result" value="timeout">不付款離開（逾時）</button></form>`,
  );
}
