import { randomInt } from "node:crypto";
import type {
  FastStoreOrderInput,
  NextStep,
  OrderStatus,
  PayInfo,
  PaymentMethodCode,
  ShipMethodCode,
  StoreOrderInput,
} from "@shop/contract";
import { CVS_METHODS, ORDER_STATUS_LABELS, PAYMENT_METHOD_LABELS } from "@shop/contract";
import { formatMoney } from "@shop/contract/format";
import { and, count, desc, eq, inArray, like, lt, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { idempotencyKeys, orderEvents, orderLines, orders, payments } from "../../db/schema/index.js";
import type { CardGateway } from "../../integrations/tappay/client.js";
import { sha256 } from "../../lib/crypto.js";
import { AppError, conflict, fieldError, isUniqueViolation, notFound, unprocessable } from "../../lib/errors.js";
import { likeEscape } from "../../lib/like.js";
import type { CartOwner, CartService } from "../cart/service.js";
import type { CatalogueService } from "../catalogue/service.js";
import { quote } from "../checkout/pricing.js";
import type { InventoryService } from "../inventory/service.js";
import type { LogisticsService } from "../logistics/service.js";
import type { LoyaltyService } from "../loyalty/service.js";
import type { AddressBookService } from "../members/addresses.js";
import type { NotificationsService } from "../notifications/service.js";
import type { PromotionsService } from "../promotions/service.js";
import type { RafflesService } from "../raffles/service.js";
import { MAIN_SHOP_ID, type ShopsService } from "../shops/service.js";
import { BUYER_CANCELLABLE, canTransition, type FulfilmentStep, STEP_REASONS, stepsTo } from "./state.js";

export type Order = typeof orders.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

/** Who is acting: a signed-in member, or a guest (with their cart token, or the phone on an order). */
export interface Buyer {
  memberId?: number;
  cartToken?: string;
  phone?: string;
}

type Source = { lineIds: number[] } | { variantId: number; qty: number };
interface QuoteInputs {
  ship_method?: ShipMethodCode;
  coupon_id?: number;
  points?: number;
  wallet?: number;
  shop_id?: number;
}

const TRANSFER_DAYS = 3;
const CARD_PAY_MINUTES = 60;
const IDEMPOTENCY_WAIT_MS = 35_000;

const actorOf = (b: Buyer) => (b.memberId !== undefined ? `member:${b.memberId}` : "guest");
const isCvs = (m: string): m is (typeof CVS_METHODS)[number] => (CVS_METHODS as readonly string[]).includes(m);

/** A concurrent twin holds this Idempotency-Key: wait for its answer instead of ordering again. */
class DuplicateRequest extends Error {}

export interface OrdersDeps {
  db: Db;
  catalogue: CatalogueService;
  cart: CartService;
  inventory: InventoryService;
  promotions: PromotionsService;
  logistics: LogisticsService;
  loyalty: LoyaltyService;
  shops: ShopsService;
  notifications: NotificationsService;
  addresses: AddressBookService;
  raffles: RafflesService;
  card: CardGateway;
  card_public: { appId: string | null; appKey: string | null; serverType: "sandbox" | "production" };
  now?: () => Date;
}

/** Absolute URLs TapPay sends the buyer and its notify to. */
export interface CallbackBase {
  origin: string;
}

/** An order number or phone that starts with the keyword, or a receiver name that contains it. */
export function orderKeyword(keyword: string | undefined) {
  const k = keyword?.trim();
  if (!k) return undefined;
  return or(
    like(orders.orderNo, `${likeEscape(k)}%`),
    like(orders.receiverPhone, `${likeEscape(k)}%`),
    like(orders.receiverName, `%${likeEscape(k)}%`),
  );
}

export function createOrdersService(deps: OrdersDeps) {
  const { db, catalogue, cart, inventory, promotions, logistics, loyalty, shops, notifications, raffles, card } = deps;
  const now = deps.now ?? (() => new Date());

  /** yyyymmdd in Asia/Taipei + 6 random digits: readable, and not guessable from another order. */
  function newOrderNo(): string {
    const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Taipei", year: "numeric", month: "2-digit", day: "2-digit" })
      .format(now())
      .replace(/-/g, "");
    return `${day}${String(randomInt(0, 1_000_000)).padStart(6, "0")}`;
  }

  async function event(tx: Tx, orderId: number, from: OrderStatus | null, to: OrderStatus, actor: string, reason: string) {
    await tx.insert(orderEvents).values({ orderId, fromStatus: from, toStatus: to, actor, reason, createdAt: now() });
  }

  /** Moves an order from the state it is expected to be in; 409 when someone else moved it first. */
  async function transition(tx: Tx, order: Order, to: OrderStatus, actor: string, reason: string, extra: Partial<Order> = {}) {
    if (!canTransition(order.status, to)) throw conflict("訂單狀態已變更，請重新整理");
    const moved = await tx
      .update(orders)
      .set({ ...extra, status: to, updatedAt: now() })
      .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
      .returning();
    if (moved.length === 0) throw conflict("訂單狀態已變更，請重新整理");
    await event(tx, order.id, order.status, to, actor, reason);
    if (to === "completed" && order.memberId !== null) {
      await loyalty.creditOrder(tx, {
        orderNo: order.orderNo,
        memberId: order.memberId,
        goodsAmount: order.goodsAmount,
        discountTotal: order.discountTotal,
        pointsUsed: order.pointsUsed,
        lines: await linesOf(tx, order.id),
      });
      const paidAmount = Math.max(0, order.goodsAmount - order.discountTotal - order.pointsUsed);
      await raffles.grantForOrder(tx, { memberId: order.memberId, orderNo: order.orderNo, paidAmount });
    }
    if (to === "completed") {
      // Guests' orders in a sub-mall earn the seller their commission too.
      const commission = await shops.commissionOf(order.shopId, order.goodsAmount, tx);
      if (commission) await loyalty.creditCommission(tx, { orderNo: order.orderNo, ...commission });
    }
    if (to === "refunded") {
      await loyalty.reverseOrderCredits(tx, order.orderNo);
      if (order.memberId !== null) await raffles.voidForOrder(tx, order.orderNo);
    }
    // product.md §7: every change notifies the member (guests follow their order by lookup).
    if (order.memberId !== null) {
      await notifications.notify(tx, order.memberId, {
        kind: "order",
        title: `訂單 ${order.orderNo} ${ORDER_STATUS_LABELS[to]}`,
        body: reason,
        link: `/member/order_detail?order_no=${order.orderNo}`,
      });
    }
    return moved[0] as Order;
  }

  async function lockOrder(tx: Tx, orderId: number): Promise<Order> {
    const [o] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!o) throw notFound("找不到此訂單");
    return o;
  }

  async function linesOf(q: Db | Tx, orderId: number) {
    return q.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(orderLines.id);
  }

  /** Paid: depot orders put their goods into the member's depot and complete at once. */
  async function markPaid(tx: Tx, order: Order, actor: string, reason: string): Promise<Order> {
    let o = await transition(tx, order, "paid", actor, reason, { paidAt: now() });
    if (o.shipMethod === "depot" && o.memberId !== null) {
      const lines = await linesOf(tx, o.id);
      await loyalty.depositToDepot(tx, o.memberId, lines, `order:${o.orderNo}`);
      o = await transition(tx, o, "completed", "system", "商品已存入雲端庫存");
    }
    return o;
  }

  /** Gives back everything an order took: stock, coupon, points, wallet and depot goods. */
  async function reverse(tx: Tx, order: Order, refundToWallet: number) {
    const ref = `order:${order.orderNo}`;
    await inventory.release(tx, ref);
    await loyalty.restoreCoupon(tx, order.orderNo);
    if (order.memberId !== null) {
      if (order.pointsUsed > 0)
        await loyalty.changePoints(tx, order.memberId, order.pointsUsed, `訂單 ${order.orderNo} 取消退還`, `${ref}:refund`);
      const wallet = order.walletUsed + refundToWallet;
      if (wallet > 0) await loyalty.changeWallet(tx, order.memberId, wallet, `訂單 ${order.orderNo} 取消退款`, `${ref}:refund`);
      if (order.shipMethod === "depot") await loyalty.withdrawFromDepot(tx, ref);
    }
  }

  async function transferAccount(shopId: number) {
    const s = await shops.settings(shopId, ["transfer_bank_code", "transfer_bank_name", "transfer_account", "transfer_holder"]);
    return {
      code: s.transfer_bank_code ?? "",
      name: s.transfer_bank_name ?? "",
      account: s.transfer_account ?? "",
      holder: s.transfer_holder ?? "",
    };
  }

  /** What the buyer does next for an order as it stands now. */
  async function nextFor(order: Order, lastPayment?: PaymentRow): Promise<NextStep> {
    if (order.status !== "pending_payment") return { type: "done" };
    if (order.paymentMethod === "transfer") {
      return {
        type: "transfer",
        bank: await transferAccount(order.shopId),
        amount: order.payable,
        deadline: (order.payBy ?? now()).toISOString(),
      };
    }
    if (order.paymentMethod === "card") {
      if (lastPayment?.status === "awaiting_3ds") return { type: "card_failed", message: "尚未完成 3D 驗證，請重新付款" };
      return { type: "card_failed", message: lastPayment?.message || "信用卡尚未付款成功，請重新付款" };
    }
    return { type: "done" };
  }

  // ---------- quote ----------

  async function build(buyer: Buyer, source: Source, input: QuoteInputs) {
    const shopId = input.shop_id ?? 1;
    if (!(await shops.isOpen(shopId))) throw notFound("此商城不存在或已暫停營業");
    const owner: CartOwner = buyer.memberId !== undefined ? { memberId: buyer.memberId } : { token: buyer.cartToken };
    const wanted =
      "lineIds" in source
        ? await cart.linesFor(owner, source.lineIds)
        : [{ lineId: 0, variantId: source.variantId, qty: source.qty }];
    const live = new Map(
      (
        await catalogue.variantsForCart(
          wanted.map((w) => w.variantId),
          shopId,
        )
      ).map((v) => [v.id, v]),
    );
    const lines = wanted.map((w) => {
      const v = live.get(w.variantId);
      if (!v?.sellable) throw conflict(v ? `「${v.name}」已下架或不在此商城販售` : "商品已下架", { variant_id: w.variantId });
      if (v.perOrderLimit !== null && w.qty > v.perOrderLimit)
        throw unprocessable(`「${v.name}」每筆訂單限購 ${v.perOrderLimit} 件`, { variant_id: w.variantId });
      if (w.qty > v.stock)
        throw conflict(v.stock > 0 ? `「${v.name}」庫存不足，目前剩 ${v.stock} 件` : `「${v.name}」已售完`, {
          variant_id: w.variantId,
        });
      return { ...w, v };
    });

    const member = buyer.memberId !== undefined;
    const methods = (await logistics.shipMethods(shopId)).filter((m) => member || m.code !== "depot");
    const chosen = input.ship_method ? methods.find((m) => m.code === input.ship_method) : undefined;
    if (input.ship_method && !chosen) {
      throw unprocessable(input.ship_method === "depot" && !member ? "雲端庫存僅限會員使用，請先登入" : "此配送方式目前無法使用");
    }

    if (!member && (input.coupon_id || input.points || input.wallet)) {
      throw unprocessable("優惠券、點數與錢包僅限會員使用，請先登入");
    }
    const coupons = member ? await loyalty.usableCoupons(buyer.memberId as number) : [];
    const coupon = input.coupon_id ? coupons.find((c) => c.id === input.coupon_id) : undefined;
    if (input.coupon_id && !coupon) throw unprocessable("找不到此優惠券，可能已使用或已過期");
    const balances = member ? await loyalty.balances(buyer.memberId as number) : { points: 0, wallet: 0 };
    const cap = await loyalty.pointsCapPerOrder();
    if ((input.points ?? 0) > balances.points) throw unprocessable(`點數不足，目前可用 ${balances.points} 點`);
    if ((input.points ?? 0) > cap) throw unprocessable(`每筆訂單最多可折抵 ${cap} 點`);
    if ((input.wallet ?? 0) > balances.wallet) throw unprocessable(`錢包餘額不足，目前餘額 ${formatMoney(balances.wallet)}`);

    const rules = await promotions.rules(shopId);
    const q = quote({
      lines: lines.map((l) => ({
        variantId: l.variantId,
        productId: l.v.productId,
        categoryId: l.v.categoryId,
        price: l.v.price,
        qty: l.qty,
      })),
      promotions: rules,
      coupon,
      shipMethod: chosen ? { code: chosen.code, fee: chosen.fee, freeThreshold: chosen.free_threshold } : undefined,
      points: { requested: input.points ?? 0, owned: balances.points, capPerOrder: cap },
      wallet: { requested: input.wallet ?? 0, balance: balances.wallet },
    });
    // Payment methods the back office switched off (main-mall settings; "0" = off).
    const payment = await shops.settings(MAIN_SHOP_ID, ["pay_card", "pay_transfer", "pay_cod"]);
    return { shopId, lines, q, methods, chosen, coupons, balances, cap, member, payment };
  }

  function paymentOptions(b: Awaited<ReturnType<typeof build>>, ship?: ShipMethodCode) {
    const payable = b.q.payable;
    const opts: PayInfo["payment_methods"] = [];
    const add = (code: PaymentMethodCode, reason: string | null) =>
      opts.push({ code, name: PAYMENT_METHOD_LABELS[code], available: reason === null, reason });
    const covered = payable === 0 ? "已由點數／錢包全額支付" : null;
    const closed = (key: "pay_card" | "pay_transfer" | "pay_cod") => (b.payment[key] === "0" ? "目前未開放此付款方式" : null);
    add("card", covered ?? closed("pay_card"));
    add("transfer", covered ?? closed("pay_transfer"));
    add("cod", covered ?? closed("pay_cod") ?? (ship && (ship === "hct" || isCvs(ship)) ? null : "貨到付款僅限宅配與超商取貨"));
    add("points_wallet", !b.member ? "僅限會員使用" : payable > 0 ? "點數與錢包需足以支付全額" : null);
    return opts;
  }

  function quoteView(b: Awaited<ReturnType<typeof build>>) {
    const q = b.q;
    return {
      lines: b.lines.map((l) => ({
        variant_id: l.variantId,
        product_id: l.v.productId,
        name: l.v.name,
        variant_name: l.v.variantName,
        image: l.v.image,
        price: l.v.price,
        qty: l.qty,
        subtotal: l.v.price * l.qty,
      })),
      goods_amount: q.goodsAmount,
      discounts: q.discounts,
      discount_total: q.discountTotal,
      shipping_fee: q.shippingFee,
      order_amount: q.orderAmount,
      points_used: q.pointsUsed,
      wallet_used: q.walletUsed,
      payable: q.payable,
      coupon_rejected: q.couponRejected ?? null,
    };
  }

  async function recentAddresses(memberId: number | undefined): Promise<PayInfo["recent_addresses"]> {
    if (memberId === undefined) return [];
    // The address book first; then addresses from earlier orders not in it.
    const book = (await deps.addresses.list(memberId)).map((a) => ({
      receiver: { name: a.name, phone: a.phone },
      address: { zip: a.zip, county: a.county, district: a.district, line: a.line },
    }));
    const rows = await db
      .select({ name: orders.receiverName, phone: orders.receiverPhone, address: orders.address })
      .from(orders)
      .where(and(eq(orders.memberId, memberId), sql`${orders.address} is not null`))
      .orderBy(sql`${orders.id} desc`)
      .limit(20);
    // jsonb does not keep key order: compare addresses field by field.
    const keyOf = (name: string, phone: string, a: Record<string, string>) =>
      [name, phone, a.zip, a.county, a.district, a.line].join("|");
    const seen = new Set<string>(book.map((b) => keyOf(b.receiver.name, b.receiver.phone, b.address)));
    const out: PayInfo["recent_addresses"] = [...book];
    for (const r of rows) {
      if (!r.address) continue;
      const key = keyOf(r.name, r.phone, r.address);
      if (seen.has(key)) continue;
      seen.add(key);
      const a = r.address;
      out.push({
        receiver: { name: r.name, phone: r.phone },
        address: { zip: a.zip ?? "", county: a.county ?? "", district: a.district ?? "", line: a.line ?? "" },
      });
    }
    return out.slice(0, book.length + 5);
  }

  async function payInfo(buyer: Buyer, source: Source, input: QuoteInputs): Promise<PayInfo> {
    const b = await build(buyer, source, input);
    const discounted = b.q.goodsAmount - b.q.discountTotal;
    return {
      quote: quoteView(b),
      ship_methods: b.methods.map((m) => ({
        code: m.code as ShipMethodCode,
        name: m.name,
        fee: m.fee,
        free_threshold: m.free_threshold,
        fee_now: m.free_threshold !== null && discounted >= m.free_threshold ? 0 : m.fee,
      })),
      payment_methods: paymentOptions(b, input.ship_method),
      coupons: b.coupons.map((c) => ({ id: c.id, title: c.title, min_spend: c.minSpend, expires_at: c.expiresAt.toISOString() })),
      points: { owned: b.balances.points, cap_per_order: b.cap },
      wallet: { balance: b.balances.wallet },
      member: b.member,
      recent_addresses: await recentAddresses(buyer.memberId),
      card: cardConfig(),
    };
  }

  // ---------- store ----------

  function checkDelivery(input: StoreOrderInput | FastStoreOrderInput, member: boolean) {
    const m = input.ship_method;
    if ((m === "hct" || m === "self") && !input.address) throw fieldError("address", "請填寫收件地址");
    if (isCvs(m)) {
      if (!input.cvs_store) throw fieldError("cvs_store", "請選擇取貨門市");
      if (input.cvs_store.type !== m) throw fieldError("cvs_store", "取貨門市與所選超商不符，請重新選擇門市");
    }
    if (m === "depot" && !member) throw unprocessable("雲端庫存僅限會員使用，請先登入");
    if (input.payment_method === "card" && !input.prime) throw fieldError("prime", "請輸入信用卡資料");
  }

  async function waitForTwin(scopeKey: string, requestHash: string) {
    const deadline = Date.now() + IDEMPOTENCY_WAIT_MS;
    for (;;) {
      const [row] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.scopeKey, scopeKey));
      if (row && row.requestHash !== requestHash) throw unprocessable("此 Idempotency-Key 已用於另一筆不同內容的訂單");
      if (row?.response) return row.response as { order_no: string; next: NextStep };
      if (row && Date.now() > deadline) {
        // The first request died before answering (e.g. a crash while charging): answer from the order.
        const [o] = await db.select().from(orders).where(eq(orders.orderNo, row.orderNo));
        if (o) return { order_no: o.orderNo, next: await nextFor(o) };
      }
      if (!row && Date.now() > deadline) throw conflict("訂單處理中，請稍後再試");
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  async function createOrder(
    buyer: Buyer,
    source: Source,
    input: StoreOrderInput | FastStoreOrderInput,
    b: Awaited<ReturnType<typeof build>>,
    idem: { scopeKey: string; requestHash: string } | null,
  ): Promise<Order> {
    for (let attempt = 0; ; attempt++) {
      const orderNo = newOrderNo();
      try {
        return await db.transaction(async (tx) => {
          if (idem) {
            const claimed = await tx
              .insert(idempotencyKeys)
              .values({ scopeKey: idem.scopeKey, requestHash: idem.requestHash, orderNo, createdAt: now() })
              .onConflictDoNothing()
              .returning({ id: idempotencyKeys.id });
            if (claimed.length === 0) throw new DuplicateRequest();
          }
          const at = now();
          const payBy =
            input.payment_method === "transfer"
              ? new Date(at.getTime() + TRANSFER_DAYS * 86_400_000)
              : input.payment_method === "card"
                ? new Date(at.getTime() + CARD_PAY_MINUTES * 60_000)
                : null;
          const q = b.q;
          const [order] = await tx
            .insert(orders)
            .values({
              orderNo,
              shopId: b.shopId,
              memberId: buyer.memberId ?? null,
              status: "pending_payment",
              shipMethod: input.ship_method,
              paymentMethod: input.payment_method,
              receiverName: input.receiver.name,
              receiverPhone: input.receiver.phone,
              email: input.email ?? "",
              address: input.ship_method === "hct" || input.ship_method === "self" ? (input.address ?? null) : null,
              cvsStore: isCvs(input.ship_method) ? (input.cvs_store ?? null) : null,
              invoice: input.invoice as Record<string, string>,
              note: input.note ?? "",
              goodsAmount: q.goodsAmount,
              discounts: q.discounts,
              discountTotal: q.discountTotal,
              shippingFee: q.shippingFee,
              orderAmount: q.orderAmount,
              pointsUsed: q.pointsUsed,
              walletUsed: q.walletUsed,
              payable: q.payable,
              memberCouponId: q.discounts.some((d) => d.source === "coupon") ? (input.coupon_id ?? null) : null,
              payBy,
              createdAt: at,
              updatedAt: at,
            })
            .returning();
          if (!order) throw new Error("order insert returned nothing");
          await tx.insert(orderLines).values(
            b.lines.map((l) => ({
              orderId: order.id,
              variantId: l.variantId,
              productId: l.v.productId,
              name: l.v.name,
              variantName: l.v.variantName,
              image: l.v.image,
              price: l.v.price,
              qty: l.qty,
              pointPercent: l.v.pointPercent,
            })),
          );
          await event(tx, order.id, null, "pending_payment", actorOf(buyer), "訂單成立");
          const ref = `order:${orderNo}`;
          await inventory.reserve(tx, b.lines, ref);
          if (buyer.memberId !== undefined) {
            if (order.memberCouponId) await loyalty.useCoupon(tx, buyer.memberId, order.memberCouponId, orderNo);
            if (q.pointsUsed > 0)
              await loyalty.changePoints(tx, buyer.memberId, -q.pointsUsed, `訂單 ${orderNo} 折抵`, `${ref}:use`);
            if (q.walletUsed > 0)
              await loyalty.changeWallet(tx, buyer.memberId, -q.walletUsed, `訂單 ${orderNo} 付款`, `${ref}:use`);
          }
          if ("lineIds" in source) await cart.removeBought(tx, source.lineIds);
          await tx.insert(payments).values({
            orderId: order.id,
            method: input.payment_method,
            provider: input.payment_method === "card" ? (card.simulated ? "tappay-simulator" : "tappay") : input.payment_method,
            amount: q.payable,
            status: q.payable === 0 ? "paid" : "pending",
            createdAt: at,
            updatedAt: at,
          });
          if (q.payable === 0) return markPaid(tx, order, "system", "點數／錢包全額付款");
          return order;
        });
      } catch (error) {
        // Six random digits per day: a clash is rare, and a new number fixes it.
        if (isUniqueViolation(error, "orders_no_key") && attempt < 3) continue;
        throw error;
      }
    }
  }

  /** Charges the card for an order (outside any transaction: it is a network call). */
  async function charge(order: Order, prime: string, origin: string): Promise<NextStep> {
    // One charge in flight per order: the order row lock serialises repays and twin requests.
    const payment = await db.transaction(async (tx) => {
      const o = await lockOrder(tx, order.id);
      if (o.status !== "pending_payment") return null;
      const mine = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, o.id), eq(payments.method, "card")));
      const at = now();
      if (mine.some((p) => p.status === "charging" && at.getTime() - p.updatedAt.getTime() < 60_000)) {
        throw conflict("付款處理中，請稍候再查看訂單");
      }
      const fresh = mine.find((p) => p.status === "pending");
      if (fresh) {
        const [claimed] = await tx
          .update(payments)
          .set({ status: "charging", updatedAt: at })
          .where(eq(payments.id, fresh.id))
          .returning();
        return claimed ?? null;
      }
      const [p] = await tx
        .insert(payments)
        .values({
          orderId: o.id,
          method: "card",
          provider: card.simulated ? "tappay-simulator" : "tappay",
          amount: o.payable,
          status: "charging",
          createdAt: at,
          updatedAt: at,
        })
        .returning();
      return p ?? null;
    });
    if (!payment) return nextFor((await db.select().from(orders).where(eq(orders.id, order.id)))[0] ?? order);

    const finishUrl = `${origin}/orderfinish?order_no=${order.orderNo}`;
    let result: Awaited<ReturnType<CardGateway["payByPrime"]>>;
    try {
      result = await card.payByPrime({
        prime,
        amount: order.payable,
        orderNumber: order.orderNo,
        details: `茶山好物訂單 ${order.orderNo}`,
        cardholder: { phone_number: order.receiverPhone, name: order.receiverName, email: order.email },
        threeDomainSecure: true,
        resultUrl: {
          frontend_redirect_url: finishUrl,
          backend_notify_url: `${origin}/api/payments/tappay/notify`,
          go_back_url: finishUrl,
        },
      });
    } catch {
      await db
        .update(payments)
        .set({ status: "failed", message: "無法連線至刷卡服務，請稍後重新付款", updatedAt: now() })
        .where(eq(payments.id, payment.id));
      return { type: "card_failed", message: "無法連線至刷卡服務，請稍後重新付款" };
    }
    const last4 = result.card_info?.last_four ? `末四碼 ${result.card_info.last_four}` : "";
    if (result.status !== 0 || !result.rec_trade_id) {
      const message = "信用卡授權失敗，請確認卡片資料或改用其他付款方式";
      await db.update(payments).set({ status: "failed", message, updatedAt: now() }).where(eq(payments.id, payment.id));
      return { type: "card_failed", message };
    }
    if (result.payment_url) {
      await db
        .update(payments)
        .set({ status: "awaiting_3ds", providerRef: result.rec_trade_id, message: last4, updatedAt: now() })
        .where(eq(payments.id, payment.id));
      return { type: "redirect_3ds", url: result.payment_url };
    }
    await settleCard(payment.id, result.rec_trade_id, last4, "信用卡付款成功");
    return { type: "done" };
  }

  /**
   * A card payment succeeded at the provider. Marks the order paid once; if the order was paid by
   * another attempt or cancelled meanwhile, the money goes straight back.
   */
  async function settleCard(paymentId: number, recTradeId: string, last4: string, reason: string) {
    const refundNeeded = await db.transaction(async (tx) => {
      const [p] = await tx.select().from(payments).where(eq(payments.id, paymentId));
      if (!p || p.status === "paid" || p.status === "refunded") return false;
      const o = await lockOrder(tx, p.orderId);
      await tx
        .update(payments)
        .set({ status: "paid", providerRef: recTradeId, message: last4 || p.message, updatedAt: now() })
        .where(eq(payments.id, p.id));
      if (o.status !== "pending_payment") return true;
      await markPaid(tx, o, `provider:${p.provider}`, reason);
      return false;
    });
    if (refundNeeded) await refundCard(paymentId, "重複付款，已自動退刷");
  }

  async function refundCard(paymentId: number, message: string) {
    const [p] = await db.select().from(payments).where(eq(payments.id, paymentId));
    if (!p?.providerRef || p.status !== "paid") return;
    let ok = false;
    try {
      ok = (await card.refund(p.providerRef, p.amount)).status === 0;
    } catch {
      ok = false;
    }
    await db
      .update(payments)
      .set(ok ? { status: "refunded", message, updatedAt: now() } : { message: "退刷失敗，待客服處理", updatedAt: now() })
      .where(eq(payments.id, p.id));
  }

  async function store(
    buyer: Buyer,
    source: Source,
    input: StoreOrderInput | FastStoreOrderInput,
    options: { idempotencyKey?: string; origin: string },
  ): Promise<{ order_no: string; next: NextStep }> {
    if (input.address_id !== undefined) {
      if (buyer.memberId === undefined) throw unprocessable("請先登入會員再使用地址簿");
      const a = await deps.addresses.get(buyer.memberId, input.address_id);
      input = { ...input, address: { zip: a.zip, county: a.county, district: a.district, line: a.line } };
    }
    checkDelivery(input, buyer.memberId !== undefined);
    const { prime, ...rest } = input;
    const requestHash = sha256(JSON.stringify({ source, rest }));
    const scope =
      buyer.memberId !== undefined ? `member:${buyer.memberId}` : `guest:${sha256(buyer.cartToken ?? input.receiver.phone)}`;
    const idem = options.idempotencyKey ? { scopeKey: `${scope}:${options.idempotencyKey}`, requestHash } : null;
    if (idem) {
      const [seen] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.scopeKey, idem.scopeKey));
      if (seen) return waitForTwin(idem.scopeKey, requestHash);
    }

    const b = await build(buyer, source, input);
    if (b.q.couponRejected) throw unprocessable(b.q.couponRejected);
    if (input.expected_payable !== undefined && input.expected_payable !== b.q.payable) {
      throw conflict(`商品價格或優惠已更新，應付金額變為 ${formatMoney(b.q.payable)}，請確認後再下單`, { payable: b.q.payable });
    }
    const option = paymentOptions(b, input.ship_method).find((o) => o.code === input.payment_method);
    if (!option?.available) throw unprocessable(option?.reason ?? "此付款方式目前無法使用");

    let order: Order;
    try {
      order = await createOrder(buyer, source, input, b, idem);
    } catch (error) {
      if (error instanceof DuplicateRequest && idem) return waitForTwin(idem.scopeKey, requestHash);
      throw error;
    }
    const next: NextStep =
      order.paymentMethod === "card" && order.status === "pending_payment"
        ? await charge(order, prime ?? "", options.origin)
        : await nextFor(order);
    const response = { order_no: order.orderNo, next };
    if (idem) await db.update(idempotencyKeys).set({ response }).where(eq(idempotencyKeys.scopeKey, idem.scopeKey));
    return response;
  }

  // ---------- after the order ----------

  /** The order if the buyer may see it: their own as a member, or the phone on it as a guest. */
  async function findFor(buyer: Buyer, orderNo: string): Promise<Order> {
    const [o] = await db.select().from(orders).where(eq(orders.orderNo, orderNo));
    const mine =
      o &&
      ((buyer.memberId !== undefined && o.memberId === buyer.memberId) ||
        (buyer.phone !== undefined && o.receiverPhone === buyer.phone));
    if (!o || !mine) throw notFound("查無此訂單，請確認訂單編號與手機號碼");
    return o;
  }

  async function cancelOrder(o: Order, actor: string, reason: string, opts: { allowGuestRefund: boolean }) {
    const paid = (
      await db
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, o.id), eq(payments.status, "paid")))
    ).filter((p) => p.amount > 0);
    const offline = paid.filter((p) => p.method === "transfer" || p.method === "cod");
    if (offline.length > 0 && o.memberId === null && !opts.allowGuestRefund) {
      throw unprocessable("已付款的訪客訂單請聯繫客服辦理取消與退款");
    }
    await db.transaction(async (tx) => {
      const locked = await lockOrder(tx, o.id);
      if (!BUYER_CANCELLABLE.includes(locked.status)) throw conflict("訂單已出貨或已結束，無法取消；如需退貨請聯繫客服");
      await transition(tx, locked, "cancelled", actor, reason);
      // Money paid by transfer or on delivery goes to the member's wallet (docs/decisions/0017).
      const toWallet = locked.memberId !== null ? offline.reduce((s, p) => s + p.amount, 0) : 0;
      await reverse(tx, locked, toWallet);
      for (const p of offline) {
        await tx
          .update(payments)
          .set({ status: "refunded", message: toWallet > 0 ? "已退款至錢包" : "已由客服另行退款", updatedAt: now() })
          .where(eq(payments.id, p.id));
      }
      // A card waiting for 3-D Secure will not be settled now; a late success is refunded.
      await tx
        .update(payments)
        .set({ status: "failed", message: "訂單已取消", updatedAt: now() })
        .where(and(eq(payments.orderId, o.id), sql`${payments.status} in ('pending', 'charging', 'awaiting_3ds')`));
    });
    for (const p of paid.filter((p) => p.method === "card")) await refundCard(p.id, "訂單取消，已退刷");
  }

  const cardConfig = (): PayInfo["card"] => ({
    simulated: card.simulated,
    app_id: deps.card_public.appId,
    app_key: deps.card_public.appKey,
    server_type: deps.card_public.serverType,
  });

  return {
    payInfo,
    store,
    cardConfig,
    findFor,
    linesOf: (orderId: number) => linesOf(db, orderId),
    paymentsOf: (orderId: number) => db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.id),
    eventsOf: (orderId: number) => db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(orderEvents.id),
    transferAccount,
    nextFor,

    async byNo(orderNo: string): Promise<Order | undefined> {
      return (await db.select().from(orders).where(eq(orders.orderNo, orderNo)))[0];
    },

    async cancelByBuyer(buyer: Buyer, orderNo: string, reason: string) {
      const o = await findFor(buyer, orderNo);
      if (!BUYER_CANCELLABLE.includes(o.status)) throw conflict("訂單已出貨或已結束，無法取消；如需退貨請聯繫客服");
      await cancelOrder(o, actorOf(buyer), `買家取消：${reason}`, { allowGuestRefund: false });
    },

    /** Staff cancel before shipping, for any buyer; money goes back as for a buyer's cancel. */
    async cancelByStaff(orderNo: string, actor: string, reason: string) {
      const o = await this.byNo(orderNo);
      if (!o) throw notFound("找不到此訂單");
      if (!BUYER_CANCELLABLE.includes(o.status)) throw conflict("訂單已出貨或已結束，無法取消；已送達的訂單請改用退貨退款");
      await cancelOrder(o, actor, `客服取消：${reason}`, { allowGuestRefund: true });
    },

    async reportTransfer(buyer: Buyer, input: { order_no: string; last5: string; amount: number; paid_at: string }) {
      const o = await findFor(buyer, input.order_no);
      if (o.paymentMethod !== "transfer" || o.status !== "pending_payment") throw conflict("此訂單不需回報匯款");
      if (input.amount !== o.payable) throw unprocessable(`匯款金額與應付金額 ${formatMoney(o.payable)} 不符`);
      await db
        .update(payments)
        .set({ report: { last5: input.last5, amount: input.amount, paid_at: input.paid_at }, updatedAt: now() })
        .where(and(eq(payments.orderId, o.id), eq(payments.method, "transfer")));
    },

    async repay(buyer: Buyer, orderNo: string, prime: string, origin: string): Promise<NextStep> {
      const o = await findFor(buyer, orderNo);
      if (o.paymentMethod !== "card") throw conflict("此訂單不是信用卡付款");
      if (o.status !== "pending_payment") throw conflict("此訂單已付款或已取消");
      return charge(o, prime, origin);
    },

    /** TapPay's 3-D Secure notify: trusted only after the Record API confirms it. Idempotent. */
    async tapPayNotify(recTradeId: string) {
      const [p] = await db.select().from(payments).where(eq(payments.providerRef, recTradeId));
      if (!p) throw notFound("找不到此交易");
      const record = await card.record(recTradeId);
      if (!record) throw unprocessable("無法確認交易");
      if ((record.record_status === 0 || record.record_status === 1) && record.amount === p.amount) {
        await settleCard(p.id, recTradeId, p.message, "信用卡 3D 驗證付款成功");
      } else if (record.record_status === -1 && p.status === "awaiting_3ds") {
        await db
          .update(payments)
          .set({ status: "failed", message: "3D 驗證未通過，請重新付款", updatedAt: now() })
          .where(and(eq(payments.id, p.id), eq(payments.status, "awaiting_3ds")));
      }
    },

    /** Staff or the shop's seller confirm a transfer or cash-on-delivery payment. */
    async confirmPayment(orderNo: string, actor: string) {
      const o = await this.byNo(orderNo);
      if (!o) throw notFound("找不到此訂單");
      if (o.paymentMethod !== "transfer" && o.paymentMethod !== "cod") throw conflict("此訂單的付款不需人工確認");
      await db.transaction(async (tx) => {
        const locked = await lockOrder(tx, o.id);
        if (locked.status !== "pending_payment") throw conflict("訂單狀態已變更，請重新整理");
        await tx
          .update(payments)
          .set({ status: "paid", updatedAt: now() })
          .where(and(eq(payments.orderId, o.id), eq(payments.method, o.paymentMethod)));
        await markPaid(tx, locked, actor, o.paymentMethod === "transfer" ? "確認收到匯款" : "確認貨到付款");
      });
    },

    /**
     * Fulfilment (staff and sellers): moves the order forward along paid → processing → shipped →
     * delivered → completed to `to`, recording every step, in one transaction. Shipping needs a
     * tracking number unless it is the seller's own delivery.
     */
    async advance(orderNo: string, to: FulfilmentStep, actor: string, trackingNo?: string) {
      const o = await this.byNo(orderNo);
      if (!o) throw notFound("找不到此訂單");
      const steps = stepsTo(o.status, to);
      if (steps.includes("shipped") && !trackingNo && o.shipMethod !== "self") throw fieldError("tracking_no", "請輸入物流單號");
      await db.transaction(async (tx) => {
        let locked = await lockOrder(tx, o.id);
        for (const step of stepsTo(locked.status, to)) {
          const extra = step === "shipped" ? { trackingNo: trackingNo ?? null } : {};
          locked = await transition(tx, locked, step, actor, STEP_REASONS[step], extra);
        }
      });
      if (steps.includes("shipped")) await logistics.addEvent(orderNo, "已出貨", "", now());
      if (steps.includes("delivered")) await logistics.addEvent(orderNo, "已送達", "", now());
    },

    /**
     * The seller delivers a home-delivery order themselves (product.md §10): the goods come out of
     * the shop's own stock instead of the warehouse (whose reservation is released), the order
     * becomes a self-delivery with the carrier and tracking number, and it is shipped.
     */
    async shipBySeller(orderNo: string, carrier: string, trackingNo: string, actor: string) {
      const o = await this.byNo(orderNo);
      if (!o) throw notFound("找不到此訂單");
      await db.transaction(async (tx) => {
        let locked = await lockOrder(tx, o.id);
        if (locked.shipMethod !== "hct" && locked.shipMethod !== "self")
          throw conflict("只有宅配訂單可以由賣家自行配送；超商取貨與雲端庫存訂單不適用");
        if (locked.status !== "paid" && locked.status !== "processing") throw conflict("訂單需為已付款或備貨中才能出貨");
        const lines = await linesOf(tx, locked.id);
        const ref = `order:${locked.orderNo}`;
        await inventory.release(tx, ref);
        try {
          await inventory.moveShopStock(
            tx,
            locked.shopId,
            lines.map((l) => ({ variantId: l.variantId, qty: -l.qty })),
            "order",
            ref,
          );
        } catch (error) {
          if (!(error instanceof AppError) || error.statusCode !== 409) throw error;
          const short = lines.find((l) => l.variantId === (error.data as { variant_id?: number } | undefined)?.variant_id);
          throw conflict(
            `賣家庫存不足：${short ? `${short.name}（${short.variantName}）` : "部分商品"}，請先補充庫存或改由總公司出貨`,
          );
        }
        if (locked.status === "paid") locked = await transition(tx, locked, "processing", actor, STEP_REASONS.processing);
        await transition(tx, locked, "shipped", actor, `賣家自行配送：${carrier} ${trackingNo}`, {
          shipMethod: "self",
          carrier,
          trackingNo,
        });
      });
      await logistics.addEvent(orderNo, `賣家已交寄（${carrier}）`, "", now());
    },

    /** Before shipping, switches a home-delivery order between the warehouse's HCT and the seller's own delivery; the fee paid stays. */
    async changeShipMethod(orderNo: string, to: "hct" | "self", actor: string) {
      const o = await this.byNo(orderNo);
      if (!o) throw notFound("找不到此訂單");
      if (o.shipMethod === to) throw conflict("配送方式沒有變更");
      if (o.shipMethod !== "hct" && o.shipMethod !== "self") throw conflict("只有宅配訂單可以變更配送方式");
      if (!(await logistics.shipMethods(o.shopId)).some((m) => m.code === to)) throw unprocessable("此商城未提供這個配送方式");
      await db.transaction(async (tx) => {
        const locked = await lockOrder(tx, o.id);
        if (!BUYER_CANCELLABLE.includes(locked.status) || locked.shipMethod !== o.shipMethod)
          throw conflict("訂單狀態已變更，請重新整理");
        await tx.update(orders).set({ shipMethod: to, updatedAt: now() }).where(eq(orders.id, o.id));
        const reason = `配送方式改為${to === "self" ? "賣家自行配送" : "新竹物流宅配"}`;
        await event(tx, o.id, locked.status, locked.status, actor, reason);
        if (locked.memberId !== null) {
          await notifications.notify(tx, locked.memberId, {
            kind: "order",
            title: `訂單 ${o.orderNo} ${reason}`,
            body: reason,
            link: `/member/order_detail?order_no=${o.orderNo}`,
          });
        }
      });
    },

    /** One page of a shop's orders, newest first, by state and by order number, name or phone. */
    async listForShop(shopId: number, filter: { status?: OrderStatus; keyword?: string }, page: number, perPage: number) {
      const where = and(
        eq(orders.shopId, shopId),
        filter.status ? eq(orders.status, filter.status) : undefined,
        orderKeyword(filter.keyword),
      );
      const [total] = await db.select({ n: count() }).from(orders).where(where);
      const rows = await db
        .select()
        .from(orders)
        .where(where)
        .orderBy(desc(orders.id))
        .limit(perPage)
        .offset((page - 1) * perPage);
      return { rows, total: total?.n ?? 0 };
    },

    /** How many of a shop's orders are in each state. */
    async countsForShop(shopId: number): Promise<Partial<Record<OrderStatus, number>>> {
      const rows = await db
        .select({ status: orders.status, n: count() })
        .from(orders)
        .where(eq(orders.shopId, shopId))
        .groupBy(orders.status);
      return Object.fromEntries(rows.map((r) => [r.status, r.n]));
    },

    /**
     * A return after delivery (staff): the order becomes refunded, its completion credits are taken
     * back, the goods come back into stock, and the money goes back the way it came (card refund,
     * or the member's wallet for points, wallet, transfer and cash on delivery).
     */
    async refundReturned(orderNo: string, actor: string, reason: string) {
      const o = await this.byNo(orderNo);
      if (!o) throw notFound("找不到此訂單");
      const paid = (
        await db
          .select()
          .from(payments)
          .where(and(eq(payments.orderId, o.id), eq(payments.status, "paid")))
      ).filter((p) => p.amount > 0);
      await db.transaction(async (tx) => {
        const locked = await lockOrder(tx, o.id);
        if (locked.status !== "delivered" && locked.status !== "completed")
          throw conflict("只有已送達或已完成的訂單可以退貨退款");
        await transition(tx, locked, "refunded", actor, reason);
        const lines = await linesOf(tx, o.id);
        if (locked.carrier !== null) {
          // The seller delivered it from their own stock: that is where it comes back.
          const back = lines.map((l) => ({ variantId: l.variantId, qty: l.qty }));
          await inventory.moveShopStock(tx, locked.shopId, back, "return", `order:${o.orderNo}:return`);
        } else {
          for (const l of lines) await inventory.restock(tx, l.variantId, l.qty, `order:${o.orderNo}:return`);
        }
        if (locked.memberId !== null) {
          const offline = paid.filter((p) => p.method !== "card").reduce((sum, p) => sum + p.amount, 0);
          if (locked.pointsUsed > 0)
            await loyalty.changePoints(
              tx,
              locked.memberId,
              locked.pointsUsed,
              `訂單 ${o.orderNo} 退款退還`,
              `order:${o.orderNo}:refund`,
            );
          if (locked.walletUsed + offline > 0) {
            await loyalty.changeWallet(
              tx,
              locked.memberId,
              locked.walletUsed + offline,
              `訂單 ${o.orderNo} 退款`,
              `order:${o.orderNo}:refund`,
            );
          }
        }
      });
      for (const p of paid.filter((p) => p.method === "card")) await refundCard(p.id, "退貨退款，已退刷");
    },

    /** Cancels unpaid orders past their deadline and gives everything back. Safe to run anywhere, any time. */
    /**
     * Stock reservations nothing will ever release: held by an order that is cancelled, or by an
     * order number that does not exist (its transaction died half-way). Should always be none.
     */
    async stuckReservations(): Promise<string[]> {
      const refs = (await inventory.heldRefs("order:")).filter((r) => /^order:\d+$/.test(r));
      if (refs.length === 0) return [];
      const nos = refs.map((r) => r.slice("order:".length));
      const rows = await db
        .select({ no: orders.orderNo, status: orders.status })
        .from(orders)
        .where(inArray(orders.orderNo, nos));
      const status = new Map(rows.map((r) => [r.no, r.status]));
      return refs.filter((r) => {
        const s = status.get(r.slice("order:".length));
        return s === undefined || s === "cancelled";
      });
    },

    async expireUnpaid(): Promise<number> {
      const due = await db
        .select()
        .from(orders)
        .where(and(eq(orders.status, "pending_payment"), lt(orders.payBy, now())))
        .limit(200);
      let n = 0;
      for (const o of due) {
        try {
          await cancelOrder(
            o,
            "system",
            o.paymentMethod === "transfer" ? "逾期未付款，訂單已自動取消" : "付款逾時，訂單已自動取消",
            {
              allowGuestRefund: true,
            },
          );
          n++;
        } catch (error) {
          if (!(error instanceof AppError)) throw error; // paid or cancelled meanwhile: nothing to do
        }
      }
      return n;
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
