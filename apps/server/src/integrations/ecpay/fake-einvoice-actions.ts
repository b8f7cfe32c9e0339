import { encryptInvoiceData } from "./einvoice-crypto.js";

/** One invoice the simulator holds, by RelateNumber and by number. */
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

export interface FakeEcpayInvoiceOptions {
  merchantId: string;
  hashKey: string;
  hashIV: string;
  now?: () => Date;
  file?: string;
}

/** What the simulator keeps between calls (fake-einvoice.ts builds it, loaded from its file). */
export interface FakeEcpayInvoiceState {
  opts: FakeEcpayInvoiceOptions;
  now: () => Date;
  /** Invoices by RelateNumber. */
  invoices: Map<string, FakeInvoice>;
  byNumber: Map<string, FakeInvoice>;
  seq: number;
  allowanceSeq: number;
  /** What the next call does instead of answering (see failNext). */
  next: string | null;
  /** Calls received, by action (Issue, Invalid, …). */
  calls: Record<string, number>;
}

type Data = Record<string, unknown>;

export const MISSING_BARCODES = new Set(["/0000000"]);
export const MISSING_LOVE_CODES = new Set(["000"]);
const taipei = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().replace("T", " ").slice(0, 19);

const answer = (s: FakeEcpayInvoiceState, data: Data) =>
  JSON.stringify({
    PlatformID: "",
    MerchantID: s.opts.merchantId,
    RpHeader: { Timestamp: Math.floor(s.now().getTime() / 1000) },
    TransCode: 1,
    TransMsg: "Success",
    Data: encryptInvoiceData(data, s.opts.hashKey, s.opts.hashIV),
  });
export const refuse = (s: FakeEcpayInvoiceState, code: number, message: string) => answer(s, { RtnCode: code, RtnMsg: message });
export const ok = (s: FakeEcpayInvoiceState, data: Data) => answer(s, { RtnCode: 1, RtnMsg: "執行成功", ...data });

/** Issue: one invoice per RelateNumber, its number from the test track. */
export function fakeIssue(s: FakeEcpayInvoiceState, d: Data) {
  const relate = String(d.RelateNumber ?? "");
  if (!/^[\w-]{1,30}$/.test(relate)) return refuse(s, 1200001, "RelateNumber 格式錯誤");
  if (s.invoices.has(relate)) return refuse(s, 1200002, "RelateNumber 重複，請勿重複開立");
  const items = Array.isArray(d.Items) ? (d.Items as Array<Data>) : [];
  const total = items.reduce((sum, i) => sum + Number(i.ItemAmount), 0);
  if (items.length === 0 || Number(d.SalesAmount) !== total || total <= 0)
    return refuse(s, 1200031, "驗證發票金額發現錯誤，與商品合計金額不符");
  if (items.some((i) => Number(i.ItemPrice) * Number(i.ItemCount) !== Number(i.ItemAmount) || !(Number(i.ItemCount) > 0)))
    return refuse(s, 1200032, "商品單價乘以數量與小計不符");
  const carrier = String(d.CarrierType ?? "");
  if (carrier === "3" && !/^\/[0-9A-Z.+-]{7}$/.test(String(d.CarrierNum))) return refuse(s, 1200004, "手機條碼格式錯誤");
  if (carrier === "3" && MISSING_BARCODES.has(String(d.CarrierNum))) return refuse(s, 1200005, "手機條碼不存在");
  if (d.Donation === "1" && (d.Print !== "0" || !/^\d{3,7}$/.test(String(d.LoveCode))))
    return refuse(s, 1200006, "捐贈發票須填捐贈碼且不可列印");
  if (d.CustomerIdentifier && d.Donation !== "0") return refuse(s, 1200007, "有統一編號的發票不可捐贈");
  if (carrier && d.Print !== "0") return refuse(s, 1200008, "使用載具的發票不可列印");
  if (d.Print === "1" && !String(d.CustomerAddr ?? "").trim()) return refuse(s, 1200009, "列印發票須填寫買受人地址");
  const invoice: FakeInvoice = {
    relateNumber: relate,
    invoiceNo: `AB${String(10_000_000 + s.seq++)}`,
    invoiceDate: taipei(s.now()),
    randomNumber: String(1000 + Math.floor(Math.random() * 9000)),
    salesAmount: total,
    voided: false,
    voidReason: "",
    allowances: [],
    data: d,
  };
  s.invoices.set(relate, invoice);
  s.byNumber.set(invoice.invoiceNo, invoice);
  return ok(s, { InvoiceNo: invoice.invoiceNo, InvoiceDate: invoice.invoiceDate, RandomNumber: invoice.randomNumber });
}

function found(s: FakeEcpayInvoiceState, d: Data) {
  const invoice = s.byNumber.get(String(d.InvoiceNo ?? ""));
  return invoice && invoice.invoiceDate.slice(0, 10) === String(d.InvoiceDate ?? "") ? invoice : undefined;
}
const remaining = (i: FakeInvoice) => i.salesAmount - i.allowances.reduce((s, a) => s + a.amount, 0);

/** Invalid: the whole invoice voided, unless something was allowed on it. */
export function fakeInvalid(s: FakeEcpayInvoiceState, d: Data) {
  const invoice = found(s, d);
  if (!invoice) return refuse(s, 1500001, "查無此發票");
  if (invoice.voided) return refuse(s, 1500002, "發票已作廢");
  if (invoice.allowances.length > 0) return refuse(s, 1500003, "發票已有折讓，不可作廢");
  invoice.voided = true;
  invoice.voidReason = String(d.Reason ?? "");
  return ok(s, { InvoiceNo: invoice.invoiceNo });
}

/** Allowance (折讓): up to what is left of the invoice. */
export function fakeAllowance(s: FakeEcpayInvoiceState, d: Data) {
  const invoice = found(s, d);
  if (!invoice) return refuse(s, 1600001, "查無此發票");
  if (invoice.voided) return refuse(s, 1600002, "發票已作廢，不可折讓");
  const amount = Number(d.AllowanceAmount);
  const items = Array.isArray(d.Items) ? (d.Items as Array<Data>) : [];
  if (!(amount > 0) || items.reduce((sum, i) => sum + Number(i.ItemAmount), 0) !== amount)
    return refuse(s, 1600003, "折讓金額與明細合計不符");
  if (amount > remaining(invoice)) return refuse(s, 1600004, "折讓金額超過發票可折讓餘額");
  const allowanceNo = `${taipei(s.now()).replace(/\D/g, "").slice(0, 12)}${String(++s.allowanceSeq).padStart(4, "0")}`;
  invoice.allowances.push({ allowanceNo, amount });
  return ok(s, {
    IA_Allow_No: allowanceNo,
    IA_Invoice_No: invoice.invoiceNo,
    IA_Date: taipei(s.now()),
    IA_Remain_Allowance_Amt: remaining(invoice),
  });
}

/** GetIssue: what is held for a RelateNumber. */
export function fakeGetIssue(s: FakeEcpayInvoiceState, d: Data) {
  const invoice = s.invoices.get(String(d.RelateNumber ?? ""));
  if (!invoice) return refuse(s, 1300001, "查無此發票");
  return ok(s, {
    IIS_Number: invoice.invoiceNo,
    IIS_Create_Date: invoice.invoiceDate,
    IIS_Random_Number: invoice.randomNumber,
    IIS_Invalid_Status: invoice.voided ? "1" : "0",
    IIS_Sales_Amount: invoice.salesAmount,
    IIS_Relate_Number: invoice.relateNumber,
    IIS_Remain_Allowance_Amt: remaining(invoice),
  });
}
