import { formatMoney } from "@shop/contract/format";
import { orderDetailPath } from "@shop/contract/links";
import type { Tx } from "../../db/client.js";
import type { DepotService } from "../../modules/depot/service.js";
import type { InventoryService } from "../../modules/inventory/service.js";
import type { LogisticsService } from "../../modules/logistics/service.js";
import type { LoyaltyService } from "../../modules/loyalty/service.js";
import type { NotificationsService } from "../../modules/notifications/service.js";
import type { Payments } from "../../modules/orders/payments.js";
import { refundedValue } from "../../modules/orders/refund-math.js";
import type { GivenBack, Order, OrderLifecycle } from "../../modules/orders/service.js";
import type { RafflesService } from "../../modules/raffles/service.js";
import type { ShopsService } from "../../modules/shops/service.js";
import type { OrderMessages } from "./order-messages.js";
import { orderWording } from "./order-wording.js";

export interface OrderEffectDeps {
  inventory: InventoryService;
  loyalty: LoyaltyService;
  depot: DepotService;
  raffles: RafflesService;
  shops: ShopsService;
  notifications: NotificationsService;
  /** What buyers hear of their order (order-messages.ts). */
  messages: OrderMessages;
  logistics: LogisticsService;
  payments: Payments;
  now: () => Date;
}

/**
 * What the rest of the shop does when an order changes (decision 30). The order lifecycle knows
 * none of these modules; it runs these inside the same transaction as the change.
 */
export function wireOrderEffects(lifecycle: OrderLifecycle, d: OrderEffectDeps) {
  const e = lifecycle.effects;
  const { messages } = d;

  // Placed: the buyer is told the order number (and, for a transfer, what to pay).
  e.placed.push(messages.placed);
  // A virtual account given: the buyer is told where and by when to pay (decision 88).
  e.accountGiven.push(messages.accountGiven);

  // Paid: a depot order's goods go into the member's cloud depot (the lifecycle then completes it).
  e.paid.push(async (tx, o, lines) => {
    if (o.shipMethod === "depot" && o.memberId !== null)
      await d.depot.deposit(tx, o.memberId, await lines(), `order:${o.orderNo}`);
  });

  // Completed: own points, monthly spend and team points, scratch cards, and the seller's commission —
  // on what the buyer kept: units refunded before completion take their share straight back.
  e.completed.push(async (tx, o, loadLines) => {
    const lines = await loadLines();
    const whole = Math.max(0, o.goodsAmount - o.discountTotal);
    const refunded = refundedValue(lines, o);
    const kept = (amount: number) => (whole === 0 ? amount : Math.floor((amount * (whole - refunded)) / whole));
    if (o.memberId !== null) {
      await d.loyalty.creditOrder(tx, {
        orderNo: o.orderNo,
        memberId: o.memberId,
        goodsAmount: o.goodsAmount,
        discountTotal: o.discountTotal,
        pointsUsed: o.pointsUsed,
        pointsMultiplier: o.pointsMultiplier,
        lines,
      });
      const paidAmount = Math.max(0, o.goodsAmount - o.discountTotal - o.pointsUsed);
      await d.raffles.grantForOrder(tx, { memberId: o.memberId, orderNo: o.orderNo, paidAmount: kept(paidAmount) });
    }
    // Guests' orders in a sub-mall earn the seller their commission too.
    const commission = await d.shops.commissionOf(o.shopId, o.goodsAmount, tx);
    if (commission) await d.loyalty.creditCommission(tx, { orderNo: o.orderNo, ...commission });
    if (refunded > 0) await d.loyalty.reverseOrderCredits(tx, o.orderNo, { seq: 0, soFar: refunded, whole, final: false });
  });

  // Given back: the units, then points and wallet, then the credits' share, then the money.
  e.givenBack.push(async (tx, o, back, commit) => {
    const ref = `order:${o.orderNo}`;
    if (back.kind === "cancel") {
      await d.inventory.release(tx, ref);
      await d.loyalty.restoreCoupon(tx, o.orderNo);
    } else {
      await returnUnits(tx, o, back);
      await d.loyalty.reverseOrderCredits(tx, o.orderNo, {
        seq: back.seq,
        soFar: back.goodsValueSoFar,
        whole: back.netGoods,
        final: back.final,
      });
      if (back.final && o.memberId !== null) await d.raffles.voidForOrder(tx, o.orderNo);
      // A typed code's use is given back when the whole order is (decision 92).
      if (back.final) await d.loyalty.releaseCode(tx, o.orderNo);
    }
    if (o.memberId !== null) {
      const why = back.kind === "cancel" ? "取消退還" : "退款退還";
      if (back.points > 0)
        await d.loyalty.changePoints(tx, o.memberId, back.points, `訂單 ${o.orderNo} ${why}`, `${ref}:refund:${back.seq}`);
      if (back.wallet > 0)
        await d.loyalty.changeWallet(tx, o.memberId, back.wallet, `訂單 ${o.orderNo} ${why}`, `${ref}:refund:${back.seq}`);
      if (back.kind === "partial") {
        const total = back.money + back.wallet + back.points;
        await d.notifications.notify(tx, o.memberId, {
          kind: "order",
          title: orderWording(o.lang).partialRefundTitle(o.orderNo, formatMoney(total)),
          body: back.items.map((i) => `${back.lines.find((l) => l.id === i.lineId)?.name ?? ""} × ${i.qty}`).join("、"),
          link: orderDetailPath(o.orderNo),
          shopId: o.shopId,
          lang: o.lang,
          key: `order:${o.orderNo}:refund:${back.seq}`,
          email: o.email || undefined,
        });
      }
    }
    await d.payments.giveBack(tx, o, back, commit);
  });

  // Every state change: the tracking timeline and the member's notice.
  e.changed.push(async (tx, o, to, reason, actor) => {
    // A seller's own delivery writes its own shipping line (with the carrier).
    if ((to === "shipped" && o.carrier === null) || to === "delivered") {
      await d.logistics.addEvent(o.orderNo, to === "shipped" ? "已出貨" : "已送達", "", d.now(), tx);
    }
    // Cash on delivery is paid when the parcel is handed over.
    if (to === "delivered") await d.payments.collectOnDelivery(tx, o, actor);
    // Every change notifies the member on the site; the steps buyers wait for also go out by
    // LINE, e-mail and (guests) SMS through the outbox.
    await messages.changed(tx, o, to, reason);
  });

  /** Returned units go back where they came from: the depot's goods, the seller's stock, or the warehouse. */
  async function returnUnits(tx: Tx, o: Order, back: GivenBack) {
    const ref = `order:${o.orderNo}:return:${back.seq}`;
    const units = back.items.map((i) => ({ variantId: i.variantId, qty: i.qty }));
    if (back.writeOff && o.shipMethod !== "depot") {
      // Faulty goods staff wrote off on receipt: recorded, never sellable again (the seller's or the warehouse's).
      await d.inventory.writeOff(tx, o.carrier !== null ? o.shopId : null, units, ref, "退貨瑕疵品");
      return;
    }
    if (o.shipMethod === "depot" && o.memberId !== null) {
      const named = back.items.map((i) => ({ ...i, name: back.lines.find((l) => l.id === i.lineId)?.name ?? "商品" }));
      await d.depot.takeBack(tx, o.memberId, named, ref);
    } else if (o.carrier !== null) {
      // The seller delivered it from their own stock: that is where it comes back.
      await d.inventory.moveShopStock(tx, o.shopId, units, "return", ref);
      return;
    }
    for (const u of units) await d.inventory.restock(tx, u.variantId, u.qty, ref);
  }
}
