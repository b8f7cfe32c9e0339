import { randomBytes } from "node:crypto";
import http from "node:http";

/**
 * A local TapPay that speaks its server protocol: primes minted from test card numbers, Pay by
 * Prime with 3-D Secure, the Record API and Refund, all checking the partner key header. The
 * default configuration runs it in-process (測試模式); tests also serve it over HTTP.
 *
 * Test cards: 4242 4242 4242 4242 approved; 4000 0000 0000 3220 needs 3-D Secure;
 * 4000 0000 0000 0002 declined. TapPay's sandbox test prime is accepted as an approved card.
 */
export const SANDBOX_TEST_PRIME = "test_3a2fb2b7e892b914a03c95dd4dd5dc7970c908df67a49527c0a648b2bc9";
const PRIME_TTL_MS = 90_000;

interface Prime {
  card: string;
  expiresAt: number;
  used: boolean;
}
interface Trade {
  rec_trade_id: string;
  order_number: string;
  amount: number;
  record_status: number;
  refunded: number;
  notifyUrl: string;
  frontendUrl: string;
}

export interface FakeTapPay {
  /** What TapPay's front-end SDK does: turns card fields into a single-use prime. */
  issuePrime(cardNumber: string): string;
  handle(path: string, headers: Record<string, string>, body: unknown): { status: number; json: unknown };
  /** The bank's 3-D Secure page said yes or no: updates the trade; returns where TapPay notifies and redirects. */
  complete3ds(recTradeId: string, approved: boolean): { notifyUrl: string; notify: unknown; redirectUrl: string } | null;
  /** An in-process fetch for the client. */
  fetch: typeof fetch;
  listen(): Promise<{ url: string; close(): Promise<void> }>;
}

export function createFakeTapPay(opts: {
  partnerKey: string;
  merchantId: string;
  threeDsPageUrl: string;
  now?: () => number;
}): FakeTapPay {
  const now = opts.now ?? Date.now;
  const primes = new Map<string, Prime>();
  const trades = new Map<string, Trade>();

  const fail = (status: number, msg: string) => ({ status: 200, json: { status, msg } });

  function payByPrime(b: Record<string, unknown>) {
    const primeKey = String(b.prime ?? "");
    const prime =
      primeKey === SANDBOX_TEST_PRIME
        ? { card: "4242424242424242", expiresAt: Number.POSITIVE_INFINITY, used: false }
        : primes.get(primeKey);
    if (!prime) return fail(121, "Invalid prime");
    if (prime.used) return fail(121, "Prime already used");
    if (prime.expiresAt < now()) return fail(121, "Prime expired");
    if (primeKey !== SANDBOX_TEST_PRIME) prime.used = true;
    if (b.merchant_id !== opts.merchantId) return fail(4, "Invalid merchant_id");
    const amount = Number(b.amount);
    if (!Number.isInteger(amount) || amount <= 0) return fail(4, "Invalid amount");
    const cardholder = b.cardholder as Record<string, unknown> | undefined;
    if (!cardholder?.phone_number || !cardholder.name) return fail(4, "Invalid cardholder");
    if (prime.card.endsWith("0002")) return fail(10003, "Card declined");

    const rec = `D${now()}${randomBytes(4).toString("hex")}`;
    const urls = (b.result_url ?? {}) as Record<string, string>;
    const needs3ds = prime.card.endsWith("3220");
    if (needs3ds && b.three_domain_secure !== true) return fail(10003, "3-D Secure required");
    trades.set(rec, {
      rec_trade_id: rec,
      order_number: String(b.order_number ?? ""),
      amount,
      record_status: needs3ds ? 4 : 1,
      refunded: 0,
      notifyUrl: urls.backend_notify_url ?? "",
      frontendUrl: urls.frontend_redirect_url ?? "",
    });
    return {
      status: 200,
      json: {
        status: 0,
        msg: "Success",
        rec_trade_id: rec,
        amount,
        currency: "TWD",
        order_number: b.order_number,
        card_info: { last_four: prime.card.slice(-4), bin_code: prime.card.slice(0, 6) },
        ...(needs3ds ? { payment_url: `${opts.threeDsPageUrl}?rec_trade_id=${rec}` } : {}),
      },
    };
  }

  function handle(path: string, headers: Record<string, string>, body: unknown) {
    const b = (body ?? {}) as Record<string, unknown>;
    if (headers["x-api-key"] !== opts.partnerKey || b.partner_key !== opts.partnerKey) return fail(2, "Invalid partner_key");
    switch (path) {
      case "/tpc/payment/pay-by-prime":
        return payByPrime(b);
      case "/tpc/transaction/query": {
        const filters = (b.filters ?? {}) as Record<string, string>;
        const found = filters.rec_trade_id
          ? [trades.get(filters.rec_trade_id)]
          : [...trades.values()].filter((t) => filters.order_number && t.order_number === filters.order_number);
        const list = found.flatMap((t) =>
          t
            ? [{ rec_trade_id: t.rec_trade_id, order_number: t.order_number, amount: t.amount, record_status: t.record_status }]
            : [],
        );
        return { status: 200, json: { status: 0, msg: "Success", trade_records: list, number_of_transactions: list.length } };
      }
      case "/tpc/transaction/refund": {
        // Partial refunds add up; the trade is refunded (3) once nothing is left.
        const t = trades.get(String(b.rec_trade_id ?? ""));
        if (!t || (t.record_status !== 0 && t.record_status !== 1)) return fail(10005, "Trade not refundable");
        const amount = b.amount === undefined ? t.amount - t.refunded : Number(b.amount);
        if (!Number.isInteger(amount) || amount <= 0 || amount > t.amount - t.refunded)
          return fail(10006, "Refund amount exceeds");
        t.refunded += amount;
        if (t.refunded === t.amount) t.record_status = 3;
        return { status: 200, json: { status: 0, msg: "Success", refund_id: `R${now()}`, refund_amount: amount } };
      }
      default:
        return { status: 404, json: { status: 404, msg: "Not found" } };
    }
  }

  const fake: FakeTapPay = {
    issuePrime(cardNumber) {
      const prime = `sim_${randomBytes(24).toString("hex")}`;
      primes.set(prime, { card: cardNumber.replace(/\D/g, ""), expiresAt: now() + PRIME_TTL_MS, used: false });
      // Forget expired primes so a long-running simulator does not grow.
      for (const [k, p] of primes) if (p.expiresAt < now() - PRIME_TTL_MS) primes.delete(k);
      return prime;
    },
    handle,
    complete3ds(recTradeId, approved) {
      const t = trades.get(recTradeId);
      if (t?.record_status !== 4) return null;
      t.record_status = approved ? 1 : -1;
      return {
        notifyUrl: t.notifyUrl,
        notify: {
          rec_trade_id: t.rec_trade_id,
          order_number: t.order_number,
          amount: t.amount,
          status: approved ? 0 : 10003,
          msg: approved ? "Success" : "3-D Secure failed",
        },
        redirectUrl: `${t.frontendUrl}${t.frontendUrl.includes("?") ? "&" : "?"}rec_trade_id=${t.rec_trade_id}&status=${approved ? 0 : 10003}`,
      };
    },
    fetch: (async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url);
      const headers = Object.fromEntries(new Headers(init?.headers).entries());
      const r = handle(url.pathname, headers, JSON.parse(String(init?.body ?? "{}")));
      return new Response(JSON.stringify(r.json), { status: r.status, headers: { "content-type": "application/json" } });
    }) as typeof fetch,
    async listen() {
      const server = http.createServer((req, res) => {
        let raw = "";
        req.on("data", (c) => {
          raw += c;
        });
        req.on("end", () => {
          let body: unknown = {};
          try {
            body = JSON.parse(raw || "{}");
          } catch {
            body = {};
          }
          const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
          const r = handle(new URL(req.url ?? "/", "http://x").pathname, headers, body);
          res.writeHead(r.status, { "content-type": "application/json" }).end(JSON.stringify(r.json));
        });
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      const address = server.address() as { port: number };
      return { url: `http://127.0.0.1:${address.port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
    },
  };
  return fake;
}
