import { orderDetailPath } from "@shop/contract/links";
import { conflict, isDomainError } from "../../lib/errors.js";
import type { InventoryService } from "../inventory/service.js";
import type { LogisticsService } from "../logistics/service.js";
import type { NotificationsService } from "../notifications/service.js";
import type { OrderLifecycle } from "../orders/service.js";
import { BUYER_CANCELLABLE, STATE_CHANGED, STEP_REASONS } from "../orders/state.js";

/**
 * A seller delivering home-delivery orders themselves: each change runs under the
 * order's row lock like every other order change (decision 30).
 */
export function createSelfDelivery(deps: {
  orders: OrderLifecycle;
  inventory: InventoryService;
  logistics: LogisticsService;
  notifications: NotificationsService;
  now?: () => Date;
}) {
  const { orders, inventory, logistics, notifications } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    /**
     * The goods come out of the shop's own stock instead of the warehouse (whose reservation is
     * released), the order becomes a self-delivery with the carrier and tracking number, and it ships.
     */
    ship(orderNo: string, carrier: string, trackingNo: string, actor: string) {
      return orders.withOrder({ no: orderNo }, async (tx, o) => {
        if (o.shipMethod !== "hct" && o.shipMethod !== "self")
          throw conflict("NOT_HOME_DELIVERY_ORDER", "只有宅配訂單可以由賣家自行配送；超商取貨與雲端庫存訂單不適用");
        if (o.status !== "paid" && o.status !== "processing")
          throw conflict("ORDER_NOT_SHIPPABLE", "訂單需為已付款或備貨中才能出貨");
        const lines = await orders.linesIn(tx, o.id);
        const ref = `order:${o.orderNo}`;
        await inventory.release(tx, ref);
        try {
          await inventory.moveShopStock(
            tx,
            o.shopId,
            lines.map((l) => ({ variantId: l.variantId, qty: -l.qty })),
            "order",
            ref,
          );
        } catch (error) {
          if (!isDomainError(error, "INSUFFICIENT_SHOP_STOCK")) throw error;
          const short = lines.find((l) => l.variantId === (error.data as { variant_id?: number } | undefined)?.variant_id);
          throw conflict(
            "INSUFFICIENT_SHOP_STOCK",
            `賣家庫存不足：${short ? `${short.name}（${short.variantName}）` : "部分商品"}，請先補充庫存或改由總公司出貨`,
          );
        }
        const ready = o.status === "paid" ? await orders.move(tx, o, "processing", actor, STEP_REASONS.processing) : o;
        await orders.move(tx, ready, "shipped", actor, `賣家自行配送：${[carrier, trackingNo].filter(Boolean).join(" ")}`, {
          shipMethod: "self",
          carrier,
          trackingNo: trackingNo || null,
        });
        await logistics.addEvent(o.orderNo, `賣家已交寄（${carrier}）`, "", now(), tx);
      });
    },

    /** Before shipping, switches a home-delivery order between the warehouse's HCT and the seller's own delivery; the fee paid stays. */
    changeShipMethod(orderNo: string, to: "hct" | "self", actor: string) {
      return orders.withOrder({ no: orderNo }, async (tx, o) => {
        if (o.shipMethod === to) throw conflict("SHIP_METHOD_UNCHANGED", "配送方式沒有變更");
        if (o.shipMethod !== "hct" && o.shipMethod !== "self")
          throw conflict("NOT_HOME_DELIVERY_ORDER", "只有宅配訂單可以變更配送方式");
        if (!BUYER_CANCELLABLE.includes(o.status)) throw conflict("ORDER_STATE_CHANGED", STATE_CHANGED);
        const reason = `配送方式改為${to === "self" ? "賣家自行配送" : "新竹物流宅配"}`;
        await orders.setShipMethod(tx, o, to, actor, reason);
        if (o.memberId !== null) {
          const how = to === "self" ? "the seller's own delivery" : "HCT home delivery";
          await notifications.notify(tx, o.memberId, {
            kind: "order",
            title: `訂單 ${o.orderNo} ${reason}`,
            body: reason,
            // In the order's language (decision 109); the order's history keeps the zh-TW reason.
            lang: o.lang,
            en: { title: `Order ${o.orderNo}: delivery changed to ${how}`, body: `Delivery changed to ${how}.` },
            link: orderDetailPath(o.orderNo),
            shopId: o.shopId,
          });
        }
      });
    },
  };
}

export type SelfDelivery = ReturnType<typeof createSelfDelivery>;
