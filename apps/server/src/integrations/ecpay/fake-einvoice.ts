import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { decryptInvoiceData, encryptInvoiceData } from "./einvoice-crypto.js";

/**
 * A local ECPay B2C e-invoice service that speaks its encrypted v3 protocol (einvoice.ts): it
 * refuses a wrong merchant, revision or key, keeps one invoice per RelateNumber, allocates numbers
 * from a test track (AB10000000, AB10000001, …), voids, allows (折讓) up to what is left, and
 * answers the barcode and donation-code checks — in 測試模式, /0000000 and 000 do not exist.
 */
export interface FakeInvoice {
  relateNumber: string;
  invoiceNo: string;
  invoiceDate: string;
  randomNumber: string;
  salesAmount: number;
  voided: boolean;
  voidReason: string;
  allowances: Array<{ allowanceNo: string; amount: number }>;
  data: Record<string, unknown>;
}

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

const MISSING_BARCODES = new Set(["/0000000"]);
const MISSING_LOVE_CODES = new Set(["000"]);
const taipei = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().replace("T", " ").slice(0, 19);

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
  const now = opts.now ?? (() => new Date());
  const invoices = new Map<string, FakeInvoice>();
  const byNumber = new Map<string, FakeInvoice>();
  let seq = 0;
  let allowanceSeq = 0;
  let next: string | null = null;
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
  seq = invoices.size;
  allowanceSeq = saved?.allowanceSeq ?? 0;
  const save = () => {
    if (!opts.file) return;
    mkdirSync(path.dirname(opts.file), { recursive: true });
    writeFileSync(opts.file, JSON.stringify({ invoices: [...invoices.values()], allowanceSeq }));
  };

  const trans = (code: number, message: string) =>
    JSON.stringify({ PlatformID: "", MerchantID: opts.merchantId, RpHeader: {}, TransCode: code, TransMsg: message, Data: "" });
  const answer = (data: Record<string, unknown>) =>
    JSON.stringify({
      PlatformID: "",
      MerchantID: opts.merchantId,
      RpHeader: { Timestamp: Math.floor(now().getTime() / 1000) },
      TransCode: 1,
      TransMsg: "Success",
      Data: encryptInvoiceData(data, opts.hashKey, opts.hashIV),
    });
  const refuse = (code: number, message: string) => answer({ RtnCode: code, RtnMsg: message });
  const ok = (data: Record<string, unknown>) => answer({ RtnCode: 1, RtnMsg: "執行成功", ...data });

  function issue(d: Record<string, unknown>) {
    const relate = String(d.RelateNumber ?? "");
    if (!/^[\w-]{1,30}$/.test(relate)) return refuse(1200001, "RelateNumber 格式錯誤");
    if (invoices.has(relate)) return refuse(1200002, "RelateNumber 重複，請勿重複開立");
    const items = Array.isArray(d.Items) ? (d.Items as Array<Record<string, unknown>>) : [];
    const total = items.reduce((s, i) => s + Number(i.ItemAmount), 0);
    if (items.length === 0 || Number(d.SalesAmount) !== total || total <= 0)
      return refuse(1200031, "驗證發票金額發現錯誤，與商品合計金額不符");
    if (items.some((i) => Number(i.ItemPrice) * Number(i.ItemCount) !== Number(i.ItemAmount) || !(Number(i.ItemCount) > 0)))
      return refuse(1200032, "商品單價乘以數量與小計不符");
    const carrier = String(d.CarrierType ?? "");
    if (carrier === "3" && !/^\/[0-9A-Z.+-]{7}$/.test(String(d.CarrierNum))) return refuse(1200004, "手機條碼格式錯誤");
    if (carrier === "3" && MISSING_BARCODES.has(String(d.CarrierNum))) return refuse(1200005, "手機條碼不存在");
    if (d.Donation === "1" && (d.Print !== "0" || !/^\d{3,7}$/.test(String(d.LoveCode))))
      return refuse(1200006, "捐贈發票須填捐贈碼且不可列印");
    if (d.CustomerIdentifier && d.Donation !== "0") return refuse(1200007, "有統一編號的發票不可捐贈");
    if (carrier && d.Print !== "0") return refuse(1200008, "使用載具的發票不可列印");
    if (d.Print === "1" && !String(d.CustomerAddr ?? "").trim()) return refuse(1200009, "列印發票須填寫買受人地址");
    const invoice: FakeInvoice = {
      relateNumber: relate,
      invoiceNo: `AB${String(10_000_000 + seq++)}`,
      invoiceDate: taipei(now()),
      randomNumber: String(1000 + Math.floor(Math.random() * 9000)),
      salesAmount: total,
      voided: false,
      voidReason: "",
      allowances: [],
      data: d,
    };
    invoices.set(relate, invoice);
    byNumber.set(invoice.invoiceNo, invoice);
    return ok({ InvoiceNo: invoice.invoiceNo, InvoiceDate: invoice.invoiceDate, RandomNumber: invoice.randomNumber });
  }

  function found(d: Record<string, unknown>) {
    const invoice = byNumber.get(String(d.InvoiceNo ?? ""));
    return invoice && invoice.invoiceDate.slice(0, 10) === String(d.InvoiceDate ?? "") ? invoice : undefined;
  }
  const remaining = (i: FakeInvoice) => i.salesAmount - i.allowances.reduce((s, a) => s + a.amount, 0);

  function invalid(d: Record<string, unknown>) {
    const invoice = found(d);
    if (!invoice) return refuse(1500001, "查無此發票");
    if (invoice.voided) return refuse(1500002, "發票已作廢");
    if (invoice.allowances.length > 0) return refuse(1500003, "發票已有折讓，不可作廢");
    invoice.voided = true;
    invoice.voidReason = String(d.Reason ?? "");
    return ok({ InvoiceNo: invoice.invoiceNo });
  }

  function allowance(d: Record<string, unknown>) {
    const invoice = found(d);
    if (!invoice) return refuse(1600001, "查無此發票");
    if (invoice.voided) return refuse(1600002, "發票已作廢，不可折讓");
    const amount = Number(d.AllowanceAmount);
    const items = Array.isArray(d.Items) ? (d.Items as Array<Record<string, unknown>>) : [];
    if (!(amount > 0) || items.reduce((s, i) => s + Number(i.ItemAmount), 0) !== amount)
      return refuse(1600003, "折讓金額與明細合計不符");
    if (amount > remaining(invoice)) return refuse(1600004, "折讓金額超過發票可折讓餘額");
    const allowanceNo = `${taipei(now()).replace(/\D/g, "").slice(0, 12)}${String(++allowanceSeq).padStart(4, "0")}`;
    invoice.allowances.push({ allowanceNo, amount });
    return ok({
      IA_Allow_No: allowanceNo,
      IA_Invoice_No: invoice.invoiceNo,
      IA_Date: taipei(now()),
      IA_Remain_Allowance_Amt: remaining(invoice),
    });
  }

  function getIssue(d: Record<string, unknown>) {
    const invoice = invoices.get(String(d.RelateNumber ?? ""));
    if (!invoice) return refuse(1300001, "查無此發票");
    return ok({
      IIS_Number: invoice.invoiceNo,
      IIS_Create_Date: invoice.invoiceDate,
      IIS_Random_Number: invoice.randomNumber,
      IIS_Invalid_Status: invoice.voided ? "1" : "0",
      IIS_Sales_Amount: invoice.salesAmount,
      IIS_Relate_Number: invoice.relateNumber,
      IIS_Remain_Allowance_Amt: remaining(invoice),
    });
  }

  function handle(path: string, raw: string): { status: number; body: string } {
    const action = /\/B2CInvoice\/(\w+)$/.exec(path)?.[1] ?? "";
    let envelope: { MerchantID?: string; RqHeader?: { Revision?: string; Timestamp?: number }; Data?: string };
    try {
      envelope = JSON.parse(raw);
    } catch {
      return { status: 200, body: trans(9000001, "JSON 格式錯誤") };
    }
    if (envelope.MerchantID !== opts.merchantId) return { status: 200, body: trans(9000002, "MerchantID 錯誤") };
    if (envelope.RqHeader?.Revision !== "3.0.0") return { status: 200, body: trans(9000003, "Revision 錯誤") };
    let data: Record<string, unknown>;
    try {
      data = decryptInvoiceData(String(envelope.Data ?? ""), opts.hashKey, opts.hashIV);
    } catch {
      return { status: 200, body: trans(9000004, "Data 解密失敗") };
    }
    if (data.MerchantID !== opts.merchantId) return { status: 200, body: refuse(9000005, "Data.MerchantID 錯誤") };
    calls[action] = (calls[action] ?? 0) + 1;
    if (next !== null && next !== "lose") {
      const message = next;
      next = null;
      return { status: 200, body: refuse(9000006, message) };
    }
    const body =
      action === "Issue"
        ? issue(data)
        : action === "Invalid"
          ? invalid(data)
          : action === "Allowance"
            ? allowance(data)
            : action === "GetIssue"
              ? getIssue(data)
              : action === "CheckBarcode"
                ? ok({ IsExist: MISSING_BARCODES.has(String(data.BarCode)) ? "N" : "Y" })
                : action === "CheckLoveCode"
                  ? ok({ IsExist: MISSING_LOVE_CODES.has(String(data.LoveCode)) ? "N" : "Y" })
                  : null;
    if (action === "Issue" || action === "Invalid" || action === "Allowance") save();
    return body === null ? { status: 404, body: "not found" } : { status: 200, body };
  }

  const calls: Record<string, number> = {};
  /** The next call is carried out but its answer never reaches the caller. */
  const losing = () => {
    if (next !== "lose") return false;
    next = null;
    return true;
  };
  const fake = {
    invoices,
    calls,
    failNext(message: string | "hang" | "lose") {
      next = message;
    },
    handle,
    fetch: (async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url);
      if (next === "hang") {
        next = null;
        throw new Error("timed out");
      }
      const lose = next === "lose";
      const r = handle(url.pathname, String(init?.body ?? ""));
      if (lose && losing()) throw new Error("socket hang up");
      return new Response(r.body, { status: r.status, headers: { "content-type": "application/json" } });
    }) as typeof fetch,
    async listen() {
      const server = http.createServer((req, res) => {
        let raw = "";
        req.on("data", (c) => {
          raw += c;
        });
        req.on("end", () => {
          if (next === "hang") {
            next = null;
            return; // never answers
          }
          const lose = next === "lose";
          const r = handle(req.url ?? "", raw);
          if (lose && losing()) return void req.socket.destroy();
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
    },
  } satisfies FakeEcpayInvoice;
  return fake;
}

/** ECPay's public stage merchant for B2C e-invoices (integrations.md). */
export const ECPAY_STAGE_INVOICE = { merchantId: "2000132", hashKey: "ejCk326UnaZWKisg", hashIV: "q9jcZX8Ib9LM8wYk" };
