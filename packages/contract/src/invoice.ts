import { z } from "./zod.js";

const WEIGHTS = [1, 2, 1, 2, 1, 2, 4, 1];

/**
 * Taiwan company tax id (統一編號) checksum: weight the eight digits by 1,2,1,2,1,2,4,1, add the
 * digits of each product; valid when the sum divides by 5 (the rule since 2023, which also accepts
 * every id valid under the old divide-by-10 rule). When the seventh digit is 7 its product 28 may
 * count as 1 or as 0, so sum + 1 dividing by 5 is valid too.
 */
export function isValidTaxId(id: string): boolean {
  if (!/^\d{8}$/.test(id)) return false;
  const sum = [...id].reduce((acc, ch, i) => {
    const p = Number(ch) * (WEIGHTS[i] ?? 0);
    return acc + Math.floor(p / 10) + (p % 10);
  }, 0);
  return sum % 5 === 0 || (id[6] === "7" && (sum + 1) % 5 === 0);
}

/** E-invoice details captured at checkout, validated by their official formats. */
export const invoiceSchema = z.discriminatedUnion(
  "type",
  [
    z.strictObject({ type: z.literal("member") }),
    z.strictObject({
      type: z.literal("mobile"),
      carrier: z
        .string({ error: "請輸入手機條碼" })
        .trim()
        .toUpperCase()
        .regex(/^\/[0-9A-Z.+-]{7}$/, { error: "手機條碼格式錯誤：「/」開頭加 7 碼英數字" }),
    }),
    z.strictObject({
      type: z.literal("donation"),
      donation_code: z
        .string({ error: "請輸入捐贈碼" })
        .trim()
        .regex(/^\d{3,7}$/, { error: "捐贈碼為 3 到 7 位數字" }),
    }),
    z.strictObject({
      type: z.literal("company"),
      tax_id: z.string({ error: "請輸入統一編號" }).trim().refine(isValidTaxId, { error: "統一編號不正確，請再確認" }),
      title: z
        .string({ error: "請輸入公司抬頭" })
        .trim()
        .min(1, { error: "請輸入公司抬頭" })
        .max(60, { error: "公司抬頭最多 60 個字" }),
    }),
  ],
  { error: "請選擇發票類型" },
);
export type Invoice = z.output<typeof invoiceSchema>;

/** The buyer's invoice choice in words (the order page, the back office, the accountant's export). */
export function invoiceText(inv: Record<string, string>): string {
  switch (inv.type) {
    case "member":
      return "會員載具";
    case "mobile":
      return `手機條碼 ${inv.carrier ?? ""}`;
    case "donation":
      return `捐贈（愛心碼 ${inv.donation_code ?? ""}）`;
    case "company":
      return `三聯式　統編 ${inv.tax_id ?? ""}　抬頭 ${inv.title ?? ""}`;
    default:
      return "—";
  }
}

/** invoiceText in English (an English order's messages, decision 109), as the English order page says it. */
export function invoiceTextEn(inv: Record<string, string>): string {
  switch (inv.type) {
    case "member":
      return "Member carrier";
    case "mobile":
      return `Mobile barcode carrier ${inv.carrier ?? ""}`;
    case "donation":
      return `Donated (charity code ${inv.donation_code ?? ""})`;
    case "company":
      return `Company invoice · Tax ID ${inv.tax_id ?? ""} · Company name ${inv.title ?? ""}`;
    default:
      return "—";
  }
}

/** Where an order's e-invoice stands with the provider (decision 57). */
export const E_INVOICE_STATUSES = ["pending", "issued", "voided", "not_issued"] as const;
export type EInvoiceStatus = (typeof E_INVOICE_STATUSES)[number];
export const E_INVOICE_STATUS_LABELS: Record<EInvoiceStatus, string> = {
  pending: "開立中",
  issued: "已開立",
  voided: "已作廢",
  not_issued: "未開立",
};

/** When an order's invoice is issued: on payment (the default) or when it ships. Cash on delivery: on delivery. */
export const E_INVOICE_TRIGGERS = ["paid", "shipped"] as const;
export type EInvoiceTrigger = (typeof E_INVOICE_TRIGGERS)[number];

/** AB12345678 → AB-12345678, as printed on a 證明聯 and shown to buyers. */
export const formatInvoiceNo = (no: string) => (/^[A-Z]{2}\d{8}$/.test(no) ? `${no.slice(0, 2)}-${no.slice(2)}` : no);
