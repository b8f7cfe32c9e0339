import { idSchema, MAIN_SHOP_ID, mapCreateTokenInput, shopIdSchema, shopQuerySchema, z } from "@shop/contract";
import { answers, cvsMapForm, cvsStoreView, raw, redirect, shipMethodView } from "@shop/contract/responses";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { verifyCheckMacValue } from "../../integrations/ecpay/check-mac-value.js";
import { type EcpayLogisticsConfig, simulatedMapPage } from "../../integrations/ecpay/map.js";
import type { Config } from "../../lib/config/index.js";
import { DomainError } from "../../lib/errors.js";
import { acceptFormPosts } from "../../lib/form.js";
import { ok } from "../../lib/http.js";
import type { CatalogueService } from "../catalogue/service.js";
import { estimate, type ParcelLine } from "../pricing/shipping-fees.js";
import type { LogisticsService } from "./service.js";

export function logisticsRoutes(
  services: { logistics: LogisticsService; catalogue: Pick<CatalogueService, "packedUnits"> },
  config: Config,
  ecpay: EcpayLogisticsConfig,
): FastifyPluginAsyncZod {
  const { logistics, catalogue } = services;
  return async (app) => {
    /** The shop's methods, each priced for the goods asked about (decision 89), without the fee tables. */
    const views = async (shopId: number, lines: ParcelLine[] | null) =>
      (await logistics.shipMethods(shopId)).map(({ rates, ...m }) =>
        lines ? { ...m, estimate: estimate({ name: m.name, fee: m.fee, freeThreshold: m.free_threshold, rates }, lines) } : m,
      );
    app.post(
      "/shipmethod/search",
      {
        schema: {
          body: z
            .strictObject({
              shop_id: shopIdSchema.default(1),
              // Ours: the cart's lines, for its estimated fee per method.
              lines: z
                .array(z.strictObject({ variant_id: idSchema, qty: z.number().int().min(1).max(999) }))
                .max(100)
                .optional(),
            })
            .nullish(),
          response: answers(z.array(shipMethodView)),
        },
      },
      async (req) => {
        const asked = req.body?.lines;
        const units = asked ? await catalogue.packedUnits({ variantIds: asked.map((l) => l.variant_id) }) : [];
        const lines = asked?.flatMap((l) => {
          const u = units.find((x) => x.id === l.variant_id);
          return u ? [{ ...u, qty: l.qty }] : [];
        });
        return ok(await views(req.body?.shop_id ?? MAIN_SHOP_ID, lines ?? null));
      },
    );
    // Ours: the same list as a cached GET, for the product page's shopping notes (priced for one
    // unit of the product's first variant when `product_id` is given).
    app.get(
      "/shipmethod/search",
      {
        config: { publicCache: true },
        schema: {
          querystring: shopQuerySchema.extend({ product_id: idSchema.optional() }),
          response: answers(z.array(shipMethodView)),
        },
      },
      async (req) => {
        const id = req.query.product_id;
        const [unit] = id ? await catalogue.packedUnits({ productId: id }) : [];
        return ok(await views(req.query.shop_id, unit ? [{ ...unit, qty: 1 }] : null));
      },
    );

    app.post("/ecpay/mapCreateToken", { schema: { body: mapCreateTokenInput, response: answers(cvsMapForm) } }, async (req) => {
      const origin = config.PUBLIC_URL?.replace(/\/$/, "") ?? `${req.protocol}://${req.host}`;
      const form = await logistics.mapCreateToken(
        req.body.cvs_type,
        req.body.device === "mobile",
        req.body.return_path,
        `${origin}/api/ecpay/map/callback`,
      );
      return ok(form);
    });
    app.get(
      "/ecpay/map/result",
      {
        schema: {
          querystring: z.object({ token: z.string().regex(/^[A-Za-z0-9]{10,20}$/, { error: "門市選擇代碼錯誤" }) }),
          response: answers(cvsStoreView),
        },
      },
      async (req) => ok(await logistics.mapResult(req.query.token)),
    );

    await app.register(async (plain) => {
      const scope = plain.withTypeProvider<ZodTypeProvider>();
      acceptFormPosts(scope);
      const formBody = z.record(z.string(), z.string().max(500));
      // ECPay returns the browser here with the chosen store (no MAC: the session token decides).
      scope.post(
        "/ecpay/map/callback",
        { schema: { body: formBody, response: redirect("回到結帳頁，帶著門市選擇代碼 cvs_token") } },
        async (req, reply) => reply.redirect(await logistics.mapCallback(req.body), 303),
      );
      if (ecpay.simulated) {
        // Stand-in for ECPay's map page; like ECPay it checks the request's CheckMacValue.
        scope.post(
          "/ecpay/simulator/map",
          { schema: { body: formBody, response: raw("text/html", "測試模式的超商門市地圖") } },
          async (req, reply) => {
            if (!verifyCheckMacValue(req.body, ecpay.hashKey, ecpay.hashIV, "md5"))
              throw new DomainError("invalid", "INVALID_CHECK_MAC_VALUE", "CheckMacValue 驗證失敗");
            return reply.type("text/html; charset=utf-8").send(simulatedMapPage(req.body));
          },
        );
      }
    });
  };
}
