import {
  cancelOrderInput,
  changePaymentInput,
  guestOrderCodeInput,
  guestOrderVerifyInput,
  orderLookupInput,
  orderNoSchema,
  orderSearchInput,
  paymentTransferInput,
  phoneSchema,
  repayInput,
  z,
} from "@shop/contract";
import { isTapPayMethod } from "@shop/contract/order";
import {
  answers,
  captchaSent,
  messageOnly,
  orderAccess,
  orderSummary,
  orderView,
  paged,
  repayResult,
  trackingView,
} from "@shop/contract/responses";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FakeTapPay } from "../../integrations/tappay/fake.js";
import type { Config } from "../../lib/config/index.js";
import { conflict, fieldError, forbidden } from "../../lib/errors.js";
import { ok, publicOrigin } from "../../lib/http.js";
import { cartTokenOf } from "../../plugins/cart-token.js";
import type { SessionGuards } from "../../plugins/session.js";
import { sessionOf } from "../../plugins/session.js";
import type { CardCharge } from "./card-charge.js";
import { type GuestAccess, masked } from "./guest-access.js";
import type { Payments } from "./payments.js";
import type { OrderQueries } from "./queries.js";
import { tapPayRoutes } from "./tappay-routes.js";
import type { Buyer, OrderLifecycle } from "./types.js";
import type { OrderViews } from "./views.js";

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

export interface OrderRouteDeps {
  orders: Pick<OrderQueries, "findFor"> & Pick<OrderLifecycle, "cancelByBuyer">;
  payments: Pick<Payments, "reportTransfer" | "tapPayNotify" | "cardOffered" | "changeMethod" | "nextFor" | "instalmentsFor">;
  charge: Pick<CardCharge, "charge">;
  views: Pick<OrderViews, "list" | "detail" | "tracking">;
  guestAccess: GuestAccess;
}

/** What the buyer's order routes share: the guards they run behind and how a request names its buyer. */
interface RouteKit {
  member: { preHandler: SessionGuards["requireMember"] };
  lookupLimited: { preHandler: SessionGuards["memberIfSignedIn"]; config: { rateLimit: { max: number; timeWindow: string } } };
  buyerOf: (req: FastifyRequest, phone?: string) => Buyer;
  originOf: (req: FastifyRequest) => string;
  guestNeedsPhone: (req: FastifyRequest, phone?: string) => void;
  proven: (req: FastifyRequest, orderId: number, token?: string) => Promise<boolean>;
}

/**
 * The buyer's orders after checkout (checkout/routes.ts places them): lists, details, tracking,
 * guests' phone proof, transfer reports, cancelling and paying again; TapPay's notify and the
 * 測試模式 card simulator.
 */
export function orderRoutes(
  deps: OrderRouteDeps,
  guards: SessionGuards,
  config: Config,
  options: { tapPaySimulator?: FakeTapPay; lookupRateLimit: number },
): FastifyPluginAsyncZod {
  const kit: RouteKit = {
    member: { preHandler: guards.requireMember },
    // Guests look orders up by number + phone: limit guessing per address.
    lookupLimited: {
      preHandler: guards.memberIfSignedIn,
      config: { rateLimit: { max: options.lookupRateLimit, timeWindow: "1 minute" } },
    },
    buyerOf: (req, phone) => (req.session ? { memberId: req.session.member.id, phone } : { cartToken: cartTokenOf(req), phone }),
    originOf: (req) => publicOrigin(config, req),
    /** Guests need the phone on the order; members see their own orders. */
    guestNeedsPhone: (req, phone) => {
      if (!req.session && !phone) throw fieldError("phone", "請輸入訂購時填寫的手機號碼");
    },
    /** A guest who proved the phone (SMS code, or the browser that ordered) sees the order in full. */
    proven: async (req, orderId, token) => Boolean(req.session) || (await deps.guestAccess.orderIdOf(token)) === orderId,
  };

  return async (app) => {
    orderReadRoutes(app, deps, kit);
    buyerActionRoutes(app, deps, kit);
    await tapPayRoutes(app, deps, options.tapPaySimulator);
  };
}

/** Reading an order: the member's list, an order's detail and tracking, and a guest's phone proof. */
function orderReadRoutes(app: ZodApp, deps: OrderRouteDeps, kit: RouteKit) {
  const { orders, views, guestAccess } = deps;
  const { member, lookupLimited, buyerOf, guestNeedsPhone, proven } = kit;
  app.post(
    "/order/search",
    { ...member, schema: { body: orderSearchInput, response: answers(paged(orderSummary)) } },
    async (req) => ok(await views.list(sessionOf(req).member.id, req.body.status, req.body.page, req.body.per_page)),
  );
  app.post(
    "/order/detail",
    { ...lookupLimited, schema: { body: orderLookupInput, response: answers(orderView) } },
    async (req) => {
      guestNeedsPhone(req, req.body.phone);
      const order = await orders.findFor(buyerOf(req, req.body.phone), req.body.order_no);
      const view = await views.detail(order);
      return ok((await proven(req, order.id, req.body.access_token)) ? view : masked(view));
    },
  );
  // Ours: a guest proves the phone on an order with a one-time SMS code (full details, cancelling).
  app.post(
    "/order/sendGuestCode",
    { ...lookupLimited, schema: { body: guestOrderCodeInput, response: answers(captchaSent) } },
    async (req) => ok(await guestAccess.sendCode(req.body.order_no, req.body.phone, req.ip), "驗證碼已寄出"),
  );
  app.post(
    "/order/verifyGuestCode",
    { ...lookupLimited, schema: { body: guestOrderVerifyInput, response: answers(orderAccess) } },
    async (req) => ok(await guestAccess.verify(req.body.order_no, req.body.phone, req.body.captcha), "驗證成功"),
  );
  app.get(
    "/order/hct_detail",
    {
      ...lookupLimited,
      schema: {
        querystring: z.object({ order_no: orderNoSchema, phone: phoneSchema.optional() }),
        response: answers(trackingView),
      },
    },
    async (req) => {
      guestNeedsPhone(req, req.query.phone);
      return ok(await views.tracking(await orders.findFor(buyerOf(req, req.query.phone), req.query.order_no)));
    },
  );
}

/** What the buyer does to an order: report a transfer, cancel it, pay again by card. */
function buyerActionRoutes(app: ZodApp, deps: OrderRouteDeps, kit: RouteKit) {
  const { orders, views } = deps;
  const { lookupLimited, buyerOf, originOf, guestNeedsPhone, proven } = kit;
  app.post(
    "/order/paymentTransfer",
    { ...lookupLimited, schema: { body: paymentTransferInput, response: messageOnly } },
    async (req) => {
      guestNeedsPhone(req, req.body.phone);
      const { order_no, last5, amount, paid_at } = req.body;
      await deps.payments.reportTransfer(buyerOf(req, req.body.phone), order_no, { last5, amount, paid_at });
      return ok(null, "已收到您的匯款回報，確認後將為您出貨");
    },
  );
  app.post(
    "/order/cancelOrder",
    { ...lookupLimited, schema: { body: cancelOrderInput, response: answers(orderView) } },
    async (req) => {
      guestNeedsPhone(req, req.body.phone);
      const buyer = buyerOf(req, req.body.phone);
      const order = await orders.findFor(buyer, req.body.order_no);
      if (!(await proven(req, order.id, req.body.access_token)))
        throw forbidden("PHONE_NOT_VERIFIED", "請先以簡訊驗證碼驗證手機，再取消訂單");
      await orders.cancelByBuyer({ ...buyer, verifiedOrderId: order.id }, req.body.order_no, req.body.reason);
      return ok(await views.detail(await orders.findFor(buyer, req.body.order_no)), "訂單已取消");
    },
  );
  app.post(
    "/order/changePayment",
    { ...lookupLimited, schema: { body: changePaymentInput, response: answers(repayResult) } },
    async (req) => {
      guestNeedsPhone(req, req.body.phone);
      const buyer = buyerOf(req, req.body.phone);
      const order = await orders.findFor(buyer, req.body.order_no);
      const method = req.body.payment_method;
      // Another method changes what the buyer owes how: a guest proves the phone first, as to cancel.
      if (method !== order.paymentMethod && !(await proven(req, order.id, req.body.access_token)))
        throw forbidden("PHONE_NOT_VERIFIED", "請先以簡訊驗證碼驗證手機，再變更付款方式");
      const tapPay = isTapPayMethod(method);
      if (tapPay && !req.body.prime)
        throw fieldError("prime", method === "card" ? "請輸入信用卡資料" : "付款資料無效，請重新選擇付款方式");
      if (req.body.instalment && method !== "card") throw fieldError("instalment", "分期付款僅限信用卡");
      if (req.body.instalment && !(await deps.payments.instalmentsFor(order)).some((i) => i.count === req.body.instalment))
        throw fieldError("instalment", `此金額無法分 ${req.body.instalment} 期，請選擇其他期數`);
      const changed = await deps.payments.changeMethod(order, method, req.session ? `member:${req.session.member.id}` : "guest");
      const next = tapPay
        ? await deps.charge.charge(changed, req.body.prime ?? "", originOf(req), req.body.instalment ?? 0)
        : await deps.payments.nextFor(changed);
      return ok({ order_no: req.body.order_no, next }, "付款方式已變更");
    },
  );
  app.post(
    "/order/repayTappays",
    { ...lookupLimited, schema: { body: repayInput, response: answers(repayResult) } },
    async (req) => {
      guestNeedsPhone(req, req.body.phone);
      const order = await orders.findFor(buyerOf(req, req.body.phone), req.body.order_no);
      if (order.paymentMethod !== "card") throw conflict("NOT_CARD_PAYMENT", "此訂單不是信用卡付款");
      if (order.status !== "pending_payment") throw conflict("ORDER_NOT_AWAITING_PAYMENT", "此訂單已付款或已取消");
      if (!deps.payments.cardOffered()) throw conflict("CARD_PAYMENTS_OFF", "目前未提供信用卡付款，請聯絡客服");
      const next = await deps.charge.charge(order, req.body.prime, originOf(req));
      return ok({ order_no: req.body.order_no, next });
    },
  );
}
