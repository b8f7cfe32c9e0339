import type { Db } from "../../db/client.js";
import { createCartPersonalData } from "../../modules/cart/personal-data.js";
import { createDepotPersonalData } from "../../modules/depot/personal-data.js";
import { createExchangePersonalData } from "../../modules/exchange/personal-data.js";
import { createRestockPersonalData } from "../../modules/inventory/restock-personal-data.js";
import { createInvoicePersonalData } from "../../modules/invoices/personal-data.js";
import { createLoyaltyPersonalData } from "../../modules/loyalty/personal-data.js";
import { createMemberPersonalData } from "../../modules/members/personal-data.js";
import { createNotificationPersonalData } from "../../modules/notifications/personal-data.js";
import { createOrderPersonalData } from "../../modules/orders/personal-data.js";
import { createPayoutPersonalData } from "../../modules/payout/personal-data.js";
import { createRafflePersonalData } from "../../modules/raffles/personal-data.js";
import { createSupportPersonalData } from "../../modules/support/personal-data.js";

/**
 * Each module's part of a member's personal data (decision 78): what it holds about the member for
 * the export, and its own erasure. The flow reads and changes them only through these; no module
 * reads another's tables.
 */
export function createPersonalDataParts(db: Db, now: () => Date) {
  return {
    members: createMemberPersonalData(db, now),
    orders: createOrderPersonalData(db),
    invoices: createInvoicePersonalData(db),
    loyalty: createLoyaltyPersonalData(db, now),
    depot: createDepotPersonalData(db),
    raffles: createRafflePersonalData(db),
    exchange: createExchangePersonalData(db),
    notifications: createNotificationPersonalData(db),
    support: createSupportPersonalData(db),
    payout: createPayoutPersonalData(db),
    cart: createCartPersonalData(db),
    restock: createRestockPersonalData(db),
  };
}

export type PersonalDataParts = ReturnType<typeof createPersonalDataParts>;
