import { useLingui } from "@lingui/react/macro";
import type { PublicUser } from "@shop/contract/front-user";
import { useEffect, useState } from "react";
import { Outlet, redirect, type ShouldRevalidateFunctionArgs, useRouteLoaderData } from "react-router";
import type { MemberContext } from "../features/member/context";
import { MEMBER_MENU } from "../features/member/menu";
import { Badge, readTabNotices, useTabNotices } from "../features/member/useTabNotices";
import { langOfPath, pathInLang } from "../i18n/runtime";
import { api } from "../lib/api";
import { parseShopPrefix, shopScope } from "../lib/shop";
import { storage } from "../lib/storage";
import type { loader as rootLoader } from "../root";
import { ShopNavLink } from "../ui/ShopLink";
import type { Route } from "./+types/member-guard";

/**
 * Route guard for every /member page: without a stored token the visitor goes to /login.
 * The token lives in the browser, so this runs on the client. It also reads the menu's unread
 * counts (useTabNotices).
 */
export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  const here = new URL(request.url);
  const lang = langOfPath(here.pathname);
  const shop = shopScope(parseShopPrefix(params.shopPrefix), lang);
  if (!storage.token()) {
    throw redirect(`${shop.path("/login")}?next=${encodeURIComponent(here.pathname + here.search)}`);
  }
  const [result, tabNotices] = await Promise.all([api<PublicUser>("/api/user/get"), readTabNotices()]);
  if (!result.status) {
    if (result.message === "logout") throw redirect(pathInLang("/", lang));
    throw new Response(result.message, { status: result.httpStatus || 500 });
  }
  return { user: result.data, tabNotices };
}
clientLoader.hydrate = true as const;

/** The unread counts are read again on each page change (a page may have changed them), not only on React Router's defaults. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname !== nextUrl.pathname || defaultShouldRevalidate;
}

export function HydrateFallback() {
  const { t } = useLingui();
  return (
    <div className="flex min-h-[40vh] items-center justify-center" role="status" aria-label={t`載入中`}>
      <span className="block h-8 w-8 animate-spin rounded-full border-4 border-tea-100 border-t-tea-700" />
    </div>
  );
}

export default function MemberGuard({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const [user, setUser] = useState(loaderData.user);
  useEffect(() => setUser(loaderData.user), [loaderData.user]);
  const context: MemberContext = { user, setUser };
  const menu = MEMBER_MENU.filter((m) => !m.sellerOnly || user.is_seller);
  const unread = useTabNotices();

  if (root?.isMobile) return <Outlet context={context} />;
  return (
    // Narrow (400% zoom): the menu's links wrap above the page instead of a side column.
    <div className="grid gap-6 md:grid-cols-[13rem_1fr]">
      <nav aria-label={t`會員功能`} className="self-start rounded-2xl bg-white p-3 shadow-sm ring-1 ring-stone-200">
        <p className="px-3 py-2 text-sm text-stone-500">{t`會員中心`}</p>
        <ul className="flex flex-wrap md:block">
          {menu.map((m) => (
            <li key={m.to}>
              <ShopNavLink
                to={m.to}
                end
                className={({ isActive }) =>
                  `block rounded-lg px-3 py-2 text-stone-700 hover:bg-tea-50 ${isActive ? "bg-tea-50 font-medium text-tea-800" : ""}`
                }
              >
                {t(m.message)}
                <Badge n={unread[m.to]} />
              </ShopNavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0">
        <Outlet context={context} />
      </div>
    </div>
  );
}
