import type { AuthResult } from "@shop/contract";
import type { FastifyRequest } from "fastify";
import { pageLangOf } from "../../lib/page-lang.js";
import { cartTokenOf } from "../../plugins/cart-token.js";
import type { CartService } from "../cart/service.js";
import type { MembersService } from "../members/service.js";

/**
 * What every successful sign-in and registration does, by password or by LINE / Google: the
 * visitor's cart (X-Cart-Token) becomes the member's, and the member's language becomes the page's,
 * so messages to the member alone (birthday gift, cart reminder) are in it (decision 109).
 * `keepLang`: the page has no language of its own (LINE's LIFF pages live at fixed Chinese-only
 * addresses), so the member's stays as it was.
 */
export function afterSignIn(d: { cart: Pick<CartService, "merge">; members: Pick<MembersService, "rememberLang"> }) {
  return async (req: FastifyRequest, result: AuthResult, opts: { keepLang?: boolean } = {}) => {
    const token = cartTokenOf(req);
    if (token) await d.cart.merge(token, result.user.id, result.user.shop_id);
    if (!opts.keepLang) await d.members.rememberLang(result.user.id, pageLangOf(req.headers));
    return result;
  };
}
