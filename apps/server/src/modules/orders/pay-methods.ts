import {
  CVS_METHODS,
  instalmentPlan,
  isDeviceWallet,
  isRedirectWallet,
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

/** Why a 限時搶購 order (an unpaid hold, decision 100) refuses a method that cannot pay at once. */
export const HOLD_ONLINE_ONLY = "限時搶購商品僅能以線上付款（信用卡等）結帳";

/**
 * Methods that pay while the buyer waits: the card and the wallets. A transfer, a virtual account
 * (ATM) and cash on delivery pay later, so a 限時搶購 hold (decision 100) refuses them.
 */
const paysAtOnce = (m: string) => m === "card" || isRedirectWallet(m) || isDeviceWallet(m);

/**
 * The shop's methods, in its order, for an amount still to pay (`ship`: the delivery chosen, if
 * any; `held`: the order holds 限時搶購 stock, so only methods that pay at once).
 */
export function payChoices(offered: readonly PayableMethod[], payable: number, ship?: string, held = false): PayChoice[] {
  const covered = payable === 0 ? "已由點數／錢包全額支付" : null;
  return offered.map((code) => {
    const reason =
      covered ??
      (held && !paysAtOnce(code) ? HOLD_ONLINE_ONLY : null) ??
      (code === "cod" && ship && !collectsCash(ship) ? "貨到付款僅限宅配與超商取貨" : null);
    return { code, name: PAYMENT_METHOD_LABELS[code], available: reason === null, reason };
  });
}

/** A 限時搶購 order's deadline (decision 100): placed + the smallest hold of its products, null when none is held. */
export function holdDeadline(placedAt: Date, holds: ReadonlyArray<number | null | undefined>): Date | null {
  const minutes = holds.filter((h): h is number => typeof h === "number" && h > 0);
  return minutes.length === 0 ? null : new Date(placedAt.getTime() + Math.min(...minutes) * 60_000);
}

/** The instalment counts an amount reaches (each count's least amount set by staff), with what each month costs. */
export function instalmentChoices(setup: ReadonlyArray<{ count: number; min: number }>, payable: number) {
  return setup
    .filter((i) => payable > 0 && payable >= i.min && payable >= i.count)
    .map((i) => ({ count: i.count, ...instalmentPlan(payable, i.count) }));
}
