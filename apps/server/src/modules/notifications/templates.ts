import type { Lang } from "@shop/contract";
import {
  renderTemplate,
  TEMPLATE_EVENT_LABELS,
  TEMPLATE_EVENTS,
  type TemplateEvent,
  type TemplateField,
  unknownTemplateFields,
} from "@shop/contract/admin";
import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { messageTemplates } from "../../db/schema/index.js";
import { badRequest } from "../../lib/errors.js";
import { KEEP_MS, kept } from "../../lib/kept.js";

/** The wording a new shop starts with: what the messages said before templates existed. */
const DEFAULTS: Record<TemplateEvent, { subject: string; body: string }> = {
  placed: { subject: "訂單 {order_no} 已成立", body: "{details}" },
  paid: { subject: "訂單 {order_no} 已付款", body: "{details}" },
  shipped: { subject: "訂單 {order_no} 已出貨", body: "{details}" },
  at_store: { subject: "訂單 {order_no} 已到店", body: "{details}" },
  pickup_reminder: { subject: "訂單 {order_no} 取貨提醒", body: "{details}" },
  delivered: { subject: "訂單 {order_no} 已送達", body: "{details}" },
  cancelled: { subject: "訂單 {order_no} 已取消", body: "{details}" },
  refunded: { subject: "訂單 {order_no} 已退款", body: "{details}" },
  invoice_issued: { subject: "訂單 {order_no} 電子發票已開立", body: "{details}" },
  birthday: { subject: "{member}，生日快樂！{brand} 送您生日禮", body: "{details}" },
  cart_reminder: { subject: "{member}，您的購物車還有商品等著您", body: "{details}" },
};

/**
 * An English order's wording (decision 109): the shop's templates are written in zh-TW, so an
 * order placed on the English storefront is told in these, whatever the shop's own say.
 */
const DEFAULTS_EN: Record<TemplateEvent, { subject: string; body: string }> = {
  placed: { subject: "Order {order_no} placed", body: "{details}" },
  paid: { subject: "Order {order_no} paid", body: "{details}" },
  shipped: { subject: "Order {order_no} shipped", body: "{details}" },
  at_store: { subject: "Order {order_no} is at the store", body: "{details}" },
  pickup_reminder: { subject: "Order {order_no}: pickup reminder", body: "{details}" },
  delivered: { subject: "Order {order_no} delivered", body: "{details}" },
  cancelled: { subject: "Order {order_no} cancelled", body: "{details}" },
  refunded: { subject: "Order {order_no} refunded", body: "{details}" },
  invoice_issued: { subject: "E-invoice issued for order {order_no}", body: "{details}" },
  birthday: { subject: "Happy birthday, {member}! A gift from {brand}", body: "{details}" },
  cart_reminder: { subject: "{member}, your cart is still waiting for you", body: "{details}" },
};

/** What the preview fills in: a sample order, so staff see the message as a buyer would. */
const SAMPLE: Record<TemplateField, string> = {
  brand: "茶山好物",
  order_no: "20261125123456",
  receiver: "王小明",
  payable: "NT$1,280",
  payment_method: "貨到付款",
  tracking_no: "C88000011001",
  store: "建盛門市",
  invoice_no: "AB-10000000",
  details: "請於 7 天內至 建盛門市 取貨，取貨時付款 NT$1,280",
  member: "王小明",
};

function checked(t: { subject: string; body: string }) {
  const unknown = unknownTemplateFields(`${t.subject}\n${t.body}`);
  if (unknown.length > 0)
    throw badRequest("UNKNOWN_TEMPLATE_FIELD", `範本含有不明的代入欄位：${unknown.map((f) => `{${f}}`).join("、")}`);
  return t;
}

type TemplateView = { subject: string; body: string; custom: boolean };
/** Records the change in the caller's audit log, inside the same transaction. */
type Audit = (tx: Tx, before: TemplateView, after: TemplateView) => Promise<unknown>;

/** Customer-message templates (decision 41): the shop's wording per order event, or the default. */
export function createMessageTemplates(db: Db, now: () => Date) {
  async function current(q: Db | Tx, event: TemplateEvent) {
    const [row] = await q.select().from(messageTemplates).where(eq(messageTemplates.event, event));
    return row ?? null;
  }

  // Every order's messages used to read their template inside the order's transaction (a card
  // order twice). All templates are kept for at most 10 s and dropped by a save here or by the cache
  // switch (every instance, through Redis).
  const readAll = async (tx: Tx) =>
    new Map((await tx.select().from(messageTemplates)).map((r) => [r.event, { subject: r.subject, body: r.body }]));
  /**
   * Read through the caller's transaction, never beside it: on PGlite a read beside an open
   * transaction waits for it to end. (A read begun in another order's transaction completes while
   * that transaction holds the database, so sharing it cannot wait on this one.)
   */
  const wordings = kept(KEEP_MS, readAll);
  const forget = wordings.forget;
  const view = (event: TemplateEvent, row: { subject: string; body: string } | null) => ({
    id: event,
    event,
    label: TEMPLATE_EVENT_LABELS[event],
    subject: row?.subject ?? DEFAULTS[event].subject,
    body: row?.body ?? DEFAULTS[event].body,
    custom: row !== null,
    default_subject: DEFAULTS[event].subject,
    default_body: DEFAULTS[event].body,
  });

  return {
    /** Drops the kept wording: the cache switch calls it, so other instances see a save at once. */
    forget,
    /** The event's message for one order, inside the transaction that writes it, in the order's language. */
    async render(tx: Tx, event: TemplateEvent, lang: Lang, values: Partial<Record<TemplateField, string>>) {
      const t = lang === "en" ? DEFAULTS_EN[event] : ((await wordings.get(tx)).get(event) ?? DEFAULTS[event]);
      return { title: renderTemplate(t.subject, values).trim(), body: renderTemplate(t.body, values).trim() };
    },
    async list() {
      const rows = new Map((await db.select().from(messageTemplates)).map((r) => [r.event, r]));
      return TEMPLATE_EVENTS.map((e) => view(e, rows.get(e) ?? null));
    },
    async get(event: TemplateEvent) {
      return view(event, await current(db, event));
    },
    /** Saves the shop's wording; a `{field}` no template knows is refused, and nothing is saved. */
    save(event: TemplateEvent, t: { subject: string; body: string }, audit: Audit) {
      const { subject, body } = checked(t);
      return db
        .transaction(async (tx) => {
          const before = view(event, await current(tx, event));
          await tx
            .insert(messageTemplates)
            .values({ event, subject, body, updatedAt: now() })
            .onConflictDoUpdate({ target: messageTemplates.event, set: { subject, body, updatedAt: now() } });
          const after = view(event, { subject, body });
          await audit(tx, before, after);
          return after;
        })
        .finally(forget);
    },
    /** Back to the default wording. */
    reset(event: TemplateEvent, audit: Audit) {
      return db
        .transaction(async (tx) => {
          const before = view(event, await current(tx, event));
          await tx.delete(messageTemplates).where(eq(messageTemplates.event, event));
          const after = view(event, null);
          await audit(tx, before, after);
          return after;
        })
        .finally(forget);
    },
    preview(t: { subject: string; body: string }) {
      const { subject, body } = checked(t);
      return { subject: renderTemplate(subject, SAMPLE), body: renderTemplate(body, SAMPLE) };
    },
  };
}

export type MessageTemplates = ReturnType<typeof createMessageTemplates>;
