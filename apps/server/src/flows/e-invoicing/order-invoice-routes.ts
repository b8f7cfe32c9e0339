import { orderLookupInput, z } from "@shop/contract";
import { answers, binary, testInvoice } from "@shop/contract/responses";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { createFakeEcpayInvoice } from "../../integrations/ecpay/fake-einvoice.js";
import { fieldError, forbidden, notFound } from "../../lib/errors.js";
import { ok } from "../../lib/http.js";
import type { GuestAccess } from "../../modules/orders/guest-access.js";
import type { OrderQueries } from "../../modules/orders/queries.js";
import { cartTokenOf } from "../../plugins/cart-token.js";
import type { SessionGuards } from "../../plugins/session.js";
import type { OrderInvoices } from "./order-invoices.js";

/**
 * A buyer's e-invoice: a company buyer downloads the 證明聯 as PDF (a member of their own order, a
 * guest who proved the phone). In test mode, e2e reads back what the e-invoice simulator holds.
 */
export function orderInvoiceRoutes(
  deps: {
    orders: Pick<OrderQueries, "findFor">;
    guestAccess: Pick<GuestAccess, "orderIdOf">;
    invoices: Pick<OrderInvoices, "pdfFor">;
  },
  guards: SessionGuards,
  options: { lookupRateLimit: number; simulator?: ReturnType<typeof createFakeEcpayInvoice> },
): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      "/order/invoice_pdf",
      {
        preHandler: guards.memberIfSignedIn,
        config: { rateLimit: { max: options.lookupRateLimit, timeWindow: "1 minute" } },
        schema: { body: orderLookupInput, response: binary("application/pdf", "the invoice's 電子發票證明聯") },
      },
      async (req, reply) => {
        const { order_no, phone, access_token } = req.body;
        if (!req.session && !phone) throw fieldError("phone", "請輸入訂購時填寫的手機號碼");
        const buyer = req.session ? { memberId: req.session.member.id, phone } : { cartToken: cartTokenOf(req), phone };
        const order = await deps.orders.findFor(buyer, order_no);
        if (!req.session && (await deps.guestAccess.orderIdOf(access_token)) !== order.id)
          throw forbidden("PHONE_NOT_VERIFIED", "請先以簡訊驗證碼驗證手機，再下載發票證明聯");
        const pdf = await deps.invoices.pdfFor(order.orderNo);
        return reply
          .type("application/pdf")
          .header("content-disposition", `attachment; filename="invoice-${order.orderNo}.pdf"`)
          .header("cache-control", "private, no-store")
          .send(pdf);
      },
    );

    const sim = options.simulator;
    if (sim)
      app.get(
        "/test/einvoice/:relate",
        { schema: { params: z.object({ relate: z.string().regex(/^\w{1,30}$/) }), response: answers(testInvoice) } },
        async (req) => {
          const i = sim.invoices.get(req.params.relate);
          if (!i) throw notFound("INVOICE_NOT_FOUND", "模擬器中沒有此發票");
          return ok({
            relate_number: i.relateNumber,
            invoice_no: i.invoiceNo,
            voided: i.voided,
            sales_amount: i.salesAmount,
            carrier_type: String(i.data.CarrierType ?? ""),
            carrier_num: String(i.data.CarrierNum ?? ""),
            allowances: i.allowances.map((a) => ({ allowance_no: a.allowanceNo, amount: a.amount })),
          });
        },
      );
  };
}
