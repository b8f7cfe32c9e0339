import { useLingui } from "@lingui/react/macro";
import type { TopHref } from "@shop/contract/front";
import { useLocation } from "react-router";
import { useContent, useContentLang } from "../../i18n/runtime";
import { ShopLink } from "../../ui/ShopLink";

/**
 * The phone's menu: every category, 優惠活動, 最新消息, 經銷據點 and the header links. A <details>
 * (opens without code), closed again on the page a link leads to.
 */
export default function MobileMenu({
  categories,
  topHrefs,
}: {
  categories: Array<{ id: number; name: string; name_en: string }>;
  topHrefs: TopHref[];
}) {
  const { t } = useLingui();
  const contentLang = useContentLang();
  const content = useContent();
  const { pathname } = useLocation();
  // Category names and the header links are the shop's content; the fixed three are ours.
  const links = [
    ...categories.map((c) => {
      const name = content(c.name, c.name_en);
      return { to: `/product?parent_categry_id=${c.id}`, label: name.text, lang: name.lang };
    }),
    { to: "/activity", label: t`優惠活動`, lang: undefined },
    { to: "/news", label: t`最新消息`, lang: undefined },
    { to: "/dealer/list", label: t`經銷據點`, lang: undefined },
    ...topHrefs
      .filter((h) => !["/news", "/dealer/list"].includes(h.url))
      .map((h) => ({ to: h.url, label: h.title, lang: contentLang })),
  ];
  return (
    // A new page is a new (closed) menu.
    <details key={pathname} className="group -ml-2">
      <summary className="flex min-h-11 min-w-11 cursor-pointer list-none items-center justify-center text-stone-700 [&::-webkit-details-marker]:hidden">
        <svg aria-hidden viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="1.8">
          <path d="M4 7h16M4 12h16M4 17h16" />
        </svg>
        <span className="sr-only">{t`選單`}</span>
      </summary>
      <nav
        aria-label={t`選單`}
        className="absolute inset-x-0 top-14 z-50 max-h-[70vh] overflow-y-auto border-b border-stone-200 bg-white px-4 pb-3 shadow-lg"
      >
        <ul className="divide-y divide-stone-100">
          {links.map((l) => (
            <li key={l.to}>
              <ShopLink to={l.to} className="flex min-h-11 items-center text-stone-800" lang={l.lang}>
                {l.label}
              </ShopLink>
            </li>
          ))}
        </ul>
      </nav>
    </details>
  );
}
