import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { decryptInvoiceData } from "./einvoice-crypto.js";
import {
  type FakeEcpayInvoiceOptions,
  type FakeEcpayInvoiceState,
  type FakeInvoice,
  fakeAllowance,
  fakeGetIssue,
  fakeInvalid,
  fakeIssue,
  MISSING_BARCODES,
  MISSING_LOVE_CODES,
  ok,
  refuse,
} from "./fake-einvoice-actions.js";

/**
 * A local ECPay B2C e-invoice service that speaks its encrypted v3 protocol (einvoice.ts): it
 * refuses a wrong merchant, revision or key, keeps one invoice per RelateNumber, allocates numbers
 * from a test track (AB10000000, AB10000001, …), voids, allows (折讓) up to what is left, and
 * answers the barcode and donation-code checks — in 測試模式, /0000000 and 000 do not exist.
 * Each action's handler is in fake-einvoice-actions.ts.
 */
interface FakeEcpayInvoice {
  handle(path: string, body: string): { status: number; body: string };
  fetch: typeof fetch;
  /** Invoices by RelateNumber. */
  invoices: Map<string, FakeInvoice>;
  /**
   * Makes the next call answer RtnCode ≠ 1 with this message, never answer (`hang`: nothing done),
   * or do what it asks and lose the answer (`lose`: the caller sees a broken connection).
   */
  failNext(message: string | "hang" | "lose"): void;
  /** Calls received, by action (Issue, Invalid, …). */
  calls: Record<string, number>;
  listen(): Promise<{ url: string; close(): Promise<void> }>;
}

/** The simulator's state, with the invoices it kept in its file before a restart. */
function loadState(opts: FakeEcpayInvoiceOptions): FakeEcpayInvoiceState {
  const invoices = new Map<string, FakeInvoice>();
  const byNumber = new Map<string, FakeInvoice>();
  const saved = (() => {
    try {
      return opts.file
        ? (JSON.parse(readFileSync(opts.file, "utf8")) as { invoices: FakeInvoice[]; allowanceSeq: number })
        : null;
    } catch {
      return null; // none yet
    }
  })();
  for (const i of saved?.invoices ?? []) {
    invoices.set(i.relateNumber, i);
    byNumber.set(i.invoiceNo, i);
  }
  return {
    opts,
    now: opts.now ?? (() => new Date()),
    invoices,
    byNumber,
    seq: invoices.size,
    allowanceSeq: saved?.allowanceSeq ?? 0,
    next: null,
    calls: {},
  };
}

function save(s: FakeEcpayInvoiceState) {
  if (!s.opts.file) return;
  mkdirSync(path.dirname(s.opts.file), { recursive: true });
  writeFileSync(s.opts.file, JSON.stringify({ invoices: [...s.invoices.values()], allowanceSeq: s.allowanceSeq }));
}

const trans = (s: FakeEcpayInvoiceState, code: number, message: string) =>
  JSON.stringify({ PlatformID: "", MerchantID: s.opts.merchantId, RpHeader: {}, TransCode: code, TransMsg: message, Data: "" });

/** One request: the envelope checked and decrypted, then the action's handler. */
function handle(s: FakeEcpayInvoiceState, path: string, raw: string): { status: number; body: string } {
  const { opts } = s;
  const action = /\/B2CInvoice\/(\w+)$/.exec(path)?.[1] ?? "";
  let envelope: { MerchantID?: string; RqHeader?: { Revision?: string; Timestamp?: number }; Data?: string };
  try {
    envelope = JSON.parse(raw);
  } catch {
    return { status: 200, body: trans(s, 9000001, "JSON 格式錯誤") };
  }
  if (envelope.MerchantID !== opts.merchantId) return { status: 200, body: trans(s, 9000002, "MerchantID 錯誤") };
  if (envelope.RqHeader?.Revision !== "3.0.0") return { status: 200, body: trans(s, 9000003, "Revision 錯誤") };
  let data: Record<string, unknown>;
  try {
    data = decryptInvoiceData(String(envelope.Data ?? ""), opts.hashKey, opts.hashIV);
  } catch {
    return { status: 200, body: trans(s, 9000004, "Data 解密失敗") };
  }
  if (data.MerchantID !== opts.merchantId) return { status: 200, body: refuse(s, 9000005, "Data.MerchantID 錯誤") };
  s.calls[action] = (s.calls[action] ?? 0) + 1;
  if (s.next !== null && s.next !== "lose") {
    const message = s.next;
    s.next = null;
    return { status: 200, body: refuse(s, 9000006, message) };
  }
  const body =
    action === "Issue"
      ? fakeIssue(s, data)
      : action === "Invalid"
        ? fakeInvalid(s, data)
        : action === "Allowance"
          ? fakeAllowance(s, data)
          : action === "GetIssue"
            ? fakeGetIssue(s, data)
            : action === "CheckBarcode"
              ? ok(s, { IsExist: MISSING_BARCODES.has(String(data.BarCode)) ? "N" : "Y" })
              : action === "CheckLoveCode"
                ? ok(s, { IsExist: MISSING_LOVE_CODES.has(String(data.LoveCode)) ? "N" : "Y" })
                : null;
  if (action === "Issue" || action === "Invalid" || action === "Allowance") save(s);
  return body === null ? { status: 404, body: "not found" } : { status: 200, body };
}

/** The next call is carried out but its answer never reaches the caller. */
function losing(s: FakeEcpayInvoiceState) {
  if (s.next !== "lose") return false;
  s.next = null;
  return true;
}

/** The in-process transport: what `fetch` would get from the service. */
async function answerFetch(s: FakeEcpayInvoiceState, input: string | URL | Request, init?: RequestInit) {
  const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url);
  if (s.next === "hang") {
    s.next = null;
    throw new Error("timed out");
  }
  const lose = s.next === "lose";
  const r = handle(s, url.pathname, String(init?.body ?? ""));
  if (lose && losing(s)) throw new Error("socket hang up");
  return new Response(r.body, { status: r.status, headers: { "content-type": "application/json" } });
}

/** The service over HTTP on a free local port. */
async function listen(s: FakeEcpayInvoiceState) {
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => {
      raw += c;
    });
    req.on("end", () => {
      if (s.next === "hang") {
        s.next = null;
        return; // never answers
      }
      const lose = s.next === "lose";
      const r = handle(s, req.url ?? "", raw);
      if (lose && losing(s)) return void req.socket.destroy();
      res.writeHead(r.status, { "content-type": "application/json; charset=utf-8" }).end(r.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * `file`: where the simulator keeps its invoices across restarts (the default set-up's 測試模式
 * writes it under DATA_DIR), so a void or allowance after a restart still finds its invoice.
 */
export function createFakeEcpayInvoice(opts: {
  merchantId: string;
  hashKey: string;
  hashIV: string;
  now?: () => Date;
  file?: string;
}) {
  const state = loadState(opts);
  const fake = {
    invoices: state.invoices,
    calls: state.calls,
    failNext(message: string | "hang" | "lose") {
      state.next = message;
    },
    handle: (path: string, raw: string) => handle(state, path, raw),
    fetch: ((input: string | URL | Request, init?: RequestInit) => answerFetch(state, input, init)) as typeof fetch,
    listen: () => listen(state),
  } satisfies FakeEcpayInvoice;
  return fake;
}

/** ECPay's public stage merchant for B2C e-invoices (integrations.md). */
export const ECPAY_STAGE_INVOICE = { merchantId: "2000132", hashKey: "ejCk326UnaZWKisg", hashIV: "q9jcZX8Ib9LM8wYk" };
