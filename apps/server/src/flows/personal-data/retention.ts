import type { Db } from "../../db/client.js";
import type { PersonalDataParts } from "./parts.js";

const BATCH = 200;

/**
 * Guest orders keep their buyer's personal fields for GUEST_DATA_RETENTION_YEARS (decision 78): a
 * daily job masks those of finished guest orders placed before then — receiver, phone, e-mail,
 * address, store, mobile barcode, note — with their e-invoices' contact and their messages, in
 * batches, each recorded. The orders, lines and amounts stay (the shop's sales record).
 */
export function createGuestRetention(d: {
  db: Db;
  parts: Pick<PersonalDataParts, "orders" | "invoices" | "notifications" | "members">;
  years: number;
  now: () => Date;
}) {
  return {
    async sweep(): Promise<{ masked: number; before: string }> {
      const before = new Date(d.now());
      before.setUTCFullYear(before.getUTCFullYear() - d.years);
      let masked = 0;
      for (;;) {
        const due = await d.parts.orders.guestOrdersDue(before, BATCH);
        if (due.length === 0) break;
        const nos = due.map((o) => o.no);
        await d.db.transaction(async (tx) => {
          await d.parts.orders.maskGuests(
            tx,
            due.map((o) => o.id),
          );
          await d.parts.invoices.maskOrders(tx, nos);
          await d.parts.notifications.blankAbout(
            tx,
            nos.map((no) => `order:${no}`),
          );
          await d.parts.members.record(tx, {
            memberId: null,
            kind: "guest_retention",
            actor: "system",
            detail: { orders: nos.length, placed_before: before.toISOString(), years: d.years },
          });
        });
        masked += due.length;
        if (due.length < BATCH) break;
      }
      return { masked, before: before.toISOString() };
    },
  };
}
