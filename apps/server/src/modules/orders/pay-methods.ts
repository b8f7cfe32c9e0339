import {
  CVS_METHODS,
  instalmentPlan,
  PAYMENT_METHOD_LABELS,
  type PayableMethod,
  type PaymentMethodCode,
} from "@shop/contract/order";

// Which ways an amount may be paid (decision 88), for a new order at checkout and for a 待付款
// order paid again: the methods the shop offers (shops' paymentSetup), each with why it cannot be
// used here; and the card instalments the amount reaches.

export interface PayChoice<M extends PaymentMethodCode = PayableMethod> {
  code: M;
  name: string;
  available: boolean;
  reason: string | null;
}

/** Cash on delivery needs someone to collect it: 新竹物流 or the store's counter. */
const collectsCash = (ship: string) => ship === "hct" || (CVS_METHODS as readonly string[]).includes(ship);

/** The shop's methods, in its order, for an amount still to pay (`ship`: the delivery chosen, if any). */
export function payChoices(offered: readonly PayableMethod[], payable: number, ship?: string): PayChoice[] {
  const covered = payable === 0 ? "已由點數／錢包全額支付" : null;
  return offered.map((code) => {
    const reason = covered ?? (code === "cod" && ship && !collectsCash(ship) ? "貨到付款僅限宅配與超商取貨" : null);
    return { code, name: PAYMENT_METHOD_LABELS[code], available: reason === null, reason };
  });
}

/** The instalment counts an amount reaches (each count's least amount set by staff), with what each month costs. */
export function instalmentChoices(setup: ReadonlyArray<{ count: number; min: number }>, payable: number) {
  return setup
    .filter((i) => payable > 0 && payable >= i.min && payable >= i.count)
    .map((i) => ({ count: i.count, ...instalmentPlan(payable, i.count) }));
}
