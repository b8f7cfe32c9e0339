import { addressBookInput, idSchema, MAIN_SHOP_ID, refChildInput, shopIdSchema, z } from "@shop/contract";
import {
  addressBookEntry,
  answers,
  bindingView,
  freshRefcode,
  likeState,
  messageOnly,
  postalReference,
  productCard,
  referralView,
  shareLinks,
} from "@shop/contract/responses";
import { COUNTIES, DISTRICTS } from "@shop/reference-data";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Config } from "../../lib/config/index.js";
import { ok, publicOrigin } from "../../lib/http.js";
import type { SessionGuards } from "../../plugins/session.js";
import { sessionOf } from "../../plugins/session.js";
import type { AddressBookService } from "./addresses.js";
import type { FavoritesService } from "./favorites.js";
import type { IdentitiesService } from "./identities.js";
import type { ReferralsService } from "./referrals.js";

/** Referrals, sharing, the address book, favourites (/api/user/like/*) and sign-in bindings. */
export function memberRoutes(
  services: {
    addresses: AddressBookService;
    favorites: FavoritesService;
    identities: IdentitiesService;
    referrals: ReferralsService;
  },
  guards: SessionGuards,
  config: Pick<Config, "PUBLIC_URL">,
): FastifyPluginAsyncZod {
  const { favorites } = services;
  const likeBody = z.strictObject({ product_id: idSchema, shop_id: shopIdSchema.optional() });
  const member = { preHandler: guards.requireMember };
  const empty = z.strictObject({}).nullish();
  return async (app) => {
    app.post("/user/freshRefcode", { ...member, schema: { body: empty, response: answers(freshRefcode) } }, async (req) =>
      ok({ refcode: await services.referrals.freshRefcode(sessionOf(req).member.id) }, "已產生新的推薦碼"),
    );
    app.post("/user/ref/first", { ...member, schema: { body: empty, response: answers(z.array(referralView)) } }, async (req) =>
      ok(await services.referrals.first(sessionOf(req).member.id)),
    );
    app.post(
      "/user/ref/child",
      { ...member, schema: { body: refChildInput, response: answers(z.array(referralView)) } },
      async (req) => ok(await services.referrals.child(sessionOf(req).member.id, req.body.member_id)),
    );
    app.get(
      "/user/shareProduct",
      { ...member, schema: { querystring: z.object({ product_id: idSchema }), response: answers(shareLinks) } },
      async (req) =>
        ok(await services.referrals.shareProduct(sessionOf(req).member.id, req.query.product_id, publicOrigin(config, req))),
    );
    app.get("/user/threeway/get", { ...member, schema: { response: answers(z.array(bindingView)) } }, async (req) =>
      ok(await services.identities.bindings(sessionOf(req).member.id)),
    );
    app.get("/user/addr/search", { ...member, schema: { response: answers(z.array(addressBookEntry)) } }, async (req) =>
      ok(await services.addresses.list(sessionOf(req).member.id)),
    );
    app.post(
      "/user/addr/store",
      { ...member, schema: { body: addressBookInput, response: answers(addressBookEntry) } },
      async (req) => ok(await services.addresses.save(sessionOf(req).member.id, req.body), "地址已儲存"),
    );
    app.post(
      "/user/addr/delete",
      { ...member, schema: { body: z.strictObject({ id: idSchema }), response: messageOnly } },
      async (req) => {
        await services.addresses.remove(sessionOf(req).member.id, req.body.id);
        return ok(null, "地址已刪除");
      },
    );
    // Ours: the county/district/postal-code picker's data (public, cached).
    app.get("/reference/postal", { config: { publicCache: true }, schema: { response: answers(postalReference) } }, async () =>
      ok({ counties: COUNTIES, districts: DISTRICTS }),
    );
    app.post(
      "/user/like/store",
      { schema: { body: likeBody, response: answers(likeState) }, preHandler: guards.requireMember },
      async (req) => {
        await favorites.like(sessionOf(req).member.id, req.body.product_id, req.body.shop_id ?? MAIN_SHOP_ID);
        return ok({ liked: true }, "已加入收藏");
      },
    );
    app.post(
      "/user/like/delete",
      { schema: { body: likeBody, response: answers(likeState) }, preHandler: guards.requireMember },
      async (req) => {
        await favorites.unlike(sessionOf(req).member.id, req.body.product_id);
        return ok({ liked: false }, "已取消收藏");
      },
    );
    app.post(
      "/user/like/search",
      {
        schema: { body: z.strictObject({ shop_id: shopIdSchema.optional() }).nullish(), response: answers(z.array(productCard)) },
        preHandler: guards.requireMember,
      },
      async (req) => ok(await favorites.list(sessionOf(req).member.id, req.body?.shop_id ?? MAIN_SHOP_ID)),
    );
  };
}
