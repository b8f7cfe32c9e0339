import { createReadStream } from "node:fs";
import { MAIN_SHOP_ID, z } from "@shop/contract";
import { binary, raw } from "@shop/contract/responses";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { notFound } from "../../lib/errors.js";
import { APP_ICONS } from "../../modules/media/service.js";
import type { InstallableShop } from "./installable-shop.js";

/** A shop's name or logo changes rarely; a phone re-reads the manifest about daily anyway. */
const CACHE = "public, max-age=3600";

/**
 * `/manifest.webmanifest` (the main mall), `/shop_N/manifest.webmanifest` (a sub-mall) and
 * `/icons/shop-N/{icon-192,icon-512,maskable-512}.png` (decision 108).
 */
export function installableShopRoutes(shop: InstallableShop): FastifyPluginAsyncZod {
  const sendManifest = async (shopId: number, reply: FastifyReply) => {
    const manifest = await shop.manifest(shopId);
    if (!manifest) throw notFound("SHOP_NOT_FOUND", "此商城不存在或已暫停營業");
    return reply.type("application/manifest+json; charset=utf-8").header("cache-control", CACHE).send(JSON.stringify(manifest));
  };
  const manifestSchema = { response: raw("application/manifest+json", "the shop's web app manifest") };

  return async (app) => {
    app.get("/manifest.webmanifest", { schema: manifestSchema }, async (_req, reply) => sendManifest(MAIN_SHOP_ID, reply));
    app.get(
      "/:shopPrefix/manifest.webmanifest",
      { schema: { ...manifestSchema, params: z.object({ shopPrefix: z.string().max(20) }) } },
      async (req, reply) => {
        const n = /^shop_([1-9]\d{0,8})$/.exec(req.params.shopPrefix)?.[1];
        if (!n) throw notFound("SHOP_NOT_FOUND", "此商城不存在或已暫停營業");
        return sendManifest(Number(n), reply);
      },
    );
    app.get(
      "/icons/:shop/:file",
      {
        schema: {
          params: z.object({ shop: z.string().max(20), file: z.string().max(30) }),
          response: binary("image/png", "the shop's home-screen icon, made from its logo"),
        },
      },
      async (req, reply) => {
        const n = /^shop-([1-9]\d{0,8})$/.exec(req.params.shop)?.[1];
        const icon = APP_ICONS.find((i) => `${i}.png` === req.params.file);
        const file = n && icon ? await shop.icon(Number(n), icon) : undefined;
        if (!file) throw notFound("ICON_NOT_FOUND", "找不到此圖示");
        return reply.type("image/png").header("cache-control", "public, max-age=86400").send(createReadStream(file));
      },
    );
  };
}
