import { decryptInvoiceData, encryptInvoiceData } from "./einvoice-crypto.js";

/**
 * ECPay B2C e-invoice API v3 (issue 23): issue, void (Invalid), allowance (折讓), look-up
 * (GetIssue), and the checks used at checkout (CheckBarcode, CheckLoveCode).
 *
 * What this relies on (../shared/design/integrations.md and ECPay's published B2C e-invoice API):
 * - `POST {base}/B2CInvoice/{Issue|Invalid|Allowance|GetIssue|CheckBarcode|CheckLoveCode}` with
 *   JSON `{MerchantID, RqHeader: {Timestamp (Unix seconds), Revision: "3.0.0"}, Data}`, Data
 *   encrypted as in einvoice-crypto.ts. Stage base `https://einvoice-stage.ecpay.com.tw`,
 *   production `https://einvoice.ecpay.com.tw`; stage merchant 2000132 / ejCk326UnaZWKisg /
 *   q9jcZX8Ib9LM8wYk (the same key and IV as the published encryption example).
 * - The answer is JSON `{PlatformID, MerchantID, RpHeader: {Timestamp}, TransCode, TransMsg, Data}`:
 *   TransCode 1 means the request was read; the decrypted Data carries `RtnCode` (1 = done) and
 *   `RtnMsg`, and the call's own fields.
 * - Issue: RelateNumber (≤ 30, unique per merchant: ours is the order number, so a retry cannot
 *   issue twice), Print "0"/"1", Donation "0"/"1" + LoveCode, CarrierType "" (none) | "1" (ECPay
 *   member carrier) | "2" (citizen certificate) | "3" (mobile barcode) + CarrierNum,
 *   CustomerIdentifier (統一編號, forces Donation "0" and, with no carrier, Print "1"), TaxType
 *   "1" (taxable), vat "1" (prices include tax), InvType "07", SalesAmount = Σ ItemAmount, Items
 *   `{ItemSeq, ItemName, ItemCount, ItemWord, ItemPrice, ItemTaxType "1", ItemAmount}`. Answers
 *   InvoiceNo, InvoiceDate ("yyyy-MM-dd HH:mm:ss"), RandomNumber.
 * - Invalid: InvoiceNo, InvoiceDate ("yyyy-MM-dd"), Reason (≤ 20). Allowance: InvoiceNo,
 *   InvoiceDate, AllowanceNotify "E"|"S"|"A"|"N", CustomerName, NotifyMail, NotifyPhone,
 *   AllowanceAmount, Items; answers IA_Allow_No, IA_Invoice_No, IA_Date, IA_Remain_Allowance_Amt.
 * - GetIssue: RelateNumber; answers IIS_Number, IIS_Create_Date, IIS_Random_Number,
 *   IIS_Invalid_Status ("1" = voided), IIS_Sales_Amount, IIS_Remain_Allowance_Amt.
 * - CheckBarcode (BarCode) and CheckLoveCode (LoveCode) answer IsExist "Y" or "N".
 * ⚠️ Not confirmed in a primary source: the exact RtnCode ECPay gives a repeated RelateNumber (the
 * caller looks the invoice up with GetIssue after any refusal, so the code does not matter);
 * IIS_Remain_Allowance_Amt's name on GetIssue (a missing field only means a lost allowance waits
 * for staff); how GetIssue says "no such invoice" — taken as a refusal whose RtnMsg says 查無 (any
 * other refusal is an error, never "absent"); that discount lines may carry a negative ItemPrice.
 * Dates are sent as yyyy-MM-dd whatever separator an answer used.
 */
export interface EcpayInvoiceConfig {
  /** https://einvoice-stage.ecpay.com.tw, https://einvoice.ecpay.com.tw, or a fake's address. */
  baseUrl: string;
  merchantId: string;
  hashKey: string;
  hashIV: string;
  fetch?: typeof fetch;
  now?: () => Date;
}

export interface InvoiceLine {
  name: string;
  count: number;
  /** 單位, e.g. 件 / 盒. */
  word: string;
  /** Unit price, tax included, whole NT$. */
  price: number;
  /** count × price (or the discounted line total), tax included, whole NT$. */
  amount: number;
}

type InvoiceBuyer =
  | { kind: "member"; customerId: string }
  | { kind: "mobile"; barcode: string }
  | { kind: "certificate"; number: string }
  | { kind: "donation"; loveCode: string }
  | { kind: "company"; taxId: string; title: string };

export interface IssueRequest {
  /** Our order number: ECPay keeps one invoice per RelateNumber. */
  relateNumber: string;
  buyer: InvoiceBuyer;
  name: string;
  email: string;
  phone: string;
  address?: string;
  lines: InvoiceLine[];
  remark?: string;
}

export interface IssuedInvoice {
  invoiceNo: string;
  /** As ECPay wrote it: yyyy-MM-dd HH:mm:ss (Asia/Taipei). */
  invoiceDate: string;
  randomNumber: string;
}

export interface AllowanceRequest {
  invoiceNo: string;
  /** yyyy-MM-dd of the invoice. */
  invoiceDate: string;
  customerName: string;
  email: string;
  lines: InvoiceLine[];
}

export interface Allowance {
  allowanceNo: string;
  invoiceNo: string;
  date: string;
  remaining: number;
}

export interface InvoiceRecord extends IssuedInvoice {
  voided: boolean;
  salesAmount: number;
  /** What may still be allowed on it, when ECPay says (IIS_Remain_Allowance_Amt). */
  remaining?: number;
}

/** ECPay refused or could not be read: the message is the provider's, for staff to see. */
export class EcpayInvoiceError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = "EcpayInvoiceError";
  }
}

const sum = (lines: InvoiceLine[]) => lines.reduce((s, l) => s + l.amount, 0);
/** yyyy-MM-dd of a provider date ("2026-11-25 10:00:00", "2026/11/25 10:00:00"). */
const dayOf = (date: string) => date.slice(0, 10).replaceAll("/", "-");
/** Checkout waits this long for a barcode or donation-code look-up, then lets the order go on. */
const CHECK_WAIT_MS = 3_000;

function items(lines: InvoiceLine[]) {
  return lines.map((l, i) => ({
    ItemSeq: i + 1,
    ItemName: l.name.slice(0, 100),
    ItemCount: l.count,
    ItemWord: l.word,
    ItemPrice: l.price,
    ItemTaxType: "1",
    ItemAmount: l.amount,
  }));
}

/** The Issue call's Data for a buyer's choice at checkout (the carrier and print rules above). */
function issueData(merchantId: string, r: IssueRequest) {
  const b = r.buyer;
  const carrier =
    b.kind === "member"
      ? { CarrierType: "1", CarrierNum: "" }
      : b.kind === "mobile"
        ? { CarrierType: "3", CarrierNum: b.barcode }
        : b.kind === "certificate"
          ? { CarrierType: "2", CarrierNum: b.number }
          : { CarrierType: "", CarrierNum: "" };
  return {
    MerchantID: merchantId,
    RelateNumber: r.relateNumber,
    CustomerID: b.kind === "member" ? b.customerId : "",
    CustomerIdentifier: b.kind === "company" ? b.taxId : "",
    CustomerName: b.kind === "company" ? b.title : r.name,
    CustomerAddr: r.address ?? "",
    CustomerPhone: r.phone,
    CustomerEmail: r.email,
    ClearanceMark: "",
    // A company's invoice is printed (證明聯); a donated or carrier invoice never is.
    Print: b.kind === "company" ? "1" : "0",
    Donation: b.kind === "donation" ? "1" : "0",
    LoveCode: b.kind === "donation" ? b.loveCode : "",
    ...carrier,
    TaxType: "1",
    SalesAmount: sum(r.lines),
    InvoiceRemark: r.remark ?? "",
    Items: items(r.lines),
    InvType: "07",
    vat: "1",
  };
}

export function createEcpayInvoiceClient(config: EcpayInvoiceConfig) {
  const send = config.fetch ?? fetch;
  const now = config.now ?? (() => new Date());

  /** `waitMs`: how long to wait for the answer (checkout's look-ups wait less than issuing does). */
  async function call<T extends Record<string, unknown>>(
    action: string,
    data: Record<string, unknown>,
    waitMs = 20_000,
  ): Promise<T> {
    const body = {
      MerchantID: config.merchantId,
      RqHeader: { Timestamp: Math.floor(now().getTime() / 1000), Revision: "3.0.0" },
      Data: encryptInvoiceData({ MerchantID: config.merchantId, ...data }, config.hashKey, config.hashIV),
    };
    let answer: { TransCode?: number; TransMsg?: string; Data?: string };
    try {
      const response = await send(`${config.baseUrl.replace(/\/$/, "")}/B2CInvoice/${action}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(waitMs),
      });
      if (!response.ok) throw new EcpayInvoiceError(`ECPay 發票服務回應 HTTP ${response.status}`, `http_${response.status}`);
      answer = (await response.json()) as typeof answer;
    } catch (error) {
      if (error instanceof EcpayInvoiceError) throw error;
      throw new EcpayInvoiceError(`無法連線 ECPay 發票服務：${(error as Error).message}`, "network");
    }
    if (answer.TransCode !== 1 || typeof answer.Data !== "string")
      throw new EcpayInvoiceError(answer.TransMsg || "ECPay 發票服務無法處理此請求", `trans_${answer.TransCode ?? "?"}`);
    let result: T & { RtnCode?: number; RtnMsg?: string };
    try {
      result = decryptInvoiceData<T & { RtnCode?: number; RtnMsg?: string }>(answer.Data, config.hashKey, config.hashIV);
    } catch {
      throw new EcpayInvoiceError("ECPay 發票服務的回應無法解密（金鑰不符或內容遭竄改）", "decrypt");
    }
    if (result.RtnCode !== 1)
      throw new EcpayInvoiceError(result.RtnMsg || "ECPay 發票服務拒絕此請求", String(result.RtnCode ?? "?"));
    return result;
  }

  return {
    async issue(r: IssueRequest): Promise<IssuedInvoice> {
      if (r.lines.length === 0 || sum(r.lines) <= 0) throw new EcpayInvoiceError("發票金額須大於 0", "amount");
      const d = await call<{ InvoiceNo: string; InvoiceDate: string; RandomNumber: string }>(
        "Issue",
        issueData(config.merchantId, r),
      );
      return { invoiceNo: d.InvoiceNo, invoiceDate: d.InvoiceDate, randomNumber: d.RandomNumber };
    },
    async invalid(invoiceNo: string, invoiceDate: string, reason: string): Promise<void> {
      await call("Invalid", { InvoiceNo: invoiceNo, InvoiceDate: dayOf(invoiceDate), Reason: reason.slice(0, 20) });
    },
    async allowance(r: AllowanceRequest): Promise<Allowance> {
      const d = await call<{ IA_Allow_No: string; IA_Invoice_No: string; IA_Date: string; IA_Remain_Allowance_Amt: number }>(
        "Allowance",
        {
          InvoiceNo: r.invoiceNo,
          InvoiceDate: dayOf(r.invoiceDate),
          AllowanceNotify: r.email ? "E" : "N",
          CustomerName: r.customerName,
          NotifyMail: r.email,
          NotifyPhone: "",
          AllowanceAmount: sum(r.lines),
          Items: items(r.lines),
        },
      );
      return { allowanceNo: d.IA_Allow_No, invoiceNo: d.IA_Invoice_No, date: d.IA_Date, remaining: d.IA_Remain_Allowance_Amt };
    },
    /** The invoice issued for a RelateNumber, or null when ECPay says there is none. */
    async getIssue(relateNumber: string): Promise<InvoiceRecord | null> {
      try {
        const d = await call<{
          IIS_Number: string;
          IIS_Create_Date: string;
          IIS_Random_Number: string;
          IIS_Invalid_Status: string;
          IIS_Sales_Amount: number;
          IIS_Remain_Allowance_Amt?: number;
        }>("GetIssue", { RelateNumber: relateNumber });
        return {
          invoiceNo: d.IIS_Number,
          invoiceDate: d.IIS_Create_Date,
          randomNumber: d.IIS_Random_Number,
          voided: d.IIS_Invalid_Status === "1",
          salesAmount: Number(d.IIS_Sales_Amount),
          remaining: typeof d.IIS_Remain_Allowance_Amt === "number" ? d.IIS_Remain_Allowance_Amt : undefined,
        };
      } catch (error) {
        // Only "not found" means absent; a busy or any other refusal must not read as "never issued".
        if (error instanceof EcpayInvoiceError && /^\d+$/.test(error.code) && error.message.includes("查無")) return null;
        throw error;
      }
    },
    /** Whether a mobile barcode (/XXXXXXX) is registered with the tax platform. */
    async barcodeExists(barcode: string): Promise<boolean> {
      return (await call<{ IsExist: string }>("CheckBarcode", { BarCode: barcode }, CHECK_WAIT_MS)).IsExist === "Y";
    },
    /** Whether a donation code (捐贈碼) belongs to a registered charity. */
    async loveCodeExists(loveCode: string): Promise<boolean> {
      return (await call<{ IsExist: string }>("CheckLoveCode", { LoveCode: loveCode }, CHECK_WAIT_MS)).IsExist === "Y";
    },
  };
}

export type EcpayInvoiceClient = ReturnType<typeof createEcpayInvoiceClient>;
