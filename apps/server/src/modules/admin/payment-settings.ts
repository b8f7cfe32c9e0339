import { MAIN_SHOP_ID } from "@shop/contract";
import type { PaymentSettingsInput, ShopPaymentSettingsInput } from "@shop/contract/admin";
import {
  DEFAULT_PAYMENT_ORDER,
  INSTALMENT_COUNTS,
  PAYABLE_METHODS,
  PAYMENT_METHOD_LABELS,
  type PayableMethod,
} from "@shop/contract/order";
import { bankName } from "@shop/reference-data";
import type { Db, Tx } from "../../db/client.js";
import { fieldError, notFound } from "../../lib/errors.js";
import type { ShopsService } from "../shops/service.js";
import type { Actor, StaffService } from "../staff/service.js";

const isPayable = (m: string): m is PayableMethod => (PAYABLE_METHODS as readonly string[]).includes(m);
const FEE_KEYS = PAYABLE_METHODS.map((m) => `pay_fee_${m}`);
const INSTALMENT_KEYS = ["instalment_counts", ...INSTALMENT_COUNTS.map((n) => `instalment_min_${n}`)];
type Instalment = { count: number; on: boolean; min: number };

/** The card's instalments as stored: each of 3/6/12/24, on when listed in `instalment_counts`. */
function instalmentsOf(s: Record<string, string>): Instalment[] {
  const counts = (s.instalment_counts ?? "").split(",").map(Number);
  return INSTALMENT_COUNTS.map((count) => ({
    count,
    on: counts.includes(count),
    min: Number(s[`instalment_min_${count}`]) || 0,
  }));
}

/** What `instalment_counts` and `instalment_min_<n>` are set to for the instalments staff saved. */
function instalmentValues(list: Instalment[]): Record<string, string> {
  const on = INSTALMENT_COUNTS.filter((n) => list.some((i) => i.count === n && i.on));
  const values: Record<string, string> = { instalment_counts: on.length > 0 ? on.join(",") : "none" };
  for (const i of list) values[`instalment_min_${i.count}`] = String(i.min);
  return values;
}

/**
 * Payment settings (decision 88): the main mall's methods (on/off, order, fee notes), card
 * instalments and transfer account; a sub-mall's own switches and instalments. Owner-only, audited.
 */
export function createPaymentSettingsAdmin(d: { db: Db; shops: ShopsService; record: StaffService["record"] }) {
  const record = d.record;
  const provided = (m: PayableMethod) => d.shops.deployed.includes(m);
  /** The main mall's switches in staff's order (methods not listed follow in the default order). */
  async function mainSwitches() {
    const keys = [...PAYABLE_METHODS.map((m) => `pay_${m}`), "pay_order", ...FEE_KEYS];
    const s = await d.shops.ownSettings(MAIN_SHOP_ID, keys);
    const listed = (s.pay_order ?? "").split(",").filter(isPayable);
    const order = [...new Set([...listed, ...DEFAULT_PAYMENT_ORDER, ...PAYABLE_METHODS])];
    return order.map((method) => ({
      method,
      label: PAYMENT_METHOD_LABELS[method],
      on: s[`pay_${method}`] !== "0",
      provided: provided(method),
      fee: s[`pay_fee_${method}`] ?? "",
    }));
  }
  async function subMall(shopId: number) {
    if (shopId === MAIN_SHOP_ID) throw notFound("NOT_FOUND", "主商城的付款方式請至「付款設定」調整");
    if (!(await d.shops.byId(shopId))) throw notFound("NOT_FOUND", "找不到此商城");
  }

  return {
    async paymentSettings() {
      const keys = ["transfer_bank_code", "transfer_account", "transfer_holder", "transfer_bank_name", ...INSTALMENT_KEYS];
      const s = await d.shops.ownSettings(MAIN_SHOP_ID, keys);
      return {
        id: "payments",
        methods: await mainSwitches(),
        instalments: instalmentsOf(s),
        transfer_bank_code: s.transfer_bank_code ?? "",
        transfer_bank_name: s.transfer_bank_name ?? "",
        transfer_account: s.transfer_account ?? "",
        transfer_holder: s.transfer_holder ?? "",
      };
    },
    async updatePaymentSettings(actor: Actor, input: PaymentSettingsInput) {
      const name = bankName(input.transfer_bank_code);
      if (!name) throw fieldError("transfer_bank_code", "查無此銀行代碼");
      if (!input.methods.some((m) => m.on && provided(m.method))) throw fieldError("methods", "請至少開放一種付款方式");
      const before = await this.paymentSettings();
      await d.db.transaction(async (tx: Tx) => {
        await d.shops.setSettings(tx, MAIN_SHOP_ID, {
          ...Object.fromEntries(input.methods.map((m) => [`pay_${m.method}`, m.on ? "1" : "0"])),
          ...Object.fromEntries(input.methods.map((m) => [`pay_fee_${m.method}`, m.fee])),
          pay_order: input.methods.map((m) => m.method).join(","),
          ...instalmentValues(input.instalments),
          transfer_bank_code: input.transfer_bank_code,
          transfer_bank_name: name,
          transfer_account: input.transfer_account,
          transfer_holder: input.transfer_holder,
        });
        await record(tx, actor, {
          action: "payments.update",
          entity: "settings",
          entityId: "payments",
          before,
          after: { ...input, transfer_bank_name: name },
        });
      });
      return this.paymentSettings();
    },

    async shopPaymentSettings(shopId: number) {
      await subMall(shopId);
      const main = await mainSwitches();
      const own = await d.shops.ownSettings(shopId, [...PAYABLE_METHODS.map((m) => `pay_${m}`), ...INSTALMENT_KEYS]);
      const ownInstalments = (own.instalment_counts ?? "") !== "";
      return {
        id: shopId,
        methods: main.map((m) => ({
          method: m.method,
          label: m.label,
          on: own[`pay_${m.method}`] !== "0",
          main_on: m.on && m.provided,
        })),
        own_instalments: ownInstalments,
        instalments: ownInstalments ? instalmentsOf(own) : (await this.paymentSettings()).instalments,
      };
    },
    async updateShopPaymentSettings(actor: Actor, shopId: number, input: ShopPaymentSettingsInput) {
      const before = await this.shopPaymentSettings(shopId);
      const mainOn = new Set(before.methods.filter((m) => m.main_on).map((m) => m.method));
      if (!input.methods.some((m) => m.on && mainOn.has(m.method)))
        throw fieldError("methods", "請至少開放一種主商城提供的付款方式");
      await d.db.transaction(async (tx: Tx) => {
        // "0" switches a method off here; on = the main mall's switch applies (the key removed).
        const switches = Object.fromEntries(input.methods.map((m) => [`pay_${m.method}`, m.on ? "" : "0"]));
        const instalments = input.own_instalments
          ? instalmentValues(input.instalments)
          : Object.fromEntries(INSTALMENT_KEYS.map((k) => [k, ""]));
        await d.shops.setSettings(tx, shopId, { ...switches, ...instalments }, true);
        await record(tx, actor, {
          action: "payments.update",
          entity: "shop",
          entityId: String(shopId),
          before,
          after: input,
        });
      });
      return this.shopPaymentSettings(shopId);
    },
  };
}
