import { z } from "./zod.js";

/**
 * Customer-message templates (decision 41): one per order event that is told outside the site,
 * edited in the back office. `{field}` is replaced by the order's value; any other `{…}` is refused.
 */
export const TEMPLATE_EVENTS = [
  "placed",
  "paid",
  "shipped",
  "at_store",
  "pickup_reminder",
  "delivered",
  "cancelled",
  "refunded",
  "invoice_issued",
  "birthday",
  "cart_reminder",
] as const;
export type TemplateEvent = (typeof TEMPLATE_EVENTS)[number];
export const TEMPLATE_EVENT_LABELS: Record<TemplateEvent, string> = {
  placed: "訂單成立",
  paid: "付款完成",
  shipped: "已出貨",
  at_store: "已到店（超商取貨）",
  pickup_reminder: "取貨提醒（到店第 5 天）",
  delivered: "已送達",
  cancelled: "訂單取消",
  refunded: "已退款",
  invoice_issued: "電子發票開立",
  birthday: "生日禮（會員生日當月）",
  cart_reminder: "購物車提醒",
};

/** What a template may say, with what each field becomes. */
export const TEMPLATE_FIELDS = {
  brand: "商店名稱",
  order_no: "訂單編號",
  receiver: "收件人姓名",
  payable: "應付金額（NT$1,234）",
  payment_method: "付款方式",
  tracking_no: "物流單號",
  store: "取貨門市",
  invoice_no: "發票號碼（AB-12345678）",
  details: "此事件的說明（付款提醒、物流單號、取消原因…）",
  member: "會員姓名",
} as const;
export type TemplateField = keyof typeof TEMPLATE_FIELDS;

export const templateInput = z.strictObject({
  subject: z.string({ error: "請輸入標題" }).trim().min(1, { error: "請輸入標題" }).max(80, { error: "標題最多 80 個字" }),
  body: z.string({ error: "請輸入內容" }).trim().min(1, { error: "請輸入內容" }).max(1000, { error: "內容最多 1000 個字" }),
});
export const templateEventParam = z.object({
  event: z.enum(TEMPLATE_EVENTS, { error: "找不到此通知範本" }),
});

/** `{field}`s a text uses that no template knows (what a save is refused for). */
export function unknownTemplateFields(text: string): string[] {
  const used = [...text.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1] ?? "");
  return [...new Set(used.filter((f) => !(f in TEMPLATE_FIELDS)))];
}

/** Fills `{field}`s in; fields without a value become empty. */
export function renderTemplate(text: string, values: Partial<Record<TemplateField, string>>): string {
  return text.replace(/\{([a-z_]+)\}/g, (whole, f: string) =>
    f in TEMPLATE_FIELDS ? (values[f as TemplateField] ?? "") : whole,
  );
}
