import {
  type InvoiceSettings,
  invoiceAllowanceConfirmInput,
  invoiceAllowanceInput,
  invoiceCsvQuery,
  invoiceQuery,
  invoiceRetryInput,
  invoiceSettingsInput,
  invoiceVoidInput,
  reasonInput,
  type StaffInvoice,
} from "@shop/contract/admin";
import type { EInvoiceTrigger, Invoice as InvoiceChoice } from "@shop/contract/invoice";
import { answers, invoiceConnection, invoiceSettings, raw, staffInvoice, staffInvoicePage } from "@shop/contract/responses";
import { ok } from "../../lib/http.js";
import type { InvoiceFilter } from "../invoices/admin.js";
import type { Actor } from "../staff/service.js";
import type { AdminApp, AdminRouteKit } from "./route-kit.js";
import { idParam } from "./route-kit.js";

/** What the e-invoice pages need (order-invoices.ts provides it). */
export interface InvoiceDesk {
  list(f: InvoiceFilter, page: number, perPage: number): Promise<{ total: number; items: StaffInvoice[] }>;
  one(id: number): Promise<StaffInvoice>;
  csv(period: string): Promise<string>;
  retry(actor: Actor, id: number, reason: string, choice?: InvoiceChoice): Promise<StaffInvoice>;
  voidByHand(actor: Actor, id: number, reason: string): Promise<StaffInvoice>;
  allowByHand(actor: Actor, id: number, amount: number, reason: string): Promise<StaffInvoice>;
  reissue(actor: Actor, id: number, reason: string): Promise<StaffInvoice>;
  confirmAllowance(actor: Actor, id: number, allowanceNo: string, reason: string): Promise<StaffInvoice>;
  settings(): Promise<InvoiceSettings>;
  updateSettings(actor: Actor, issueOn: EInvoiceTrigger): Promise<InvoiceSettings>;
  testConnection(): Promise<{ ok: boolean; message: string }>;
}

/** Back office: e-invoices per period, the accountant's CSV, what staff do by hand, and the settings (decision 57). */
export function invoiceAdminRoutes(app: AdminApp, { actor, paged, changed }: AdminRouteKit, desk: InvoiceDesk) {
  app.get("/admin/invoices", { schema: { querystring: invoiceQuery, response: answers(staffInvoicePage) } }, async (req) => {
    const { page, per_page, ...filter } = req.query;
    return paged(await desk.list(filter, page, per_page));
  });
  app.get(
    "/admin/invoices.csv",
    {
      schema: {
        querystring: invoiceCsvQuery,
        response: raw("text/csv", "the period's invoices and allowances, UTF-8 with a BOM"),
      },
    },
    async (req, reply) => {
      reply.header("content-type", "text/csv; charset=utf-8");
      reply.header("content-disposition", `attachment; filename="einvoices-${req.query.period}.csv"`);
      return desk.csv(req.query.period);
    },
  );
  app.get("/admin/invoices/:id", { schema: { params: idParam, response: answers(staffInvoice) } }, async (req) =>
    ok(await desk.one(req.params.id)),
  );
  app.post(
    "/admin/invoices/:id/retry",
    { schema: { params: idParam, body: invoiceRetryInput, response: answers(staffInvoice) } },
    async (req) => ok(await desk.retry(actor(req), req.params.id, req.body.reason, req.body.invoice), "已重新送出，稍後更新結果"),
  );
  app.post(
    "/admin/invoices/:id/void",
    { schema: { params: idParam, body: invoiceVoidInput, response: answers(staffInvoice) } },
    async (req) => ok(await desk.voidByHand(actor(req), req.params.id, req.body.reason), "已送出作廢，稍後更新結果"),
  );
  app.post(
    "/admin/invoices/:id/allowance",
    { schema: { params: idParam, body: invoiceAllowanceInput, response: answers(staffInvoice) } },
    async (req) =>
      ok(await desk.allowByHand(actor(req), req.params.id, req.body.amount, req.body.reason), "已送出折讓，稍後更新結果"),
  );
  app.post(
    "/admin/invoices/:id/reissue",
    { schema: { params: idParam, body: reasonInput, response: answers(staffInvoice) } },
    async (req) => ok(await desk.reissue(actor(req), req.params.id, req.body.reason), "已送出重新開立，稍後更新結果"),
  );
  app.post(
    "/admin/invoices/:id/allowance_confirmed",
    { schema: { params: idParam, body: invoiceAllowanceConfirmInput, response: answers(staffInvoice) } },
    async (req) =>
      ok(await desk.confirmAllowance(actor(req), req.params.id, req.body.allowance_no, req.body.reason), "已記錄折讓"),
  );
  app.get("/admin/invoice_settings", { schema: { response: answers(invoiceSettings) } }, async () => ok(await desk.settings()));
  app.put(
    "/admin/invoice_settings",
    { schema: { body: invoiceSettingsInput, response: answers(invoiceSettings) } },
    async (req) => changed(await desk.updateSettings(actor(req), req.body.issue_on), "電子發票設定已儲存"),
  );
  app.post("/admin/invoice_settings/test", { schema: { response: answers(invoiceConnection) } }, async () =>
    ok(await desk.testConnection()),
  );
}
