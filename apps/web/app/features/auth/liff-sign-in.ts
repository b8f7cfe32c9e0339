import { msg } from "@lingui/core/macro";
import type { AuthResult, BindTicketView, SignInOptions } from "@shop/contract/front-user";
import { langOfPath, translate } from "../../i18n/runtime";
import { api } from "../../lib/api";
import { parseShopPrefix, type ShopScope, shopScope } from "../../lib/shop";
import { storage } from "../../lib/storage";
import { isLiffEntry, liffDestination, liffIdToken, type SimulatedLineUser } from "./liff";
import { replaceTo } from "./replace-redirect";
import { settle } from "./thirdParty";

/** What a LIFF entry page shows: the 測試模式 stand-in for the LINE app, a sign-in under way, or why it stopped. */
export type LiffPage = { kind: "simulator"; liffId: string } | { kind: "signing_in" } | { kind: "error"; message: string };

/**
 * LINE sign-in as this shop offers it: its LIFF app, and whether LINE is the local simulator.
 * `pathname` is the entry page's (the language of what it answers).
 */
export async function liffOptions(pathname: string): Promise<LiffPage | { kind: "live"; liffId: string }> {
  const r = await api<SignInOptions>("/api/threeway/options");
  if (!r.status) return { kind: "error", message: r.message };
  const line = r.data.providers.find((p) => p.provider === "line");
  if (!line || !r.data.liff_id)
    return { kind: "error", message: translate(pathname, msg`本商店尚未開放 LINE 登入，請使用其他方式登入`) };
  return line.simulated ? { kind: "simulator", liffId: r.data.liff_id } : { kind: "live", liffId: r.data.liff_id };
}

/**
 * Signs in with LINE's ID token for the entry page at `url` and goes on (replacing the entry page
 * in the history): to the entry's destination in the member's own mall, or to the bind-or-register
 * page for a LINE user nobody is bound to yet, keeping shop and refcode. Answers what to show when
 * it cannot, or while LINE's own login page is taking over.
 */
export async function liffSignIn(
  url: URL,
  shop: ShopScope,
  liffId: string,
  simulated: SimulatedLineUser | null,
): Promise<LiffPage> {
  const lang = langOfPath(url.pathname);
  const token = await liffIdToken(liffId, simulated, (d) => translate(url.pathname, d));
  if (token.kind === "redirecting") return { kind: "signing_in" };
  if (token.kind === "error") return { kind: "error", message: token.message };
  const entry = url.pathname.split("/").pop() ?? "";
  if (!isLiffEntry(entry)) return { kind: "error", message: translate(url.pathname, msg`找不到此頁面`) };
  const params = url.searchParams;
  const destination = liffDestination(entry, params);
  // The shop comes from the URL (/shop_2/liff/…) or ?shop_id=; the referrer's code likewise.
  const shopId = shop.shopId > 1 ? shop.shopId : parseShopPrefix(`shop_${params.get("shop_id") ?? ""}`);
  const refcode = params.get("refcode") ?? storage.refcode() ?? undefined;
  const r = await api<AuthResult | BindTicketView>("/api/auth/liff_login", {
    body: { id_token: token.idToken, ...(shopId && shopId > 1 ? { shop_id: shopId } : {}), ...(refcode ? { refcode } : {}) },
  });
  const here = shopScope(shopId, lang);
  const out = settle(r, here.path(destination));
  if (out.kind === "error") return { kind: "error", message: out.message };
  storage.setIsLiff("1");
  if (out.kind === "ticket") throw replaceTo(here.path("/threeway/bind"));
  // A member belongs to one mall: go on inside theirs.
  throw replaceTo(shopScope((r.data as AuthResult).user.shop_id, lang).path(destination));
}
