import { MAIN_SHOP_ID } from "@shop/contract";
import { PAYMENT_SWITCHES, type PaymentSettingsInput } from "@shop/contract/admin";
import { bankName } from "@shop/reference-data";
import type { Db, Tx } from "../../db/client.js";
import { fieldError } from "../../lib/errors.js";
import type { ShopsService } from "../shops/service.js";
import type { Actor, StaffService } from "../staff/service.js";

/** Payment settings (main mall): which methods checkout offers and the transfer account; audited. */
export function createPaymentSettingsAdmin(d: { db: Db; shops: ShopsService; record: StaffService["record"] }) {
  const record = d.record;
  return {
    async paymentSettings() {
      const keys = [...PAYMENT_SWITCHES, "transfer_bank_code", "transfer_account", "transfer_holder", "transfer_bank_name"];
      const s = await d.shops.settings(MAIN_SHOP_ID, keys);
      return {
        id: "payments",
        pay_card: s.pay_card !== "0",
        pay_transfer: s.pay_transfer !== "0",
        pay_cod: s.pay_cod !== "0",
        transfer_bank_code: s.transfer_bank_code ?? "",
        transfer_bank_name: s.transfer_bank_name ?? "",
        transfer_account: s.transfer_account ?? "",
        transfer_holder: s.transfer_holder ?? "",
      };
    },
    async updatePaymentSettings(actor: Actor, input: PaymentSettingsInput) {
      const name = bankName(input.transfer_bank_code);
      if (!name) throw fieldError("transfer_bank_code", "查無此銀行代碼");
      if (!input.pay_card && !input.pay_transfer && !input.pay_cod) throw fieldError("pay_card", "請至少開放一種付款方式");
      const before = await this.paymentSettings();
      await d.db.transaction(async (tx: Tx) => {
        await d.shops.setSettings(tx, MAIN_SHOP_ID, {
          pay_card: input.pay_card ? "1" : "0",
          pay_transfer: input.pay_transfer ? "1" : "0",
          pay_cod: input.pay_cod ? "1" : "0",
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
  };
}
