import { E_INVOICE_STATUS_LABELS, type EInvoiceStatus, invoiceText } from "@shop/contract/invoice";
import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { invoiceChanges, invoices } from "../../db/schema/index.js";

/**
 * The e-invoice module's part of a member's personal data (decision 78): the member's invoices for
 * the export, whether one is still with the provider (closing waits: the provider is still sent the
 * buyer's contact), and the masking of the contact and mobile barcode on the shop's copy. The
 * invoice itself (number, lines, amounts) stays: it is a tax record.
 */
export function createInvoicePersonalData(db: Db) {
  return {
    async exportOf(memberId: number) {
      const rows = await db.select().from(invoices).where(eq(invoices.memberId, memberId)).orderBy(asc(invoices.id));
      const changes = rows.length
        ? await db
            .select()
            .from(invoiceChanges)
            .where(
              inArray(
                invoiceChanges.invoiceId,
                rows.map((r) => r.id),
              ),
            )
            .orderBy(asc(invoiceChanges.id))
        : [];
      return rows.map((i) => ({
        order_no: i.orderNo,
        invoice_no: i.invoiceNo,
        status: E_INVOICE_STATUS_LABELS[i.status as EInvoiceStatus] ?? i.status,
        issued_at: i.issuedAt?.toISOString() ?? null,
        random_number: i.randomNumber,
        carrier: invoiceText(i.buyer),
        contact: i.contact,
        amount: i.amount,
        changes: changes
          .filter((c) => c.invoiceId === i.id)
          .map((c) => ({ amount: c.amount, outcome: c.outcome, allowance_no: c.allowanceNo, reason: c.reason })),
      }));
    },

    /** Invoices of the member the provider still has work on (an issue, a void or an allowance). */
    async pendingCount(q: Db | Tx, memberId: number): Promise<number> {
      const [row] = await q
        .select({ n: sql<number>`count(*)::int` })
        .from(invoices)
        .where(
          and(
            eq(invoices.memberId, memberId),
            or(
              eq(invoices.status, "pending"),
              sql`exists (select 1 from ${invoiceChanges} c where c.invoice_id = ${invoices.id} and c.status = 'pending')`,
            ),
          ),
        );
      return Number(row?.n ?? 0);
    },

    /** Masks the contact (name, e-mail, phone, address) and a mobile barcode on these orders' invoices. */
    async maskOrders(tx: Tx, orderNos: string[]) {
      if (orderNos.length === 0) return;
      await tx
        .update(invoices)
        .set({
          contact: { name: "○○○", email: "", phone: "", address: "" },
          buyer: sql`case when ${invoices.buyer} ? 'carrier' then ${invoices.buyer} || '{"carrier":"○○○"}'::jsonb else ${invoices.buyer} end`,
        })
        .where(inArray(invoices.orderNo, orderNos));
    },
  };
}
