import type { AddressBookEntry, CartView, Envelope, OrderView, ProductView, StoreResult } from "@shop/contract";
import { eq } from "drizzle-orm";
import { variants } from "../db/schema/index.js";
import { DEMO_ACCOUNTS, DEMO_STAFF } from "../demo/seed.js";
import { createTestApp, type TestApp } from "./harness.js";

/** Shared steps of the order tests: finding variants, filling carts, paying. */
export function orderSteps(t: TestApp) {
  const steps = {
    /** An order's detail as a member (token), a guest by phone, or a guest holding an access token. */
    detail(orderNo: string, auth: { token?: string; phone?: string; access?: string } = { phone: guestReceiver.phone }) {
      return t.call<OrderView>("POST", "/api/order/detail", {
        body: {
          order_no: orderNo,
          ...(auth.phone ? { phone: auth.phone } : {}),
          ...(auth.access ? { access_token: auth.access } : {}),
        },
        token: auth.token,
      });
    },
    async variantOf(productId: number, index = 0): Promise<number> {
      const r = await t.call<ProductView>("GET", `/api/product/get?id=${productId}`);
      const v = r.body.data.variants[index];
      if (!v) throw new Error(`no variant ${index} of product ${productId}`);
      return v.id;
    },
    async stockOf(variantId: number): Promise<number> {
      return (await t.database.db.select({ s: variants.stock }).from(variants).where(eq(variants.id, variantId)))[0]?.s ?? -1;
    },
    async setStock(variantId: number, level: number) {
      await t.services.inventory.adjust(variantId, level - (await steps.stockOf(variantId)), "adjust", "test");
    },
    async login(phone: string, password: string): Promise<string> {
      return (await t.call<{ token: string }>("POST", "/api/auth/login", { body: { account: phone, password } })).body.data.token;
    },
    /** A visitor cart (or the member's, with a token) holding these lines; returns the line ids and the cart token. */
    async cartWith(items: Array<{ variantId: number; qty: number }>, token?: string) {
      let cartToken: string | null = null;
      let view: CartView | undefined;
      for (const item of items) {
        const r: { status: number; body: Envelope<CartView> } = await t.call<CartView>("POST", "/api/cart/store", {
          body: { variant_id: item.variantId, qty: item.qty },
          token,
          headers: cartToken ? { "x-cart-token": cartToken } : {},
        });
        if (r.status !== 200) throw new Error(`cart/store ${r.status} ${r.body.message}`);
        cartToken = r.body.data.cart_token ?? cartToken;
        view = r.body.data;
      }
      const wanted = new Set(items.map((i) => i.variantId));
      const lineIds = (view?.lines ?? []).filter((l) => wanted.has(l.variant_id)).map((l) => l.line_id);
      return { lineIds, cartToken, headers: cartToken ? { "x-cart-token": cartToken } : ({} as Record<string, string>) };
    },
    async prime(card = "4242424242424242"): Promise<string> {
      const r = await t.call<{ prime: string }>("POST", "/api/payments/simulator/prime", {
        body: { card_number: card, expiry: "12/30", ccv: "123" },
      });
      if (r.status !== 200) throw new Error(`prime ${r.status} ${r.body.message}`);
      return r.body.data.prime;
    },
    /** A demo member's quick order: one unit by transfer to the demo address unless `extra` says otherwise. */
    async memberOrder(token: string, variantId: number, extra: Record<string, unknown> = {}): Promise<StoreResult> {
      const r = await t.call<StoreResult>("POST", "/api/order/store/fast", { token, body: memberFastOrder(variantId, extra) });
      if (r.status !== 200) throw new Error(`order ${r.status} ${r.body.message}`);
      return r.body.data;
    },
    /** A back-office token (staff tokens live 12 hours: tests that move the clock sign in again). */
    /** Saves 王小明's Taipei address to the member's address book; its id. */
    async savedAddress(token: string): Promise<number> {
      const r = await t.call<AddressBookEntry>("POST", "/api/user/addr/store", { body: bookAddress, token });
      if (r.status !== 200) throw new Error(`address ${r.status} ${r.body.message}`);
      return r.body.data.id;
    },
    async staffToken(role: keyof typeof DEMO_STAFF = "owner"): Promise<string> {
      const r = await t.call<{ token: string }>("POST", "/api/admin/auth/login", {
        body: { username: DEMO_STAFF[role].username, password: DEMO_STAFF[role].password },
      });
      if (r.status !== 200) throw new Error(`staff login ${r.status} ${r.body.message}`);
      return r.body.data.token;
    },
    store(body: Record<string, unknown>, opts: { token?: string; headers?: Record<string, string> } = {}) {
      return t.call<StoreResult>("POST", "/api/order/store", { body, ...opts });
    },
    /** A member buys by transfer; the shop confirms, ships, delivers; the order completes. */
    async completedOrder(token: string, phone: string, productId: number, qty: number): Promise<string> {
      const v = await steps.variantOf(productId);
      await steps.setStock(v, 1000);
      const r = await t.call<StoreResult>("POST", "/api/order/store/fast", {
        body: {
          variant_id: v,
          qty,
          ship_method: "hct",
          payment_method: "transfer",
          receiver: { name: "會員", phone },
          address: homeAddress,
          invoice: { type: "member" },
        },
        token,
      });
      if (r.status !== 200) throw new Error(`${r.status} ${r.body.message}`);
      const no = r.body.data.order_no;
      await t.services.payments.confirmOffline(no, "staff:1", "staff");
      await t.services.orders.advance(no, "processing", "staff:1");
      await t.services.orders.advance(no, "shipped", "staff:1", { trackingNo: "HCT1" });
      await t.services.orders.advance(no, "delivered", "staff:1");
      await t.services.orders.advance(no, "completed", "staff:1");
      return no;
    },
  };
  return steps;
}

/** An address-book entry (a depot pick-up's destination). */
const bookAddress = {
  name: "王小明",
  phone: "0912345678",
  zip: "100",
  county: "臺北市",
  district: "中正區",
  line: "重慶南路一段 122 號",
};
export const guestReceiver = { name: "陳大文", phone: "0922333444" };
export const homeAddress = { zip: "100", county: "台北市", district: "中正區", line: "重慶南路一段 122 號" };

type DemoBuyer = "member" | "downline";

/** A fresh test app with the demo member and their downline signed in (the loyalty tests' setting). */
export async function memberAndDownline() {
  const t = await createTestApp();
  const s = orderSteps(t);
  const tokens = {} as Record<DemoBuyer, string>;
  const ids = {} as Record<DemoBuyer, number>;
  for (const key of ["member", "downline"] as const) {
    tokens[key] = await s.login(DEMO_ACCOUNTS[key].phone, DEMO_ACCOUNTS[key].password);
    ids[key] = (await t.services.auth.authenticate(tokens[key]))?.member.id ?? 0;
  }
  const completedOrder = (who: DemoBuyer, productId: number, qty: number) =>
    s.completedOrder(tokens[who], DEMO_ACCOUNTS[who].phone, productId, qty);
  return { t, s, tokens, ids, completedOrder };
}

/** A guest's cart checkout by transfer to a home address (the fields a test varies go in `extra`). */
/** The body of a demo member's 立即購買: one unit by transfer to the demo address unless `extra` says otherwise. */
export const memberFastOrder = (variantId: number, extra: Record<string, unknown> = {}) => ({
  variant_id: variantId,
  qty: 1,
  ship_method: "hct",
  payment_method: "transfer",
  receiver: { name: "王小明", phone: DEMO_ACCOUNTS.member.phone },
  ...(extra.ship_method === "depot" ? {} : { address: homeAddress }),
  invoice: { type: "member" },
  ...extra,
});

export const guestCartOrder = (lineIds: number[], extra: Record<string, unknown> = {}) => ({
  line_ids: lineIds,
  ship_method: "hct",
  payment_method: "transfer",
  receiver: guestReceiver,
  address: homeAddress,
  invoice: { type: "mobile", carrier: "/ABC1234" },
  ...extra,
});
