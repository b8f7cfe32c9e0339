import { useLingui } from "@lingui/react/macro";
import type { HomeDesc, NewsSummary, ShopFooter, ShopInfo, TopHref } from "@shop/contract/front";
import type { ReactNode } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  type ShouldRevalidateFunctionArgs,
  useLoaderData,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import appCss from "./app.css?url";
import "./context";
import { Shell, type ShellData } from "./features/shell/Shell";
import { pathInLang, useLang } from "./i18n/runtime";
import { MAIN_SHOP_ID, parseShopPrefix } from "./lib/shop";
import { AlertProvider } from "./ui/alerts";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: appCss },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

interface RootData extends ShellData {
  nonce: string;
  homeDesc: HomeDesc;
  /** Scheme and host of this request, for canonical and Open Graph URLs. */
  origin: string;
  /** The shop has a GA4 or Meta Pixel id: its loader script is included (decision 45). */
  analytics: boolean;
  /** Apple Pay / Google Pay the shop offers (express buttons on the product page and cart), and whether simulated. */
  deviceWallets: Array<"apple_pay" | "google_pay">;
  walletSimulator: boolean;
}

export async function loader({ context, params, url }: Route.LoaderArgs): Promise<RootData> {
  const shopId = parseShopPrefix(params.shopPrefix) ?? MAIN_SHOP_ID;
  const query = { shop_id: shopId };
  const [home, hrefs, news, tree] = await Promise.all([
    context.api<{
      shop: ShopInfo;
      home_desc: HomeDesc;
      tracking: { ga4: string; pixel: string };
      footer: ShopFooter;
      device_wallets: RootData["deviceWallets"];
    }>("/api/front/shop/get", { query }),
    context.api<TopHref[]>("/api/front/top_href/get", { query }),
    context.api<NewsSummary[]>("/api/front/new/searchthree", { query }),
    context.api<Array<{ id: number; name: string; name_en: string }>>("/api/category/search", { query }),
  ]);
  const headline = news.status ? news.data[0] : undefined;
  return {
    origin: context.origin ?? url.origin,
    isMobile: context.isMobile,
    testMode: context.testMode,
    nonce: context.nonce,
    shop: home.status ? home.data.shop : null,
    analytics: home.status ? Boolean(home.data.tracking.ga4 || home.data.tracking.pixel) : false,
    homeDesc: home.status ? home.data.home_desc : { title: "", description: "" },
    topHrefs: hrefs.status ? hrefs.data : [],
    headline: headline ? { id: headline.id, title: headline.title, title_en: headline.title_en } : null,
    categories: tree.status ? tree.data.map((c) => ({ id: c.id, name: c.name, name_en: c.name_en })) : [],
    footer: home.status ? home.data.footer : null,
    deviceWallets: home.status ? home.data.device_wallets : [],
    walletSimulator: context.walletSimulator ?? false,
  };
}

// Shell data depends only on the mall: reload it when the shop prefix changes.
export function shouldRevalidate({ currentParams, nextParams }: ShouldRevalidateFunctionArgs) {
  return currentParams.shopPrefix !== nextParams.shopPrefix;
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const lang = useLang();
  return (
    <html lang={lang === "en" ? "en" : "zh-Hant-TW"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#233b1d" />
        <Meta />
        <Links />
        {data?.analytics && data.shop ? <script async src={`/analytics/shop-${data.shop.id}.js`} nonce={data.nonce} /> : null}
      </head>
      <body className="font-sans text-stone-900 antialiased">
        {children}
        <Scripts nonce={data?.nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const data = useLoaderData<typeof loader>();
  return (
    <AlertProvider>
      <Shell data={data}>
        <Outlet />
      </Shell>
    </AlertProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useLingui();
  const lang = useLang();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  return (
    <main className="mx-auto flex min-h-screen max-w-lg flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-bold text-stone-800">{notFound ? t`找不到此頁面` : t`頁面發生錯誤`}</h1>
      <p className="text-stone-600">{notFound ? t`您要找的頁面不存在或已移除。` : t`很抱歉，頁面暫時無法顯示，請稍後再試。`}</p>
      <a href={pathInLang("/", lang)} className="btn-primary">
        {t`回到首頁`}
      </a>
    </main>
  );
}
