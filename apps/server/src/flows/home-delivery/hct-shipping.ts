import type { HctLabel, StaffOrder, StaffTakeout } from "@shop/contract/responses";
import { badRequest, conflict, notFound } from "../../lib/errors.js";
import { type HctConsignments, isTestConsignment } from "../../modules/logistics/hct-consignments.js";
import type { Order } from "../../modules/orders/service.js";
import type { Actor } from "../../modules/staff/service.js";

type Address = Record<string, string> | null;
const addressLine = (a: Address) => (a ? [a.zip, a.county, a.district, a.line].filter(Boolean).join(" ") : "");

/**
 * 新竹物流寄件 (decision 42): staff make an HCT consignment from a home-delivery order or a
 * cloud-depot pick-up; it takes the next 託運單號 of the contract's block, ships with it, and its
 * label (the number as a Code 128 barcode, sender, receiver, cash to collect) prints from the back
 * office. HCT's driver scans the label at pick-up; an order's tracking then arrives through the
 * carrier push (orders/hct-notify.ts) or staff, a pick-up's from staff.
 */
export function createHctShipping(d: {
  consignments: HctConsignments;
  /** No block is configured in production: numbering refuses rather than ship real parcels with test numbers. */
  refuse: boolean;
  customerCode: string;
  /** Who sends: the shop's name, and its phone and address as configured (read when a label prints). */
  sender: () => Promise<{ name: string; phone: string; address: string }>;
  orderByNo: (orderNo: string) => Promise<Order | null | undefined>;
  goodsNameOf: (o: Order) => Promise<string>;
  /** The back office's audited ship and its staff view of the order. */
  ship: (actor: Actor, orderNo: string, trackingNo: string) => Promise<StaffOrder>;
  staffOrder: (orderNo: string) => Promise<StaffOrder>;
  takeouts: {
    /** A cloud-depot pick-up: its state, who receives it, where, and what goes in the box. */
    parcel: (id: number) => Promise<{
      status: string;
      trackingNo: string | null;
      receiverName: string;
      receiverPhone: string;
      address: Address;
      goods: string;
    }>;
    ship: (actor: Actor, id: number, trackingNo: string) => Promise<StaffTakeout>;
  };
}) {
  const base = async (seq: number) => ({
    customer_code: d.customerCode,
    test_mode: isTestConsignment(seq),
    sender: await d.sender(),
  });
  const numberFor = (subject: string) => {
    if (d.refuse) throw conflict("HCT_NOT_CONFIGURED", "未啟用新竹物流託運單（或尚未設定託運單號區間），請填寫託運單號出貨");
    return d.consignments.numberFor(subject);
  };
  /** The subject's consignment, only if it shipped with it (a typed number or a lost race prints no label). */
  async function printed(subject: string, trackingNo: string | null, missing: string) {
    const c = await d.consignments.of(subject);
    if (!c || c.trackingNo !== trackingNo) throw notFound("HCT_CONSIGNMENT_NOT_FOUND", missing);
    return c;
  }

  async function hctOrder(orderNo: string) {
    const o = await d.orderByNo(orderNo);
    if (!o) throw notFound("ORDER_NOT_FOUND", "找不到此訂單");
    if (o.shipMethod !== "hct") throw badRequest("NOT_HCT_ORDER", "此訂單不是宅配，無法建立新竹物流託運單");
    return o;
  }

  return {
    /** Takes the order's consignment number (once per order, whoever presses) and ships the order with it. */
    async shipOrder(actor: Actor, orderNo: string): Promise<StaffOrder> {
      await hctOrder(orderNo);
      if (!(await d.staffOrder(orderNo)).can_ship) throw conflict("ORDER_NOT_SHIPPABLE", "此訂單目前無法出貨");
      // Numbered before the ship's own locked transaction: if a rival ships or cancels first, the
      // number stays with this order unused and no label prints for it (`printed`).
      const { trackingNo } = await numberFor(`order:${orderNo}`);
      return d.ship(actor, orderNo, trackingNo);
    },

    async orderLabel(orderNo: string): Promise<HctLabel> {
      const o = await hctOrder(orderNo);
      const c = await printed(`order:${orderNo}`, o.trackingNo, "此訂單尚未以新竹物流託運單出貨");
      return {
        ...(await base(c.seq)),
        tracking_no: c.trackingNo,
        reference: o.orderNo,
        created_at: c.createdAt.toISOString(),
        receiver: { name: o.receiverName, phone: o.receiverPhone, address: addressLine(o.address) },
        // Cash on delivery not yet collected: the driver collects what is still payable.
        collect_amount: o.paymentMethod === "cod" && o.paidAt === null ? o.payable : 0,
        goods: await d.goodsNameOf(o),
      };
    },

    /** A cloud-depot pick-up by HCT: its consignment number, and the request ships with it. */
    async shipTakeout(actor: Actor, id: number) {
      if ((await d.takeouts.parcel(id)).status !== "requested") throw conflict("TAKEOUT_STATE_CHANGED", "此提貨申請已出貨");
      const { trackingNo } = await numberFor(`takeout:${id}`);
      return d.takeouts.ship(actor, id, trackingNo);
    },

    async takeoutLabel(id: number): Promise<HctLabel> {
      const t = await d.takeouts.parcel(id);
      const c = await printed(`takeout:${id}`, t.trackingNo, "此提貨申請尚未以新竹物流託運單出貨");
      return {
        ...(await base(c.seq)),
        tracking_no: c.trackingNo,
        reference: `提貨 #${id}`,
        created_at: c.createdAt.toISOString(),
        receiver: { name: t.receiverName, phone: t.receiverPhone, address: addressLine(t.address) },
        collect_amount: 0,
        goods: t.goods,
      };
    },
  };
}
