import { randomInt } from "node:crypto";
import type { FastStoreOrderInput, NextStep, StoreOrderInput, StoreResult } from "@shop/contract";
import { formatDate, formatMoney } from "@shop/contract/format";
import { deliversToAddress, isTapPayMethod } from "@shop/contract/order";
import { findDistrict } from "@shop/reference-data";
import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { sha256 } from "../../lib/crypto.js";
import { conflict, fieldError, isUniqueViolation, unprocessable } from "../../lib/errors.js";
import type { CartService } from "../cart/service.js";
import type { InventoryService, TakenUnits } from "../inventory/service.js";
import { destinationOfText } from "../logistics/regions.js";
import type { LoyaltyService } from "../loyalty/service.js";
import type { AddressBookService } from "../members/addresses.js";
import type { CardCharge } from "../orders/card-charge.js";
import type { GuestAccess } from "../orders/guest-access.js";
import { holdDeadline, instalmentChoices } from "../orders/pay-methods.js";
import type { PaymentRow, Payments } from "../orders/payments.js";
import { actorOf } from "../orders/service.js";
import type { Buyer, Order, OrderLifecycle } from "../orders/types.js";
import { limitRefusals } from "../pricing/extras.js";
import type { SoldOutMemory } from "./admission.js";
import type { Idempotency, IdempotencyClaim } from "./idempotency.js";
import type { Quotes } from "./quote.js";
import { type BuiltQuote, isCvs, type Source } from "./quote-steps.js";

const TRANSFER_DAYS = 3;
const CARD_PAY_MINUTES = 60;

export type PlaceInput = StoreOrderInput | FastStoreOrderInput;

export interface PlaceOrderDeps {
  db: Db;
  quotes: Quotes;
  cart: CartService;
  inventory: InventoryService;
  loyalty: LoyaltyService;
  addresses: AddressBookService;
  lifecycle: OrderLifecycle;
  payments: Payments;
  charge: Pick<CardCharge, "chargeClaimed">;
  idempotency: Idempotency;
  guestAccess: GuestAccess;
  findOrder: (orderNo: string) => Promise<Order | undefined>;
  /** Refuses an invoice carrier or donation code the tax platform does not know (before any payment). */
  checkInvoice: (invoice: PlaceInput["invoice"]) => Promise<void>;
  /**
   * Holds the buyer's member row for the order's transaction and refuses an account no longer
   * active: closing the account and placing an order never both win (decision 78).
   */
  holdMember: (tx: Tx, memberId: number) => Promise<void>;
  /** Units of these products in the member's orders not cancelled or refunded (限購 N 件/人, decision 92). */
  boughtBefore: (memberId: number, productIds: number[], q: Tx) => Promise<Map<number, number>>;
  /** Variants just found sold out (decision 100). */
  soldOut?: Pick<SoldOutMemory, "soldOut">;
  now?: () => Date;
}

/** The dependencies as placing an order uses them: the clock settled (place-order.ts builds it once). */
export type PlaceOrderContext = PlaceOrderDeps & { now: () => Date };

/**
 * yyyymmdd in Asia/Taipei + 6 random digits: readable, and not guessable from another order.
 * formatDate's formatter is built once; building one per order was a tenth of an order's CPU.
 */
function newOrderNo(now: () => Date): string {
  return `${formatDate(now()).replaceAll("/", "")}${String(randomInt(0, 1_000_000)).padStart(6, "0")}`;
}

function checkDelivery(input: PlaceInput, member: boolean) {
  const m = input.ship_method;
  if (deliversToAddress(m) && !input.address) throw fieldError("address", "請填寫收件地址");
  // The fee's region is read from these names (decision 89): only the post office's own.
  if (deliversToAddress(m) && input.address) {
    const district = findDistrict(input.address.county, input.address.district);
    if (!district) throw fieldError("address", "請選擇正確的縣市與鄉鎮市區");
    if (input.address.zip && !input.address.zip.startsWith(district.zip))
      throw fieldError("address", `郵遞區號與${district.county}${district.district}不符，請確認`);
  }
  if (isCvs(m)) {
    if (!input.cvs_store) throw fieldError("cvs_store", "請選擇取貨門市");
    if (input.cvs_store.type !== m) throw fieldError("cvs_store", "取貨門市與所選超商不符，請重新選擇門市");
    if (!destinationOfText(input.cvs_store.address)) throw fieldError("cvs_store", "取貨門市地址無法辨識，請重新選擇門市");
  }
  if (m === "depot" && !member) throw unprocessable("DEPOT_MEMBERS_ONLY", "雲端庫存僅限會員使用，請先登入");
  if (isTapPayMethod(input.payment_method) && !input.prime)
    throw fieldError("prime", input.payment_method === "card" ? "請輸入信用卡資料" : "付款資料無效，請重新選擇付款方式");
  if (input.instalment && input.payment_method !== "card") throw fieldError("instalment", "分期付款僅限信用卡");
}

async function insertOrder(
  deps: PlaceOrderContext,
  tx: Tx,
  orderNo: string,
  buyer: Buyer,
  input: PlaceInput,
  b: BuiltQuote,
  couponRedemptionId: number | null,
): Promise<Order> {
  const at = deps.now();
  const q = b.q;
  const usual =
    input.payment_method === "transfer"
      ? new Date(at.getTime() + TRANSFER_DAYS * 86_400_000)
      : isTapPayMethod(input.payment_method)
        ? new Date(at.getTime() + CARD_PAY_MINUTES * 60_000)
        : null;
  // 限時搶購 (decision 100): the smallest hold of its goods cuts the deadline; the sweep then releases the stock.
  const hold = holdDeadline(
    at,
    b.lines.map((l) => l.v.holdMinutes),
  );
  const payBy = hold && (!usual || hold < usual) ? hold : usual;
  return deps.lifecycle.create(
    tx,
    {
      orderNo,
      shopId: b.shopId,
      memberId: buyer.memberId ?? null,
      status: "pending_payment",
      shipMethod: input.ship_method,
      paymentMethod: input.payment_method,
      receiverName: input.receiver.name,
      receiverPhone: input.receiver.phone,
      email: input.email ?? "",
      lang: input.lang ?? "zh-TW",
      address: deliversToAddress(input.ship_method) ? (input.address ?? null) : null,
      cvsStore: isCvs(input.ship_method) ? (input.cvs_store ?? null) : null,
      invoice: input.invoice as Record<string, string>,
      note: input.note ?? "",
      goodsAmount: q.goodsAmount,
      discounts: q.discounts,
      discountTotal: q.discountTotal,
      shippingFee: q.shippingFee,
      parcel: b.parcel,
      orderAmount: q.orderAmount,
      pointsUsed: q.pointsUsed,
      walletUsed: q.walletUsed,
      payable: q.payable,
      memberCouponId: q.discounts.some((d) => d.source === "coupon") ? (input.coupon_id ?? null) : null,
      couponRedemptionId,
      tierId: b.tier?.tierId ?? null,
      pointsMultiplier: b.tier?.pointsMultiplier ?? 100,
      // Marked by markPreorder once the stock is reserved (the order's last step).
      preorderState: null,
      preorderShipOn: null,
      payBy,
      createdAt: at,
      updatedAt: at,
    },
    orderLinesOf(b).map((l) => ({ ...l, preorder: false })),
    actorOf(buyer),
  );
}

/** Any pre-order units make it a pre-order, expected when its latest line ships (decision 96). */
async function markPreorder(lifecycle: OrderLifecycle, tx: Tx, order: Order, taken: TakenUnits[]) {
  const waiting = taken.filter((t) => t.preorder > 0);
  if (waiting.length === 0) return order;
  const shipOn =
    waiting
      .flatMap((t) => (t.shipOn ? [t.shipOn] : []))
      .sort()
      .at(-1) ?? null;
  return lifecycle.markPreorder(
    tx,
    order,
    waiting.map((t) => t.variantId),
    shipOn,
  );
}

/** The goods, then the 加價購 lines at their deal price and the 滿額贈 gifts at NT$0 (decision 93). */
function orderLinesOf(b: BuiltQuote) {
  const goods = b.lines.map((l) => ({
    variantId: l.variantId,
    productId: l.v.productId,
    name: l.v.name,
    variantName: l.v.variantName,
    image: l.v.image,
    price: l.v.price,
    qty: l.qty,
    pointPercent: l.v.pointPercent,
  }));
  const extra = (variantId: number) => b.extraLive.get(variantId);
  const addOns = b.q.addOnLines.map((l) => ({
    variantId: l.variantId,
    productId: l.productId,
    name: extra(l.variantId)?.name ?? l.name,
    variantName: extra(l.variantId)?.variantName ?? "",
    image: extra(l.variantId)?.image ?? "",
    price: l.price,
    qty: l.qty,
    // An add-on earns points like the goods: on what was paid for it.
    pointPercent: extra(l.variantId)?.pointPercent ?? 0,
    kind: "addon" as const,
    dealId: l.dealId,
  }));
  const gifts = b.q.giftLines.map((l) => ({
    variantId: l.variantId,
    productId: l.productId,
    name: extra(l.variantId)?.name ?? l.name,
    variantName: extra(l.variantId)?.variantName ?? "",
    image: extra(l.variantId)?.image ?? "",
    price: 0,
    qty: l.qty,
    pointPercent: 0,
    kind: "gift" as const,
    dealId: l.ruleId,
  }));
  return [...goods, ...addOns, ...gifts];
}

/** Units to reserve per variant: goods, add-ons and gifts together (a gift may be a variant also bought). */
function unitsToReserve(b: BuiltQuote, shipMethod: string) {
  const units = new Map<number, { qty: number; maxPreorder: number }>();
  const add = (variantId: number, qty: number, mayWait: boolean) => {
    const u = units.get(variantId) ?? { qty: 0, maxPreorder: 0 };
    units.set(variantId, { qty: u.qty + qty, maxPreorder: u.maxPreorder + (mayWait ? qty : 0) });
  };
  // Only bought goods may wait for stock (decision 96): never a gift or an add-on, nor goods for the depot.
  for (const l of b.lines) add(l.variantId, l.qty, shipMethod !== "depot");
  for (const l of [...b.q.addOnLines, ...b.q.giftLines]) add(l.variantId, l.qty, false);
  return [...units].map(([variantId, u]) => ({ variantId, ...u }));
}

/**
 * 限購 N 件/人 counted again inside the order's transaction (the quote read it before): one
 * member's checkouts of limited goods take a lock of their own, one after the other (decision 92).
 */
async function recheckMemberLimits(deps: PlaceOrderContext, tx: Tx, memberId: number, b: BuiltQuote) {
  const limited = b.lines.filter((l) => l.v.perMemberLimit !== null);
  if (limited.length === 0) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('member-limit'), ${memberId})`);
  const bought = await deps.boughtBefore(memberId, [...new Set(limited.map((l) => l.v.productId))], tx);
  const [refusal] = limitRefusals(limited.map((l) => ({ ...l.v, qty: l.qty, boughtBefore: bought.get(l.v.productId) ?? 0 })));
  if (refusal) throw conflict("PER_MEMBER_LIMIT_EXCEEDED", refusal.message);
}

/** A typed code whose discount applies is redeemed under its coupon's lock (decision 92); null: none used. */
async function redeemCode(deps: PlaceOrderContext, tx: Tx, buyer: Buyer, b: BuiltQuote, orderNo: string) {
  const c = b.codeCoupon;
  if (!c || buyer.memberId === undefined || !b.q.discounts.some((d) => d.source === "coupon")) return null;
  return deps.loyalty.redeemCode(tx, { couponId: c.couponId, codeId: c.codeId, memberId: buyer.memberId, orderNo });
}

async function createOrder(
  deps: PlaceOrderContext,
  buyer: Buyer,
  source: Source,
  input: PlaceInput,
  b: BuiltQuote,
  claimId: number | null,
) {
  const { cart, inventory, loyalty, lifecycle, payments } = deps;
  const payee = input.payment_method === "transfer" ? b.transferPayee : "company";
  for (let attempt = 0; ; attempt++) {
    const orderNo = newOrderNo(deps.now);
    try {
      return await deps.db.transaction(async (tx) => {
        if (buyer.memberId !== undefined) {
          await deps.holdMember(tx, buyer.memberId);
          await recheckMemberLimits(deps, tx, buyer.memberId, b);
        }
        // The cart lines first: their delete locks them, so a twin order of the same lines waits here and then fails.
        if ("lineIds" in source)
          await cart.removeBought(
            tx,
            b.lines.map((l) => ({ lineId: l.lineId, qty: l.qty })),
          );
        if (claimId !== null) await deps.idempotency.attach(tx, claimId, orderNo);
        // A typed code is redeemed first (it locks its coupon row, then stock is locked: one order everywhere).
        const redemptionId = await redeemCode(deps, tx, buyer, b, orderNo);
        const ref = `order:${orderNo}`;
        let order = await insertOrder(deps, tx, orderNo, buyer, input, b, redemptionId);
        // A TapPay order's first attempt (card, wallet, virtual account) is claimed here, with the
        // order nobody else can see yet: one transaction less than claiming it under its lock afterwards.
        const payment = await payments.open(tx, order, payee, isTapPayMethod(input.payment_method), input.instalment ?? 0);
        // The stock as late as the lock order allows (decision 107): a 限時搶購's one variant row is
        // held for the last few statements, not the whole order's. Stock first, then pre-order units
        // within the cap (decision 96); the order is marked from what was taken. Points, wallet and
        // coupon after the stock, as everywhere (coupon → stock → loyalty).
        const taken = await inventory.preorder.reserve(tx, unitsToReserve(b, input.ship_method), ref);
        order = await markPreorder(lifecycle, tx, order, taken);
        if (buyer.memberId !== undefined) {
          const q = b.q;
          if (order.memberCouponId) await loyalty.useCoupon(tx, buyer.memberId, order.memberCouponId, orderNo);
          if (q.pointsUsed > 0)
            await loyalty.changePoints(tx, buyer.memberId, -q.pointsUsed, `訂單 ${orderNo} 折抵`, `${ref}:use`);
          if (q.walletUsed > 0)
            await loyalty.changeWallet(tx, buyer.memberId, -q.walletUsed, `訂單 ${orderNo} 付款`, `${ref}:use`);
        }
        await lifecycle.announcePlaced(tx, order);
        if (b.q.payable === 0) return { order: await lifecycle.pay(tx, order, "system", "點數／錢包全額付款") };
        return { order, payment };
      });
    } catch (error) {
      // Six random digits per day: a clash is rare, and a new number fixes it.
      // The typed code's redemption row is written first, keyed by the order number: a clash shows there.
      const clash = isUniqueViolation(error, "orders_no_key") || isUniqueViolation(error, "coupon_redemptions_order_key");
      if (clash && attempt < 3) continue;
      throw error;
    }
  }
}

/** A guest's answer carries proof of the phone for this browser (never stored with a replayable answer). */
async function withAccess(deps: PlaceOrderContext, buyer: Buyer, answer: StoreResult, orderId?: number): Promise<StoreResult> {
  if (buyer.memberId !== undefined) return answer;
  const id = orderId ?? (await deps.findOrder(answer.order_no))?.id;
  return id === undefined ? answer : { ...answer, access_token: await deps.guestAccess.forCheckout(deps.db, id) };
}

/**
 * Placing an order (POST /order/store and /order/store/fast): re-quote, then in one transaction
 * take the cart lines, reserve stock, apply coupon, points and wallet, open the payment; then
 * charge a card outside the transaction. Once per cart content or Idempotency-Key (decision 30).
 */
export async function placeOrder(
  deps: PlaceOrderContext,
  buyer: Buyer,
  source: Source,
  input: PlaceInput,
  options: { idempotencyKey?: string; origin: string },
): Promise<StoreResult> {
  if (input.address_id !== undefined) {
    if (buyer.memberId === undefined) throw unprocessable("ADDRESS_BOOK_MEMBERS_ONLY", "請先登入會員再使用地址簿");
    const a = await deps.addresses.get(buyer.memberId, input.address_id);
    input = { ...input, address: { zip: a.zip, county: a.county, district: a.district, line: a.line } };
  }
  checkDelivery(input, buyer.memberId !== undefined);
  await deps.checkInvoice(input.invoice);
  const { prime, ...rest } = input;
  const scope =
    buyer.memberId !== undefined ? `member:${buyer.memberId}` : `guest:${sha256(buyer.cartToken ?? input.receiver.phone)}`;
  const requestHash = sha256(JSON.stringify({ source, rest }));
  // Without a key, the cart's lines are the key: the same lines can only ever be bought once.
  const claim: IdempotencyClaim | null = options.idempotencyKey
    ? { scopeKey: `${scope}:${options.idempotencyKey}`, requestHash, implicit: false }
    : "lineIds" in source
      ? {
          scopeKey: `${scope}:cart:${[...new Set(source.lineIds)].sort((a, b) => a - b).join(",")}`,
          requestHash,
          implicit: true,
        }
      : null;
  let claimId: number | null = null;
  if (claim) {
    const claimed = await deps.idempotency.claim(claim);
    if (!claimed.owned) return withAccess(deps, buyer, claimed.answer);
    claimId = claimed.claimId;
  }

  let placed: { order: Order; payment?: PaymentRow };
  try {
    // A keyed 立即購買 of a variant just found sold out: not a retry of a placed order (that one's
    // claim would have answered above), so refused now, its claim given back (decision 105).
    const gone = "variantId" in source ? deps.soldOut?.soldOut([source.variantId]) : undefined;
    if (gone !== undefined) throw conflict("VARIANT_SOLD_OUT", "商品已售完", { variant_id: gone });
    const b = await deps.quotes.build(buyer, source, input);
    if (b.q.couponRejected) throw unprocessable("COUPON_NOT_APPLICABLE", b.q.couponRejected);
    if (input.expected_payable !== undefined && input.expected_payable !== b.q.payable) {
      throw conflict("PAYABLE_CHANGED", `商品價格或優惠已更新，應付金額變為 ${formatMoney(b.q.payable)}，請確認後再下單`, {
        payable: b.q.payable,
      });
    }
    const option = deps.quotes.paymentOptions(b, input.ship_method).find((o) => o.code === input.payment_method);
    if (!option?.available) throw unprocessable("PAYMENT_METHOD_UNAVAILABLE", option?.reason ?? "此付款方式目前無法使用");
    if (input.instalment && !instalmentChoices(b.payment.instalments, b.q.payable).some((i) => i.count === input.instalment))
      throw fieldError("instalment", `此金額無法分 ${input.instalment} 期，請選擇其他期數`);
    placed = await createOrder(deps, buyer, source, input, b, claimId);
  } catch (error) {
    if (claimId !== null) await deps.idempotency.release(claimId);
    throw error;
  }
  const { order, payment } = placed;
  const next: NextStep =
    isTapPayMethod(order.paymentMethod) && payment?.status === "charging"
      ? await deps.charge.chargeClaimed(order, payment, prime ?? "", options.origin)
      : await deps.payments.nextFor(order);
  const answer: StoreResult = { order_no: order.orderNo, next };
  if (claim) await deps.idempotency.answer(claim.scopeKey, answer);
  return withAccess(deps, buyer, answer, order.id);
}
