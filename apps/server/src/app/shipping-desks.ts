import { MAIN_SHOP_ID } from "@shop/contract";
import type { Db } from "../db/client.js";
import { createHctShipping } from "../flows/home-delivery/hct-shipping.js";
import type { OrderMessages } from "../flows/order-effects/order-messages.js";
import { createReturnsByCarrier } from "../flows/returns-by-carrier/returns-by-carrier.js";
import { createShippingBatch } from "../flows/shipping-batch/shipping-batch.js";
import { createCvsShipping } from "../flows/store-pickup/cvs-shipping.js";
import type { Providers } from "../integrations/providers.js";
import type { Config } from "../lib/config/index.js";
import type { AdminService } from "../modules/admin/service.js";
import type { TakeoutFulfilment } from "../modules/depot/takeout-fulfilment.js";
import type { JobsService } from "../modules/jobs/service.js";
import { claimCarrierCode } from "../modules/logistics/carrier-codes.js";
import { createHctConsignments, hctBlockOf } from "../modules/logistics/hct-consignments.js";
import type { LogisticsService } from "../modules/logistics/service.js";
import type { OrderQueries } from "../modules/orders/queries.js";
import type { Returns } from "../modules/orders/returns.js";
import type { OrderLifecycle } from "../modules/orders/service.js";
import type { ShopsService } from "../modules/shops/service.js";
import type { StaffService } from "../modules/staff/service.js";

const PICKUP_REMINDER_JOB = "orders.pickup_reminder";

/**
 * The back office's two shipping desks, wired for the composition root (services.ts): ECPay store
 * shipments with their 已到店 message and day-5 reminder (decision 39), and HCT consignments for
 * home delivery and depot pick-ups (decision 42).
 */
export function createShippingDesks(d: {
  db: Db;
  config: Config;
  siteOrigin: string;
  providers: Providers;
  logistics: LogisticsService;
  orderQueries: OrderQueries;
  lifecycle: OrderLifecycle;
  orderMessages: OrderMessages;
  jobs: JobsService;
  admin: AdminService;
  takeouts: TakeoutFulfilment;
  staff: StaffService;
  shops: Pick<ShopsService, "footer">;
  returns: Returns;
  now: () => Date;
}) {
  const { db, config, orderQueries, orderMessages, admin, jobs } = d;
  const cvsShipping = createCvsShipping({
    logistics: d.logistics,
    carrier: d.providers.ecpayCarrier,
    orderByNo: orderQueries.byNo,
    goodsNameOf: async (o) => (await orderQueries.linesOf(o.id)).map((l) => l.name).join("#"),
    ship: admin.ship,
    staffOrder: admin.order,
    delivered: (orderNo) => d.lifecycle.advance(orderNo, "delivered", "provider:ecpay", { from: ["shipped"] }),
    // The message and its day-5 reminder commit together (the job is queued once per order).
    atStore: (o, storeName, remindAt) =>
      db.transaction(async (tx) => {
        await orderMessages.atStore(tx, o, storeName);
        const dedupeKey = `${PICKUP_REMINDER_JOB}:${o.orderNo}`;
        await jobs.enqueue(PICKUP_REMINDER_JOB, { order_no: o.orderNo }, { runAt: remindAt, dedupeKey }, tx);
      }),
    pickupReminder: (o, storeName, until) => db.transaction((tx) => orderMessages.pickupReminder(tx, o, storeName, until)),
    sender: { name: config.SHIP_SENDER_NAME, cellPhone: config.SHIP_SENDER_PHONE },
    offered: config.channels.store_pickup !== "off",
    replyUrl: `${d.siteOrigin}/api/ecpay/logistics/notify`,
    now: d.now,
  });
  jobs.register(PICKUP_REMINDER_JOB, (payload) => cvsShipping.pickupReminder(String(payload.order_no)));
  const hctBlock = hctBlockOf(config.HCT_CONSIGNMENT_NUMBERS);
  const hctShipping = createHctShipping({
    consignments: createHctConsignments(db, hctBlock, d.now),
    // Switched off, or (in production) without the contract's block: staff type the carrier's number instead.
    refuse: config.channels.hct === "off" || (hctBlock.test && config.NODE_ENV === "production"),
    customerCode: config.HCT_CUSTOMER_CODE,
    // The phone and address set for shipping, else the main mall's own (商城設定's 客服電話 and
    // 地址), so a label never carries the placeholder number.
    sender: async () => {
      const shop = await d.shops.footer(MAIN_SHOP_ID);
      const own = (key: "SHIP_SENDER_PHONE" | "SHIP_SENDER_ADDRESS", fallback: string) =>
        config.provided.has(key) || !fallback ? config[key] : fallback;
      return {
        name: config.SHIP_SENDER_NAME,
        phone: own("SHIP_SENDER_PHONE", shop.phone),
        address: own("SHIP_SENDER_ADDRESS", shop.address),
      };
    },
    orderByNo: orderQueries.byNo,
    goodsNameOf: async (o) => (await orderQueries.linesOf(o.id)).map((l) => `${l.name} × ${l.qty}`).join("、"),
    ship: admin.ship,
    staffOrder: admin.order,
    takeouts: {
      parcel: d.takeouts.parcel,
      ship: (actor, id, trackingNo) => d.takeouts.ship(id, trackingNo, (tx, change) => d.staff.record(tx, actor, change)),
    },
  });
  const returnsByCarrier = createReturnsByCarrier({
    returns: d.returns,
    client: d.providers.ecpayReturns,
    claim: claimCarrierCode,
    shop: async () => ({
      name: config.SHIP_SENDER_NAME,
      phone: config.SHIP_SENDER_PHONE,
      zip: (/^\d{3,6}/.exec(config.SHIP_SENDER_ADDRESS) ?? [""])[0] ?? "",
      address: config.SHIP_SENDER_ADDRESS,
    }),
    replyUrl: (id) => `${d.siteOrigin}/api/ecpay/logistics/return-notify?return=${id}`,
    simulator: d.providers.ecpayReturnsSimulator,
  });
  const shippingBatch = createShippingBatch({
    // One line per method: 黑貓 and 郵局 join here once their desk exists (decision 91).
    creators: {
      cvs_711: cvsShipping.createAndShip,
      cvs_family: cvsShipping.createAndShip,
      cvs_hilife: cvsShipping.createAndShip,
      cvs_ok: cvsShipping.createAndShip,
      hct: hctShipping.shipOrder,
    },
    orderByNo: orderQueries.byNo,
    linesOf: orderQueries.linesOf,
    cvsShipment: d.logistics.cvsShipment,
    simulated: !!d.providers.ecpayCarrierSimulator,
  });
  return { cvsShipping, hctShipping, returnsByCarrier, shippingBatch };
}
