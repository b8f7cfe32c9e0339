import { MAIN_SHOP_ID } from "@shop/contract";
import { findDistrict } from "@shop/reference-data";
import type { Db } from "../db/client.js";
import { createEcpayDesk, SIMULATED_PROGRESS_MINUTES } from "../flows/home-delivery/ecpay-desk.js";
import { createEcpayHomeShipping } from "../flows/home-delivery/ecpay-home-shipping.js";
import { createEcpayStatus } from "../flows/home-delivery/ecpay-status.js";
import { createHctShipping } from "../flows/home-delivery/hct-shipping.js";
import type { OrderMessages } from "../flows/order-effects/order-messages.js";
import { createReturnsByCarrier } from "../flows/returns-by-carrier/returns-by-carrier.js";
import { createShippingBatch } from "../flows/shipping-batch/shipping-batch.js";
import { createCvsShipping } from "../flows/store-pickup/cvs-shipping.js";
import type { StoreContract } from "../integrations/ecpay/map.js";
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

/** The three-digit postal code of a Taiwanese address (縣市 then 鄉鎮市區), from the post office's data; "" when unknown. */
export function zipOfAddress(address: string): string {
  const m = /^\s*(\d{3,6}\s*)?(.{2}[縣市])(.{1,3}?[區鄉鎮市])/.exec(address);
  if (!m?.[2] || !m[3]) return "";
  for (const county of [m[2], m[2].replace("台", "臺"), m[2].replace("臺", "台")]) {
    const d = findDistrict(county, m[3]);
    if (d) return d.zip;
  }
  return "";
}
/** The polling job for ECPay shipments whose pushes never came (decision 90; scheduled in background-work.ts). */
const ECPAY_POLL_JOB = "logistics.ecpay_poll";
/** 測試模式: every simulated ECPay shipment moves one status on (SIMULATED_PROGRESS_MINUTES). */
const ECPAY_SIMULATE_JOB = "logistics.ecpay_simulate";

/** The periodic ECPay jobs (background-work.ts schedules them): polling, and the simulator's timer in 測試模式. */
export const ecpayPeriodicJobs = (simulated: boolean) => [
  { kind: ECPAY_POLL_JOB, everySeconds: 600 },
  ...(simulated ? [{ kind: ECPAY_SIMULATE_JOB, everySeconds: SIMULATED_PROGRESS_MINUTES * 60 }] : []),
];

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
  shops: Pick<ShopsService, "footer"> & { storeContract: (shopId: number) => Promise<StoreContract> };
  returns: Returns;
  now: () => Date;
}) {
  const { db, config, orderQueries, orderMessages, admin, jobs } = d;
  // The phone and address set for shipping, else the main mall's own (商城設定's 客服電話 and
  // 地址), so a label never carries the placeholder number.
  const senderOf = async () => {
    const shop = await d.shops.footer(MAIN_SHOP_ID);
    const own = (key: "SHIP_SENDER_PHONE" | "SHIP_SENDER_ADDRESS", fallback: string) =>
      config.provided.has(key) || !fallback ? config[key] : fallback;
    return {
      name: config.SHIP_SENDER_NAME,
      phone: own("SHIP_SENDER_PHONE", shop.phone),
      address: own("SHIP_SENDER_ADDRESS", shop.address),
    };
  };
  const goodsNameOf = async (o: { id: number }) => (await orderQueries.linesOf(o.id)).map((l) => l.name).join("#");
  const status = createEcpayStatus({
    db,
    logistics: d.logistics,
    heard: { c2c: config.channels.store_pickup !== "off", b2c: config.channels.ecpay_home !== "off" },
    c2c: d.providers.ecpayCarrier,
    b2c: d.providers.ecpayB2cCarrier,
    orderByNo: orderQueries.byNo,
    lockOrder: orderQueries.lockByNo,
    delivered: (orderNo, once) => d.lifecycle.advance(orderNo, "delivered", "provider:ecpay", { from: ["shipped"], once }),
    // The message and its day-5 reminder commit with the code (the job is queued once per order).
    atStore: async (tx, o, storeName, remindAt) => {
      await orderMessages.atStore(tx, o, storeName);
      const dedupeKey = `${PICKUP_REMINDER_JOB}:${o.orderNo}`;
      await jobs.enqueue(PICKUP_REMINDER_JOB, { order_no: o.orderNo }, { runAt: remindAt, dedupeKey }, tx);
    },
    now: d.now,
  });
  const cvsShipping = createCvsShipping({
    logistics: d.logistics,
    carrier: d.providers.ecpayCarrier,
    b2cCarrier: d.providers.ecpayB2cCarrier,
    contractOf: (o) => d.shops.storeContract(o.shopId),
    status,
    orderByNo: orderQueries.byNo,
    goodsNameOf,
    ship: admin.ship,
    staffOrder: admin.order,
    pickupReminder: (o, storeName, until) => db.transaction((tx) => orderMessages.pickupReminder(tx, o, storeName, until)),
    sender: { name: config.SHIP_SENDER_NAME, cellPhone: config.SHIP_SENDER_PHONE },
    offered: config.channels.store_pickup !== "off",
    replyUrl: `${d.siteOrigin}/api/ecpay/logistics/notify`,
    now: d.now,
  });
  const homeShipping = createEcpayHomeShipping({
    logistics: d.logistics,
    carrier: d.providers.ecpayB2cCarrier,
    orderByNo: orderQueries.byNo,
    goodsNameOf,
    ship: admin.ship,
    staffOrder: admin.order,
    sender: async () => {
      const own = await senderOf();
      return {
        name: own.name,
        cellPhone: own.phone,
        zip: config.SHIP_SENDER_ZIP ?? zipOfAddress(own.address),
        address: own.address,
      };
    },
    offered: config.channels.ecpay_home !== "off",
    replyUrl: `${d.siteOrigin}/api/ecpay/logistics/notify`,
    now: d.now,
  });
  jobs.register(ECPAY_POLL_JOB, () => status.poll());
  const ecpayDesk = createEcpayDesk({
    cvs: cvsShipping,
    home: homeShipping,
    status,
    logistics: d.logistics,
    orderByNo: orderQueries.byNo,
    simulator: d.providers.ecpayCarrierSimulator,
  });
  jobs.register(ECPAY_SIMULATE_JOB, () => ecpayDesk.simulateAll());
  jobs.register(PICKUP_REMINDER_JOB, (payload) => cvsShipping.pickupReminder(String(payload.order_no)));
  const hctBlock = hctBlockOf(config.HCT_CONSIGNMENT_NUMBERS);
  const hctShipping = createHctShipping({
    consignments: createHctConsignments(db, hctBlock, d.now),
    // Switched off, or (in production) without the contract's block: staff type the carrier's number instead.
    refuse: config.channels.hct === "off" || (hctBlock.test && config.NODE_ENV === "production"),
    customerCode: config.HCT_CUSTOMER_CODE,
    // The phone and address set for shipping, else the main mall's own (商城設定's 客服電話 and
    // 地址), so a label never carries the placeholder number.
    sender: senderOf,
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
    shop: async () => {
      const own = await senderOf();
      return { ...own, zip: config.SHIP_SENDER_ZIP ?? zipOfAddress(own.address) };
    },
    replyUrl: (id) => `${d.siteOrigin}/api/ecpay/logistics/return-notify?return=${id}`,
    offered: config.channels.ecpay_home !== "off",
    simulator: d.providers.ecpayReturnsSimulator,
  });
  const shippingBatch = createShippingBatch({
    // One line per method (decision 91); ECPay's desk picks the store or home contract.
    creators: {
      cvs_711: ecpayDesk.createAndShip,
      cvs_family: ecpayDesk.createAndShip,
      cvs_hilife: ecpayDesk.createAndShip,
      cvs_ok: ecpayDesk.createAndShip,
      tcat: ecpayDesk.createAndShip,
      post: ecpayDesk.createAndShip,
      hct: hctShipping.shipOrder,
    },
    orderByNo: orderQueries.byNo,
    linesOf: orderQueries.linesOf,
    cvsShipment: d.logistics.cvsShipment,
    simulated: !!d.providers.ecpayCarrierSimulator,
  });
  return { cvsShipping, hctShipping, ecpayDesk, ecpayStatus: status, returnsByCarrier, shippingBatch };
}
