import type { OrderView } from "@shop/contract";
import { and, eq, gt, lt } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { orderAccessTokens, orders } from "../../db/schema/index.js";
import { newToken, sha256 } from "../../lib/crypto.js";
import { notFound } from "../../lib/errors.js";

/** The browser that placed a guest order may see and cancel it for as long as a transfer may take. */
const CHECKOUT_ACCESS_MS = 3 * 86_400_000;
/** An SMS code proves the phone for an hour. */
const CODE_ACCESS_MS = 3_600_000;

export interface OneTimeCodes {
  send(phone: string, ip: string, text: (code: string) => string): Promise<{ resend_after_s: number }>;
  /** Checks and uses up the newest code sent to the phone (400 with a field error otherwise). */
  consume(phone: string, code: string): Promise<void>;
}

/** 王小明 → 王○明, 李四 → 李○. */
export function maskName(name: string): string {
  const chars = [...name];
  if (chars.length <= 1) return "○";
  if (chars.length === 2) return `${chars[0]}○`;
  return `${chars[0]}${"○".repeat(chars.length - 2)}${chars.at(-1)}`;
}
/** 0912345678 → 09xx-xxx-678. */
const maskPhone = (phone: string) => `09xx-xxx-${phone.slice(-3)}`;

/** What a guest who has not proven the phone may see: the order and roughly where it goes, nothing personal. */
export function masked(view: OrderView): OrderView {
  return {
    ...view,
    receiver: { name: maskName(view.receiver.name), phone: maskPhone(view.receiver.phone) },
    address: view.address
      ? { zip: view.address.zip, county: view.address.county, district: view.address.district, line: "○○○" }
      : null,
    cvs_store: view.cvs_store ? { type: view.cvs_store.type, id: "", name: "○○門市", address: "○○○" } : null,
    invoice: { type: view.invoice.type ?? "" },
    // The number alone claims nothing; the random code and the carrier (or tax id) stay hidden.
    e_invoice: view.e_invoice ? { ...view.e_invoice, random_number: null, carrier: "○○○", printable: false } : null,
    note: "",
    // The card's last digits identify the buyer's card: not for someone who only knows the phone.
    payment: view.payment ? { ...view.payment, card_last4: null } : null,
    // Reasons can be the buyer's own words (a cancellation reason).
    history: view.history.map((h) => ({ ...h, reason: "" })),
    can_cancel: view.can_cancel,
    masked: true,
  };
}

/**
 * Guests prove the phone on an order before they see it in full or cancel it (phone numbers are
 * not secret): by a one-time SMS code to that phone, or by being the browser that placed it.
 * Either gives an access token for that one order, kept hashed.
 */
export function createGuestAccess(deps: { db: Db; codes: OneTimeCodes; brandName: string; now?: () => Date }) {
  const { db, codes } = deps;
  const now = deps.now ?? (() => new Date());

  async function issue(q: Db | Tx, orderId: number, lifetimeMs: number): Promise<string> {
    const token = newToken();
    const at = now();
    await q.insert(orderAccessTokens).values({
      tokenHash: sha256(token),
      orderId,
      expiresAt: new Date(at.getTime() + lifetimeMs),
      createdAt: at,
    });
    return token;
  }

  async function guestOrder(orderNo: string, phone: string) {
    const [o] = await db.select().from(orders).where(eq(orders.orderNo, orderNo));
    // Members' orders are read signed in; a wrong phone reads like a missing order.
    if (!o || o.memberId !== null || o.receiverPhone !== phone)
      throw notFound("ORDER_NOT_FOUND", "查無此訂單，請確認訂單編號與手機號碼");
    return o;
  }

  return {
    /** For the browser that just placed a guest order. */
    forCheckout: (q: Db | Tx, orderId: number) => issue(q, orderId, CHECKOUT_ACCESS_MS),

    /** The order an access token proves, or undefined (missing, expired, another order). */
    async orderIdOf(token: string | undefined): Promise<number | undefined> {
      if (!token) return undefined;
      const [row] = await db
        .select()
        .from(orderAccessTokens)
        .where(and(eq(orderAccessTokens.tokenHash, sha256(token)), gt(orderAccessTokens.expiresAt, now())));
      return row?.orderId;
    },

    async sendCode(orderNo: string, phone: string, ip: string) {
      const o = await guestOrder(orderNo, phone);
      return codes.send(
        phone,
        ip,
        // The code first: readers (and autofill) take the first six digits.
        (code) =>
          `【${deps.brandName}】您的訂單查詢驗證碼為 ${code}（訂單 ${o.orderNo}），10 分鐘內有效。請勿將驗證碼提供給他人。`,
      );
    },

    async verify(orderNo: string, phone: string, code: string): Promise<{ access_token: string }> {
      const o = await guestOrder(orderNo, phone);
      await codes.consume(phone, code);
      // Old tokens of this order are of no further use to anyone.
      await db.delete(orderAccessTokens).where(and(eq(orderAccessTokens.orderId, o.id), lt(orderAccessTokens.expiresAt, now())));
      return { access_token: await issue(db, o.id, CODE_ACCESS_MS) };
    },
  };
}

export type GuestAccess = ReturnType<typeof createGuestAccess>;
