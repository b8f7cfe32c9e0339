import { randomBytes } from "node:crypto";
import http from "node:http";

/**
 * A local TapPay that speaks its server protocol: primes minted from test card numbers, Pay by
 * Prime with 3-D Secure, the Record API and Refund, all checking the partner key header. The
 * default configuration runs it in-process (測試模式); tests also serve it over HTTP.
 *
 * Test cards: 4242 4242 4242 4242 approved; 4000 0000 0000 3220 needs 3-D Secure;
 * 4000 0000 0000 0002 declined. TapPay's sandbox test prime is accepted as an approved card.
 *
 * The other methods (decision 88), each its own merchant (`<merchantId>_<METHOD>`): wallet primes
 * answer a payment_url to the wallet's page (approve, cancel, or leave it); Apple Pay and Google Pay
 * primes pay at once like an approved card; a virtual-account prime answers an ATM account that
 * `payVirtualAccount` pays (the bank's push), with any amount.
 */
export const SANDBOX_TEST_PRIME = "test_3a2fb2b7e892b914a03c95dd4dd5dc7970c908df67a49527c0a648b2bc9";
const PRIME_TTL_MS = 90_000;

/** A prime's method, from its prefix as TapPay's SDK gives them (ln_ LINE Pay, va_ virtual account…). */
const PRIME_PREFIX = {
  line_pay: "ln_",
  jko_pay: "jko_",
  easy_wallet: "ew_",
  atome: "atome_",
  apple_pay: "ap_",
  google_pay: "gp_",
  atm: "va_",
} as const;
export type FakeMethod = keyof typeof PRIME_PREFIX;
const WALLETS: readonly string[] = ["line_pay", "jko_pay", "easy_wallet", "atome"];
/** Each method is its own merchant in TapPay; the simulator's are named after the card's. */
export const methodMerchantId = (cardMerchantId: string, method: FakeMethod | "card") =>
  method === "card" ? cardMerchantId : `${cardMerchantId}_${method.toUpperCase()}`;

interface Prime {
  method: FakeMethod | "card";
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
  instalment: number;
  method: FakeMethod | "card";
  notifyUrl: string;
  frontendUrl: string;
  vacc?: { bank_code: string; vacc_no: string; expire_time: string };
}

export interface FakeTapPay {
  /** What TapPay's front-end SDK does: turns card fields into a single-use prime. */
  issuePrime(cardNumber: string): string;
  /** What the SDK's linePay / jkoPay / easyWallet / atome / paymentRequestApi / virtualAccount getPrime do. */
  issueMethodPrime(method: FakeMethod): string;
  handle(path: string, headers: Record<string, string>, body: unknown): { status: number; json: unknown };
  /** The bank's 3-D Secure page said yes or no: updates the trade; returns where TapPay notifies and redirects. */
  complete3ds(recTradeId: string, approved: boolean): { notifyUrl: string; notify: unknown; redirectUrl: string } | null;
  /** The method of a trade still waiting (which page the simulator draws), or null. */
  pendingMethod(recTradeId: string): FakeMethod | "card" | null;
  /** The buyer's bank pays `amount` into a virtual account: TapPay's push (a wrong amount is pushed too, never captured). */
  payVirtualAccount(account: string, amount: number): { notifyUrl: string; notify: unknown } | null;
  /** An in-process fetch for the client. */
  fetch: typeof fetch;
  listen(): Promise<{ url: string; close(): Promise<void> }>;
}

interface FakeState {
  opts: { merchantId: string; threeDsPageUrl: string; walletPageUrl?: string };
  now: () => number;
  primes: Map<string, Prime>;
  trades: Map<string, Trade>;
}

const fail = (status: number, msg: string) => ({ status: 200, json: { status, msg } });

function takePrime({ primes, now }: FakeState, primeKey: string): Prime | { error: string } {
  const prime =
    primeKey === SANDBOX_TEST_PRIME
      ? { method: "card" as const, card: "4242424242424242", expiresAt: Number.POSITIVE_INFINITY, used: false }
      : primes.get(primeKey);
  if (!prime) return { error: "Invalid prime" };
  if (prime.used) return { error: "Prime already used" };
  if (prime.expiresAt < now()) return { error: "Prime expired" };
  if (primeKey !== SANDBOX_TEST_PRIME) prime.used = true;
  return prime;
}

/** TapPay's Pay by Prime, as the fake answers it for every method. */
function payByPrimeOn(state: FakeState, b: Record<string, unknown>) {
  const { opts, now, trades } = state;
  const prime = takePrime(state, String(b.prime ?? ""));
  if ("error" in prime) return fail(121, prime.error);
  if (b.merchant_id !== methodMerchantId(opts.merchantId, prime.method)) return fail(4, "Invalid merchant_id");
  const amount = Number(b.amount);
  if (!Number.isInteger(amount) || amount <= 0) return fail(4, "Invalid amount");
  const cardholder = b.cardholder as Record<string, unknown> | undefined;
  if (!cardholder?.phone_number || !cardholder.name) return fail(4, "Invalid cardholder");
  const instalment = Number(b.instalment ?? 0);
  if (instalment !== 0 && (prime.method !== "card" || ![3, 6, 12, 24].includes(instalment))) return fail(4, "Invalid instalment");
  if (prime.card.endsWith("0002")) return fail(10003, "Card declined");

  const rec = `D${now()}${randomBytes(4).toString("hex")}`;
  const urls = (b.result_url ?? {}) as Record<string, string>;
  const wallet = WALLETS.includes(prime.method);
  if (wallet && !urls.frontend_redirect_url) return fail(4, "result_url required");
  const needs3ds = prime.method === "card" && prime.card.endsWith("3220");
  if (needs3ds && b.three_domain_secure !== true) return fail(10003, "3-D Secure required");
  const vacc =
    prime.method === "atm"
      ? {
          bank_code: "822",
          vacc_no: `9${String(now()).slice(-8)}${String(randomBytes(3).readUIntBE(0, 3) % 100000).padStart(5, "0")}`,
          expire_time: new Date(now() + 3 * 86_400_000).toISOString(),
        }
      : undefined;
  trades.set(rec, {
    rec_trade_id: rec,
    order_number: String(b.order_number ?? ""),
    amount,
    record_status: needs3ds || wallet || vacc ? 4 : 1,
    refunded: 0,
    instalment,
    method: prime.method,
    notifyUrl: urls.backend_notify_url ?? "",
    frontendUrl: urls.frontend_redirect_url ?? "",
    vacc,
  });
  const pageUrl = wallet ? (opts.walletPageUrl ?? opts.threeDsPageUrl) : opts.threeDsPageUrl;
  return {
    status: 200,
    json: {
      status: 0,
      msg: "Success",
      rec_trade_id: rec,
      amount,
      currency: "TWD",
      order_number: b.order_number,
      ...(prime.method === "card" || prime.method === "apple_pay" || prime.method === "google_pay"
        ? { card_info: { last_four: prime.card.slice(-4), bin_code: prime.card.slice(0, 6) } }
        : {}),
      ...(needs3ds || wallet ? { payment_url: `${pageUrl}?rec_trade_id=${rec}` } : {}),
      ...(vacc ? { vacc_info: vacc } : {}),
    },
  };
}

export function createFakeTapPay(opts: {
  partnerKey: string;
  merchantId: string;
  threeDsPageUrl: string;
  /** The wallets' pages (the simulator's own; 3-D Secure's when absent). */
  walletPageUrl?: string;
  now?: () => number;
}): FakeTapPay {
  const now = opts.now ?? Date.now;
  const primes = new Map<string, Prime>();
  const trades = new Map<string, Trade>();

  const state: FakeState = { opts, now, primes, trades };
  const payByPrime = (b: Record<string, unknown>) => payByPrimeOn(state, b);

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
        // Instalment trades go back whole (the acquirers' rule, decision 88).
        if (t.instalment > 0 && amount !== t.amount) return fail(10006, "Instalment trades are refunded in whole only");
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
      primes.set(prime, { method: "card", card: cardNumber.replace(/\D/g, ""), expiresAt: now() + PRIME_TTL_MS, used: false });
      // Forget expired primes so a long-running simulator does not grow.
      for (const [k, p] of primes) if (p.expiresAt < now() - PRIME_TTL_MS) primes.delete(k);
      return prime;
    },
    issueMethodPrime(method) {
      const prime = `${PRIME_PREFIX[method]}sim_${randomBytes(24).toString("hex")}`;
      primes.set(prime, { method, card: "4242424242424242", expiresAt: now() + PRIME_TTL_MS, used: false });
      return prime;
    },
    pendingMethod(recTradeId) {
      const t = trades.get(recTradeId);
      return t?.record_status === 4 ? t.method : null;
    },
    payVirtualAccount(account, amount) {
      const t = [...trades.values()].find((x) => x.vacc?.vacc_no === account);
      if (!t?.vacc || t.record_status !== 4) return null;
      if (amount === t.amount) t.record_status = 1;
      return {
        notifyUrl: t.notifyUrl,
        notify: {
          rec_trade_id: t.rec_trade_id,
          order_number: t.order_number,
          amount,
          status: 0,
          msg: amount === t.amount ? "Success" : "Amount mismatch",
        },
      };
    },
    handle,
    complete3ds(recTradeId, approved) {
      const t = trades.get(recTradeId);
      if (t?.record_status !== 4 || t.vacc) return null;
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
