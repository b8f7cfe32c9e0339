import { shopIdSchema, shopQuerySchema, z } from "@shop/contract";
import { isDeviceWallet, PAYMENT_METHOD_LABELS } from "@shop/contract/order";
import { answers, shopPage, shopRecheck, subMallHome } from "@shop/contract/responses";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/http.js";
import type { SessionGuards } from "../../plugins/session.js";
import type { ContentService } from "../content/service.js";
import type { LogisticsService } from "../logistics/service.js";
import type { ShopsService } from "./service.js";

export function shopRoutes(
  services: { content: ContentService; shops: ShopsService; logistics: LogisticsService },
  guards: SessionGuards,
): FastifyPluginAsyncZod {
  const { shops, content, logistics } = services;
  const shopBody = z.strictObject({ shop_id: shopIdSchema });

  return async (app) => {
    app.post(
      "/supmall/recheck",
      { schema: { body: shopBody, response: answers(shopRecheck) }, preHandler: guards.memberIfSignedIn },
      async (req) => {
        const r = await shops.recheck(req.body.shop_id, req.session?.member.shopId);
        return { status: r.ok, message: r.ok ? "成功" : "請前往您所屬的商城", data: { shop_id: r.shopId } };
      },
    );

    app.post(
      "/supmall/recheck2",
      { schema: { body: z.strictObject({}).nullish(), response: answers(shopRecheck) }, preHandler: guards.memberIfSignedIn },
      async (req) => {
        const r = await shops.recheckMain(req.session?.member.shopId);
        return { status: r.ok, message: r.ok ? "成功" : "請前往您所屬的商城", data: { shop_id: r.shopId } };
      },
    );

    // Ours: the same shop info as a cached GET, for the storefront's page shell.
    app.get(
      "/front/shop/get",
      { config: { publicCache: true }, schema: { querystring: shopQuerySchema, response: answers(shopPage) } },
      async (req) => {
        const info = await shops.openInfo(req.query.shop_id);
        const [homeDesc, tracking, footer, payment, ship] = await Promise.all([
          content.homeDesc(info.id),
          shops.tracking(info.id),
          shops.footer(info.id),
          shops.paymentSetup(info.id),
          logistics.shipMethods(info.id),
        ]);
        // What the footer and the product page list is what checkout will offer.
        const payment_methods = payment.offered.map((m) => PAYMENT_METHOD_LABELS[m]);
        // The cloud depot keeps goods rather than delivering them: not a way to receive them.
        const ship_methods = ship.filter((m) => m.code !== "depot").map((m) => m.name);
        const device_wallets = payment.offered.filter(isDeviceWallet);
        return ok({
          shop: info,
          home_desc: homeDesc,
          tracking,
          footer: { ...footer, payment_methods, ship_methods },
          device_wallets,
        });
      },
    );

    app.post("/supmall/home", { schema: { body: shopBody, response: answers(subMallHome) } }, async (req) => {
      const info = await shops.openInfo(req.body.shop_id);
      const [banners, desc] = await Promise.all([content.banners(info.id), content.homeDesc(info.id)]);
      return ok({ shop: info, banners, home_desc: desc });
    });
  };
}
