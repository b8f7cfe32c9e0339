import { useLingui } from "@lingui/react/macro";
import { isRouteErrorResponse, useRouteError, useRouteLoaderData } from "react-router";
import { pathInLang, useLang } from "../../i18n/runtime";
import { useShop } from "../../lib/shop";
import type { loader as rootLoader } from "../../root";

/** Error boundary content that keeps the shop's header and footer around it (loaded when a page fails). */
export default function ErrorPageContent() {
  const { t } = useLingui();
  const lang = useLang();
  const error = useRouteError();
  // In a sub-mall the page stays in it: its name, and the way back to its own home (issue 47).
  const scope = useShop();
  const mallName = useRouteLoaderData<typeof rootLoader>("root")?.shop?.name ?? t`茶山好物`;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  // A closed or unknown sub-mall (shop-scope.tsx) says so and offers the main mall.
  const shop = notFound && (error.data as { shopMissing?: boolean } | null)?.shopMissing;
  const [title, text, link] = shop
    ? [t`找不到此商城`, t`這個子商城不存在或已暫停營業，歡迎到主商城逛逛。`, t`前往茶山好物主商城`]
    : notFound
      ? [t`找不到此頁面`, t`您要找的頁面不存在或已移除。`, t`回到首頁`]
      : [t`頁面發生錯誤`, t`很抱歉，頁面暫時無法顯示，請稍後再試。`, t`回到首頁`];
  return (
    <section className="card mx-auto max-w-xl text-center">
      {/* The failed route's meta never ran: the page names itself (React puts it in the head). */}
      <title>{`${title}｜${shop ? t`茶山好物` : mallName}`}</title>
      <h1 className="text-2xl font-bold text-stone-800">{title}</h1>
      <p className="mt-3 text-stone-600">{text}</p>
      <a href={shop ? pathInLang("/", lang) : scope.path("/")} className="btn-primary mt-6">
        {link}
      </a>
    </section>
  );
}
