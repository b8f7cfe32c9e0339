import { deliversToAddress, fastStoreOrderInput, isTapPayMethod, normalizeMobile, storeOrderInput } from "@shop/contract/order";
import { type Draft, dealChoices, isCvs } from "./draft";

/** What is bought: cart lines chosen on /select_cart, or one product (quick order). */
export type OrderSource = { variant_id: number; qty: number } | { line_ids: number[] };

export interface OrderContext {
  source: OrderSource;
  shopId: number;
  /** The payable amount the shopper was shown. */
  expectedPayable: number | undefined;
  /** False when the shop issues its invoices elsewhere: no invoice choice is asked or sent. */
  einvoice?: boolean;
  /** A member's points and the shop's cap per order (null: none), from the quote. */
  points?: { owned: number; cap: number | null };
  /** The card instalment counts the quote offers on this amount. */
  instalments?: number[];
}

/** Stands in for the prime while validating the form; the real one (card, wallet, virtual account) is taken right after. */
const PRIME_CHECKED_LATER = "prime-comes-from-the-card-step";

/** The body of /api/order/store (or /api/order/store/fast) for the draft. */
export function orderPayload(draft: Draft, ctx: OrderContext, prime?: string) {
  const invoice =
    ctx.einvoice === false
      ? { type: "member" }
      : draft.invoiceType === "mobile"
        ? { type: "mobile", carrier: draft.carrier }
        : draft.invoiceType === "donation"
          ? { type: "donation", donation_code: draft.donationCode }
          : draft.invoiceType === "company"
            ? { type: "company", tax_id: draft.taxId, title: draft.title }
            : { type: "member" };
  return {
    ...ctx.source,
    shop_id: ctx.shopId,
    ship_method: draft.ship || undefined,
    payment_method: draft.payment || undefined,
    ...(draft.payment === "card" && draft.instalment && ctx.instalments?.includes(draft.instalment)
      ? { instalment: draft.instalment }
      : {}),
    receiver: { name: draft.name, phone: normalizeMobile(draft.phone) },
    email: draft.email || undefined,
    ...(deliversToAddress(draft.ship) ? { address: draft.address } : {}),
    ...(draft.ship === "tcat" ? { delivery_time: draft.deliveryTime } : {}),
    ...(isCvs(draft.ship) && draft.cvs ? { cvs_store: draft.cvs } : {}),
    coupon_id: draft.couponId || undefined,
    coupon_code: draft.couponCode || undefined,
    points: draft.points || undefined,
    wallet: draft.wallet || undefined,
    ...dealChoices(draft),
    invoice,
    note: draft.note || undefined,
    expected_payable: ctx.expectedPayable,
    ...(prime ? { prime } : {}),
  };
}

/**
 * The form's errors by field path ("receiver.phone", "cvs_store"…), first message per field:
 * the same schema the server applies; the prime is checked after the card step.
 */
export function orderErrors(draft: Draft, ctx: OrderContext, fast: boolean): Record<string, string> {
  const schema = fast ? fastStoreOrderInput : storeOrderInput;
  const checked = schema.safeParse(orderPayload(draft, ctx, isTapPayMethod(draft.payment) ? PRIME_CHECKED_LATER : undefined));
  const found: Record<string, string> = {};
  if (!checked.success) for (const issue of checked.error.issues) found[issue.path.join(".")] ??= issue.message;
  if (isCvs(draft.ship) && !draft.cvs) found.cvs_store = "請選擇取貨門市";
  // Said under the field before the order goes (the server refuses the same, POINTS_CAP_EXCEEDED).
  const p = ctx.points;
  if (p && draft.points > p.owned) found.points = `點數不足，目前可用 ${p.owned} 點`;
  else if (p?.cap != null && draft.points > p.cap) found.points = `每筆訂單最多可折抵 ${p.cap} 點`;
  return found;
}
