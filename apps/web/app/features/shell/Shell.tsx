import { useLingui } from "@lingui/react/macro";
import type { ShopFooter, ShopInfo, TopHref } from "@shop/contract/front";
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import { useLocation, useNavigation } from "react-router";
import { useContent, useContentLang } from "../../i18n/runtime";
import { useLogout, useToken } from "../../lib/auth";
import { useCartCount } from "../../lib/cart-count";
import { OPEN_CART_EVENT } from "../../lib/cart-events";
import { useAlerts } from "../../ui/alerts";
import { ShopLink } from "../../ui/ShopLink";
import { SearchBox } from "../catalogue/SearchBox";
import { useRememberVisit, useScrolledPast, useScrollTopOnNavigate } from "./scroll";

// The mall check, an expired sign-in, the cart count and the payout-bank check run after the page
// is up (first-load JS).
const SessionChecks = lazy(() => import("./SessionChecks"));
// Rendered by the server, hydrated when their code arrives (a Suspense boundary each): the footer,
// the phone's menu (a <details>) and the closed cart panel — none is needed in the page's first
// moments (decision 109). The search box is not among them: a shopper types into it at once, and a
// key pressed in a part still waiting for its code is lost (React renders the part afresh).
const Footer = lazy(() => import("./Footer"));
const MobileMenu = lazy(() => import("./MobileMenu"));
const CartPanel = lazy(() => import("./CartPanel"));

export interface ShellData {
  isMobile: boolean;
  testMode: boolean;
  shop: ShopInfo | null;
  topHrefs: TopHref[];
  headline: { id: number; title: string; title_en: string } | null;
  categories: Array<{ id: number; name: string; name_en: string }>;
  footer: ShopFooter | null;
}

const SPINNER_MS = 500;

/** Loading spinner: shown at start (hidden after 500 ms) and while a navigation loads. */
function Spinner() {
  const { t } = useLingui();
  const navigation = useNavigation();
  const [startup, setStartup] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setStartup(false), SPINNER_MS);
    return () => clearTimeout(timer);
  }, []);
  const busy = navigation.state === "loading";
  if (!startup && !busy) return null;
  return (
    <div
      role="status"
      aria-label={t`載入中`}
      className={`pointer-events-none fixed top-3 left-1/2 z-50 -translate-x-1/2 rounded-full bg-white/90 p-2 shadow ${startup && !busy ? "startup-spinner" : ""}`}
    >
      <span className="block h-6 w-6 animate-spin rounded-full border-3 border-tea-100 border-t-tea-700" />
    </div>
  );
}

function TestModeBadge() {
  const { t } = useLingui();
  return (
    <span
      className="shrink-0 rounded bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900"
      title={t`付款、簡訊與物流皆為模擬，不會產生真實交易`}
    >
      {t`測試模式`}
    </span>
  );
}

/** The cart's item count on a cart icon or tab, updated by every cart call (read out as 「N 件商品」). */
function CartBadge({ className = "-top-1.5 left-3.5" }: { className?: string }) {
  const { t } = useLingui();
  const n = useCartCount();
  return n > 0 ? (
    <>
      <span
        aria-hidden
        data-testid="cart-badge"
        className={`absolute min-w-5 rounded-full bg-red-600 px-1 text-center text-xs leading-5 font-bold text-white ${className}`}
      >
        {n > 99 ? "99+" : n}
      </span>
      <span className="sr-only">{t`（${n} 件商品）`}</span>
    </>
  ) : null;
}

function CartButton({ onClick, className = "" }: { onClick(): void; className?: string }) {
  const { t } = useLingui();
  return (
    <button
      type="button"
      onClick={onClick}
      className={`relative inline-flex min-h-11 min-w-11 items-center justify-center gap-1 ${className}`}
    >
      <svg aria-hidden viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="1.8">
        <path d="M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h9.2a1 1 0 0 0 1-.8L21 8H6.2" />
        <circle cx="9" cy="20" r="1.4" />
        <circle cx="18" cy="20" r="1.4" />
      </svg>
      {/* The name says what the button does and holds the word shown (WCAG 2.5.3). */}
      <span className="sr-only">{t`開啟購物車`}</span>
      <span aria-hidden className="hidden md:inline">
        {t`購物車`}
      </span>
      <CartBadge />
    </button>
  );
}

function AccountLinks({ className = "" }: { className?: string }) {
  const { t } = useLingui();
  const token = useToken();
  const logout = useLogout();
  return token ? (
    <div className={`flex items-center gap-4 ${className}`}>
      <ShopLink to="/member" className="hover:text-tea-700">
        {t`會員中心`}
      </ShopLink>
      <button type="button" onClick={() => void logout()} className="hover:text-tea-700">
        {t`登出`}
      </button>
    </div>
  ) : (
    <div className={`flex items-center gap-4 ${className}`}>
      <ShopLink to="/login" className="hover:text-tea-700">
        {t`登入`}
      </ShopLink>
      <ShopLink to="/register" className="hover:text-tea-700">
        {t`註冊`}
      </ShopLink>
    </div>
  );
}

function NewsArea({
  data,
  innerRef,
  compact,
}: {
  data: ShellData;
  innerRef: React.RefObject<HTMLDivElement | null>;
  compact: boolean;
}) {
  const { t } = useLingui();
  const contentLang = useContentLang();
  const content = useContent();
  const headline = data.headline ? content(data.headline.title, data.headline.title_en) : undefined;
  const shopName = data.shop?.name ?? "";
  return (
    <div ref={innerRef} className="bg-tea-900 text-tea-50">
      <div className={`mx-auto flex max-w-6xl items-center gap-3 px-4 ${compact ? "py-1.5 text-xs" : "py-2 text-sm"}`}>
        {data.testMode && <TestModeBadge />}
        {data.headline ? (
          <ShopLink to={`/news/details?id=${data.headline.id}`} className="truncate hover:underline">
            {t`最新消息｜`}
            <span lang={headline?.lang}>{headline?.text}</span>
          </ShopLink>
        ) : (
          <span className="truncate">{t`歡迎光臨${shopName}`}</span>
        )}
        {!compact && (
          <nav aria-label={t`頁首連結`} className="ml-auto hidden shrink-0 gap-4 md:flex">
            {data.topHrefs.map((h) => (
              <ShopLink key={h.url} to={h.url} className="hover:underline" lang={contentLang}>
                {h.title}
              </ShopLink>
            ))}
          </nav>
        )}
      </div>
    </div>
  );
}

function Brand({ shop }: { shop: ShopInfo | null }) {
  const { t } = useLingui();
  const contentLang = useContentLang();
  return (
    <ShopLink to="/" className="flex items-center gap-2 font-bold text-tea-800">
      {shop?.logo && <img src={shop.logo} alt="" width={36} height={36} className="h-9 w-9 rounded-full" />}
      <span className="text-lg md:text-xl" lang={shop?.name ? contentLang : undefined}>
        {shop?.name ?? t`茶山好物`}
      </span>
    </ShopLink>
  );
}

function DesktopShell({ data, children, openCart }: { data: ShellData; children: ReactNode; openCart(): void }) {
  const { t } = useLingui();
  const content = useContent();
  const newsRef = useRef<HTMLDivElement>(null);
  const fixed = useScrolledPast(newsRef);
  return (
    <>
      <NewsArea data={data} innerRef={newsRef} compact={false} />
      {/* Reserve the bar's height when it becomes fixed so the page does not jump. */}
      <div className={fixed ? "h-[7.5rem]" : ""}>
        <header
          data-testid="desktop-navbar"
          data-fixed={fixed}
          className={`z-40 w-full border-b border-stone-200 bg-white/95 backdrop-blur ${fixed ? "fixed top-0 shadow-sm" : "relative"}`}
        >
          {/* Narrow (400% zoom): menu, name and cart on one line, the search and account under them (app.css). */}
          <div className="head-row">
            <div className="md:hidden">
              <Suspense>
                <MobileMenu categories={data.categories} topHrefs={data.topHrefs} />
              </Suspense>
            </div>
            <Brand shop={data.shop} />
            <SearchBox className="head-search" />
            <AccountLinks className="order-2 text-stone-700 md:order-none" />
            <CartButton onClick={openCart} className="head-cart hover:text-tea-700" />
          </div>
          <nav aria-label={t`商品分類`} className="mx-auto hidden max-w-6xl gap-6 px-4 pb-2 text-stone-700 md:flex">
            <ShopLink to="/" className="py-1 hover:text-tea-700">
              {t`首頁`}
            </ShopLink>
            {data.categories.map((c) => {
              const name = content(c.name, c.name_en);
              return (
                <ShopLink
                  key={c.id}
                  to={`/product?parent_categry_id=${c.id}`}
                  className="py-1 hover:text-tea-700"
                  lang={name.lang}
                >
                  {name.text}
                </ShopLink>
              );
            })}
            <ShopLink to="/activity" className="py-1 hover:text-tea-700">
              {t`優惠活動`}
            </ShopLink>
          </nav>
        </header>
      </div>
      <main id="main" className="mx-auto min-h-[60vh] max-w-6xl px-4 py-6">
        {children}
      </main>
      <Suspense>
        <Footer shop={data.shop} footer={data.footer} />
      </Suspense>
    </>
  );
}

function MobileShell({ data, children, openCart }: { data: ShellData; children: ReactNode; openCart(): void }) {
  const { t } = useLingui();
  const newsRef = useRef<HTMLDivElement>(null);
  const fixed = useScrolledPast(newsRef);
  const token = useToken();
  return (
    <>
      <NewsArea data={data} innerRef={newsRef} compact />
      <div className={fixed ? "h-14" : ""}>
        <header
          data-testid="mobile-navbar"
          data-fixed={fixed}
          className={`z-40 flex h-14 w-full items-center justify-between border-b border-stone-200 bg-white px-4 ${fixed ? "fixed top-0 shadow-sm" : "relative"}`}
        >
          <Suspense>
            <MobileMenu categories={data.categories} topHrefs={data.topHrefs} />
          </Suspense>
          <Brand shop={data.shop} />
          <CartButton onClick={openCart} className="text-stone-700" />
        </header>
      </div>
      <div className="border-b border-stone-200 bg-white px-3 py-2">
        <SearchBox />
      </div>
      <main id="main" className="min-h-[60vh] px-3 pt-4 pb-24">
        {children}
      </main>
      <Suspense>
        <Footer shop={data.shop} footer={data.footer} />
      </Suspense>
      <nav
        aria-label={t`主要功能`}
        data-testid="mobile-tabbar"
        className="fixed inset-x-0 bottom-0 z-40 grid grid-cols-4 border-t border-stone-200 bg-white pb-[env(safe-area-inset-bottom)] text-center text-xs text-stone-700"
      >
        <ShopLink to="/" className="py-3.5">
          {t`首頁`}
        </ShopLink>
        <ShopLink to="/product" className="py-3.5">
          {t`商品`}
        </ShopLink>
        <button type="button" onClick={openCart} className="relative py-3.5">
          {t`購物車`}
          <CartBadge className="top-0.5 left-[calc(50%+1.25rem)]" />
        </button>
        <ShopLink to={token ? "/member" : "/login"} className="py-3.5">
          {token ? t`會員` : t`登入`}
        </ShopLink>
      </nav>
    </>
  );
}

/** The app shell: desktop or mobile layout as decided on the server from the user-agent. */
export function Shell({ data, children }: { data: ShellData; children: ReactNode }) {
  const { t } = useLingui();
  const [cartOpen, setCartOpen] = useState(false);
  const location = useLocation();
  const alerts = useAlerts();
  useScrollTopOnNavigate();
  useRememberVisit();
  // biome-ignore lint/correctness/useExhaustiveDependencies: close the panel whenever the page changes
  useEffect(() => setCartOpen(false), [location.pathname]);
  useEffect(() => {
    const open = () => setCartOpen(true);
    window.addEventListener(OPEN_CART_EVENT, open);
    return () => window.removeEventListener(OPEN_CART_EVENT, open);
  }, []);

  const Layout = data.isMobile ? MobileShell : DesktopShell;
  return (
    <div data-layout={data.isMobile ? "mobile" : "desktop"} className="min-h-screen bg-stone-50">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:z-50 focus:bg-white focus:p-2">
        {t`跳到主要內容`}
      </a>
      <Spinner />
      <Layout data={data} openCart={() => setCartOpen(true)}>
        {children}
      </Layout>
      <Suspense>
        <CartPanel open={cartOpen} onClose={() => setCartOpen(false)} />
      </Suspense>
      <Suspense>
        <SessionChecks remind={alerts.remind} />
      </Suspense>
    </div>
  );
}
