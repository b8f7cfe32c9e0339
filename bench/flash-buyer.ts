// One 限時搶購 buyer of bench/flash.ts, as a phone behaves: quote, a card prime from the TapPay
// simulator (the SDK's step), the order by card; a 429 is retried after its Retry-After, until the
// answer is paid, 已售完, or the buyer's budget is spent. Every request's status and time is logged.

import http from "node:http";

/** The demo product the rehearsal sells. */
export const FLASH_PRODUCT = 3;
const BUDGET_MS = 30_000;
const APPROVED = "4242424242424242";
const DECLINED = "4000000000000002";

export interface Buyer {
  memberId: number;
  token: string;
  phone: string;
  port: number;
  variantId: number;
  /** Pays with a declined card and never again: the order holds its unit until the hold ends. */
  neverPays: boolean;
  /** The order's Idempotency-Key, the same on every retry. */
  key: string;
}

export interface RequestLog {
  path: string;
  status: number;
  ms: number;
  /** Status 0: why no answer came (a time-out, a refused connection). */
  error?: string;
}

export interface Answer {
  outcome: "paid" | "sold_out" | "unpaid" | "gave_up" | "other";
  orderNo?: string;
  /** When the buyer was answered (epoch ms). */
  at: number;
  detail?: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return 0;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] as number);
}

export async function waitReady(port: number, seconds = 90) {
  for (let i = 0; i < seconds * 4; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/ready`)).ok) return;
    } catch {}
    await sleep(250);
  }
  throw new Error(`instance on ${port} did not become ready`);
}

interface Reply {
  status: number;
  retryAfter: number;
  code: string;
  body: { message?: string; data?: Record<string, unknown> };
}

// The load balancer's side: kept-alive connections to each instance, at most LB_CONNECTIONS (a
// request beyond waits for one, and that wait counts in its answer time). Unbounded, 5,000 phones
// overflow the instances' listen backlog (ECONNRESET) before the gate can answer them.
const LB_CONNECTIONS = Number(process.env.FLASH_LB_CONNECTIONS ?? 256);
const agent = new http.Agent({ keepAlive: true, maxSockets: LB_CONNECTIONS });
const TIMEOUT_MS = 20_000;

function request(port: number, url: string, body: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }>((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path: url,
        method: "POST",
        agent,
        headers: { ...headers, "content-length": Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString() }),
        );
        res.on("error", reject);
      },
    );
    req.setTimeout(TIMEOUT_MS, () => req.destroy(Object.assign(new Error("timeout"), { code: "TIMEOUT" })));
    req.on("error", reject);
    req.end(body);
  });
}

async function post(
  b: Buyer,
  url: string,
  body: unknown,
  log: RequestLog[],
  headers: Record<string, string> = {},
): Promise<Reply> {
  const started = performance.now();
  try {
    const res = await request(b.port, url, JSON.stringify(body), {
      "content-type": "application/json",
      authorization: `Bearer ${b.token}`,
      ...headers,
    });
    let json: Reply["body"] = {};
    try {
      json = JSON.parse(res.text) as Reply["body"];
    } catch {}
    log.push({ path: url, status: res.status, ms: performance.now() - started });
    return {
      status: res.status,
      retryAfter: Number(res.headers["retry-after"] ?? 1),
      code: String(res.headers["x-error-code"] ?? ""),
      body: json,
    };
  } catch (error) {
    const code = (error as { code?: string }).code ?? (error as Error).name;
    log.push({ path: url, status: 0, ms: performance.now() - started, error: String(code) });
    return { status: 0, retryAfter: 1, code: "", body: { message: String(error) } };
  }
}

const SOLD_OUT = new Set(["VARIANT_SOLD_OUT", "INSUFFICIENT_STOCK"]);
const address = { zip: "100", county: "台北市", district: "中正區", line: "重慶南路一段 122 號" };

/** Runs one buyer to an answer. */
export async function buyerRun(b: Buyer, log: RequestLog[]): Promise<Answer> {
  const deadline = Date.now() + BUDGET_MS;
  const answer = (outcome: Answer["outcome"], extra: Partial<Answer> = {}): Answer => ({ outcome, at: Date.now(), ...extra });
  // A 429 (queued, or the line full): wait as told and press again.
  const retry = async (r: Reply) => {
    await sleep(Math.max(1, r.retryAfter) * 1000 * (0.5 + Math.random()));
    return Date.now() < deadline;
  };
  for (;;) {
    const quote = await post(b, "/api/order/pay_info/fast", { variant_id: b.variantId, qty: 1, ship_method: "hct" }, log);
    if (quote.status === 429 && (await retry(quote))) continue;
    if (quote.status === 429) return answer("gave_up");
    if (SOLD_OUT.has(quote.code)) return answer("sold_out");
    if (quote.status !== 200) return answer("other", { detail: `quote ${quote.status} ${quote.code} ${quote.body.message}` });
    break;
  }
  for (;;) {
    const prime = await post(
      b,
      "/api/payments/simulator/prime",
      { card_number: b.neverPays ? DECLINED : APPROVED, expiry: "12/30", ccv: "123" },
      log,
    );
    if (prime.status !== 200) return answer("other", { detail: `prime ${prime.status}` });
    const order = await post(
      b,
      "/api/order/store/fast",
      {
        variant_id: b.variantId,
        qty: 1,
        ship_method: "hct",
        payment_method: "card",
        prime: prime.body.data?.prime,
        receiver: { name: "搶購買家", phone: b.phone },
        address,
        invoice: { type: "member" },
      },
      log,
      { "idempotency-key": b.key },
    );
    if (order.status === 429 && (await retry(order))) continue;
    if (order.status === 429) return answer("gave_up");
    if (SOLD_OUT.has(order.code)) return answer("sold_out");
    if (order.status !== 200) return answer("other", { detail: `store ${order.status} ${order.code} ${order.body.message}` });
    const data = order.body.data as { order_no: string; next: { type: string } };
    if (data.next.type === "done") return answer("paid", { orderNo: data.order_no });
    return answer(b.neverPays ? "unpaid" : "other", { orderNo: data.order_no, detail: data.next.type });
  }
}
