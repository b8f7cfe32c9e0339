import {
  type balanceAdjustInput,
  type bannerInput,
  type ProductInput,
  SETTING_DEFAULTS,
  SETTING_KEYS,
  SETTING_LABELS,
  type SettingsInput,
  type stockAdjustInput,
} from "@shop/contract/admin";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { notFound } from "../../lib/errors.js";
import type { CatalogueAdmin } from "../catalogue/admin.js";
import type { ContentAdmin } from "../content/admin.js";
import type { InventoryService } from "../inventory/service.js";
import type { LoyaltyService } from "../loyalty/service.js";
import type { IdentitiesService } from "../members/identities.js";
import type { MembersService } from "../members/service.js";
import type { OrdersService } from "../orders/service.js";
import type { OrderViews, StaffOrderFilter } from "../orders/views.js";
import type { ShopsService } from "../shops/service.js";
import type { Actor, StaffService } from "../staff/service.js";

export interface AdminDeps {
  db: Db;
  staff: StaffService;
  catalogueAdmin: CatalogueAdmin;
  contentAdmin: ContentAdmin;
  inventory: InventoryService;
  orders: OrdersService;
  orderViews: OrderViews;
  members: MembersService;
  identities: IdentitiesService;
  loyalty: LoyaltyService;
  shops: ShopsService;
  now: () => Date;
}

const who = (a: Actor) => `staff:${a.staff.id}:${a.staff.name}`;

/**
 * The back office's operations: each calls the owning module's service and writes an audit entry
 * (who, when, before and after) in the same transaction where the module offers one.
 */
export function createAdminService(d: AdminDeps) {
  const record = d.staff.record;

  async function orderOrThrow(orderNo: string) {
    const detail = await d.orderViews.staffDetail(orderNo);
    if (!detail) throw notFound("找不到此訂單");
    return detail;
  }
  /** Order changes go through the orders service's own transactions; the audit follows them. */
  async function orderChange(actor: Actor, orderNo: string, action: string, change: () => Promise<unknown>) {
    const before = await orderOrThrow(orderNo);
    await change();
    const after = await orderOrThrow(orderNo);
    await record(d.db, actor, {
      action,
      entity: "order",
      entityId: orderNo,
      before: { status: before.status, tracking_no: before.tracking_no },
      after: { status: after.status, tracking_no: after.tracking_no },
    });
    return after;
  }

  return {
    dashboard: async () => {
      const [orders, lowStock] = await Promise.all([d.orderViews.dashboard(d.now(), 14), d.catalogueAdmin.lowStock(5, 10)]);
      return { ...orders, low_stock: lowStock };
    },

    // Catalogue
    createProduct: (actor: Actor, input: ProductInput) =>
      d.catalogueAdmin.create(input, (tx, after) =>
        record(tx, actor, { action: "product.create", entity: "product", entityId: after.id, after }),
      ),
    updateProduct: (actor: Actor, id: number, input: ProductInput) =>
      d.catalogueAdmin.update(id, input, (tx, before, after) =>
        record(tx, actor, { action: "product.update", entity: "product", entityId: id, before, after }),
      ),
    async adjustStock(actor: Actor, productId: number, input: z.infer<typeof stockAdjustInput>) {
      if ((await d.catalogueAdmin.productOfVariant(input.variant_id)) !== productId) throw notFound("找不到此規格");
      await d.db.transaction(async (tx) => {
        const stock = await d.inventory.adjustByStaff(
          tx,
          input.variant_id,
          input.delta,
          input.reason,
          `${who(actor)}:${input.note}`,
        );
        await record(tx, actor, {
          action: "stock.adjust",
          entity: "variant",
          entityId: input.variant_id,
          before: { stock: stock - input.delta },
          after: { stock, reason: input.reason, note: input.note },
        });
      });
      return d.catalogueAdmin.view(productId);
    },

    // Content
    createBanner: (actor: Actor, input: z.infer<typeof bannerInput>) =>
      d.contentAdmin.createBanner(input, (tx, _b, after) =>
        record(tx, actor, { action: "banner.create", entity: "banner", entityId: after?.id ?? 0, after }),
      ),
    updateBanner: (actor: Actor, id: number, input: z.infer<typeof bannerInput>) =>
      d.contentAdmin.updateBanner(id, input, (tx, before, after) =>
        record(tx, actor, { action: "banner.update", entity: "banner", entityId: id, before, after }),
      ),
    deleteBanner: (actor: Actor, id: number) =>
      d.contentAdmin.deleteBanner(id, (tx, before) =>
        record(tx, actor, { action: "banner.delete", entity: "banner", entityId: id, before }),
      ),

    // Orders
    orders: (f: StaffOrderFilter, page: number, perPage: number) => d.orderViews.staffList(f, page, perPage),
    order: orderOrThrow,
    confirmPayment: (actor: Actor, orderNo: string) =>
      orderChange(actor, orderNo, "order.confirm_payment", () => d.orders.confirmPayment(orderNo, who(actor))),
    ship: (actor: Actor, orderNo: string, trackingNo: string) =>
      orderChange(actor, orderNo, "order.ship", () => d.orders.advance(orderNo, "shipped", who(actor), trackingNo)),
    cancel: (actor: Actor, orderNo: string, reason: string) =>
      orderChange(actor, orderNo, "order.cancel", () => d.orders.cancelByStaff(orderNo, who(actor), reason)),
    refund: (actor: Actor, orderNo: string, reason: string) =>
      orderChange(actor, orderNo, "order.refund", () => d.orders.refundReturned(orderNo, who(actor), reason)),
    ordersCsv: async (f: StaffOrderFilter) => {
      const rows = await d.orderViews.staffExport(f);
      const head = [
        "訂單編號",
        "建立時間",
        "狀態",
        "收件人",
        "電話",
        "配送方式",
        "付款方式",
        "訂單金額",
        "應付金額",
        "物流單號",
        "商城",
      ];
      const cell = (v: unknown) => {
        const s = String(v ?? "");
        // Quotes doubled; a leading = + - @ neutralised so a spreadsheet never runs it as a formula.
        const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
        return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
      };
      const lines = rows.map((o) =>
        [
          o.order_no,
          new Date(o.created_at).toLocaleString("sv-SE", { timeZone: "Asia/Taipei" }).replaceAll("-", "/"),
          o.status_label,
          o.receiver_name,
          o.receiver_phone,
          o.ship_method_name,
          o.payment_method_name,
          o.order_amount,
          o.payable,
          o.tracking_no,
          o.shop_id,
        ]
          .map(cell)
          .join(","),
      );
      // A BOM so Excel opens the Chinese as UTF-8.
      return `\uFEFF${[head.join(","), ...lines].join("\r\n")}\r\n`;
    },

    // Members
    async members(filter: { q?: string; shop_id?: number }, page: number, perPage: number) {
      const { total, rows } = await d.members.search(filter, page, perPage);
      return {
        total,
        items: rows.map((m) => ({
          id: m.id,
          name: m.name,
          phone: m.phone,
          email: m.email,
          refcode: m.refcode,
          shop_id: m.shopId,
          status: m.status,
          created_at: m.createdAt.toISOString(),
        })),
      };
    },
    async member(id: number) {
      const m = await d.members.byId(id);
      if (!m) throw notFound("找不到此會員");
      const [balances, orders, bindings, referrals, points, wallet] = await Promise.all([
        d.loyalty.balances(id),
        d.orderViews.list(id, undefined, 1, 10),
        d.identities.bindings(id),
        d.members.countUnder(id),
        d.loyalty.ledger("points", id, 1, 10),
        d.loyalty.ledger("wallet", id, 1, 10),
      ]);
      return {
        id: m.id,
        name: m.name,
        nickname: m.nickname,
        phone: m.phone,
        email: m.email,
        refcode: m.refcode,
        upline_id: m.uplineId,
        shop_id: m.shopId,
        status: m.status,
        created_at: m.createdAt.toISOString(),
        points: balances.points,
        wallet: balances.wallet,
        referrals,
        bindings: bindings.filter((b) => b.bound).map((b) => b.label),
        recent_orders: orders.list,
        points_ledger: points,
        wallet_ledger: wallet,
      };
    },
    async adjustBalance(actor: Actor, memberId: number, input: z.infer<typeof balanceAdjustInput>) {
      if (!(await d.members.byId(memberId))) throw notFound("找不到此會員");
      await d.db.transaction(async (tx) => {
        const before = await d.loyalty.balances(memberId, tx);
        const ref = `staff-adjust:${actor.staff.id}:${d.now().getTime()}`;
        const reason = `客服調整：${input.reason}`;
        if (input.kind === "points") await d.loyalty.changePoints(tx, memberId, input.delta, reason, ref);
        else await d.loyalty.changeWallet(tx, memberId, input.delta, reason, ref);
        const after = await d.loyalty.balances(memberId, tx);
        await record(tx, actor, {
          action: `member.adjust_${input.kind}`,
          entity: "member",
          entityId: memberId,
          before,
          after: { ...after, delta: input.delta, reason: input.reason },
        });
      });
      return this.member(memberId);
    },

    // Settings
    async settings() {
      const stored = await d.shops.storedNumberSettings(SETTING_KEYS);
      return {
        id: "main",
        values: Object.fromEntries(SETTING_KEYS.map((k) => [k, stored[k] ?? SETTING_DEFAULTS[k]])),
        labels: SETTING_LABELS,
      };
    },
    async updateSettings(actor: Actor, input: SettingsInput) {
      const before = (await this.settings()).values;
      const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Record<string, number>;
      if (Object.keys(changes).length === 0) return this.settings();
      await d.db.transaction(async (tx) => {
        await d.shops.setNumberSettings(tx, changes);
        await record(tx, actor, {
          action: "settings.update",
          entity: "settings",
          entityId: "main",
          before,
          after: { ...before, ...changes },
        });
      });
      return this.settings();
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
