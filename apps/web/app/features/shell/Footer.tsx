import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { ShopFooter, ShopInfo } from "@shop/contract/front";
import { useLocation } from "react-router";
import { pathInLang, useContentLang, useLang } from "../../i18n/runtime";
import { ShopLink } from "../../ui/ShopLink";
import { useServerText } from "../checkout/server-text";

const LINKS = [
  ["/terms", msg`會員服務條款`],
  ["/policy", msg`隱私權政策`],
  ["/contactus", msg`聯絡我們`],
  ["/order_search", msg`訂單查詢`],
] as const;

/** The same page in the other language: a whole new document (the language is set per document). */
function LanguageSwitch() {
  const { pathname, search } = useLocation();
  const english = useLang() === "en";
  return (
    <a
      href={pathInLang(pathname, english ? "zh-TW" : "en") + search}
      hrefLang={english ? "zh-Hant-TW" : "en"}
      lang={english ? "zh-Hant-TW" : "en"}
      className="inline-flex min-h-11 items-center underline hover:text-white"
    >
      {english ? "中文" : "English"}
    </a>
  );
}

/**
 * Who runs the shop and how to reach them (decision 55): company, 統一編號, address, customer
 * service, the LINE official account — the shop's own where set in the back office, else the
 * main mall's — and how to pay and receive goods.
 */
export default function Footer({ shop, footer: f }: { shop: ShopInfo | null; footer: ShopFooter | null }) {
  const { t } = useLingui();
  const contentLang = useContentLang();
  const { say, lang } = useServerText();
  // The company and its address are the shop's own words; the tax id line is ours.
  const lines: Array<[string, "zh-Hant-TW" | undefined]> = f
    ? [
        [f.company, contentLang],
        [f.tax_id && t`統一編號 ${f.tax_id}`, undefined],
        [f.address, contentLang],
      ].filter((l): l is [string, "zh-Hant-TW" | undefined] => Boolean(l[0]))
    : [];
  // What this shop takes and ships by now, as checkout will offer it (names the server writes).
  const trust: Array<[string, "pay" | "ship", readonly string[]]> = f
    ? [
        [t`付款方式`, "pay", f.payment_methods],
        [t`配送方式`, "ship", f.ship_methods],
      ]
    : [];
  return (
    <footer className="mt-10 bg-stone-800 text-stone-300" data-testid="site-footer">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 text-sm md:grid-cols-3">
        <div className="space-y-1">
          <p className="font-bold text-white" lang={shop ? contentLang : undefined}>
            {shop?.name ?? t`茶山好物`}
          </p>
          {lines.map(([l, language]) => (
            <p key={l} lang={language}>
              {l}
            </p>
          ))}
          {f?.phone && (
            <p>
              {t`客服專線`}{" "}
              <a href={`tel:${f.phone.replace(/[^\d+]/g, "")}`} className="inline-block py-1 underline">
                {f.phone}
              </a>
              {f.hours && <span lang={contentLang}>{`｜${f.hours}`}</span>}
            </p>
          )}
          {f?.line_url && (
            <a
              href={f.line_url}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-h-11 items-center text-white underline"
            >
              {t`加入 LINE 官方帳號`}
            </a>
          )}
        </div>
        <nav aria-label={t`頁尾連結`} className="flex flex-wrap content-start gap-x-4">
          {LINKS.map(([to, label]) => (
            <ShopLink key={to} to={to} className="inline-flex min-h-11 items-center hover:text-white">
              {t(label)}
            </ShopLink>
          ))}
          <LanguageSwitch />
        </nav>
        <div className="space-y-3">
          {trust.map(([title, kind, items], index) => (
            <div key={title} data-testid={index === 0 ? "footer-payments" : "footer-deliveries"}>
              <p className="mb-1 text-stone-400">{title}</p>
              <p className="flex flex-wrap gap-1.5 text-xs text-stone-200">
                {items.map((i) => (
                  <span key={i} lang={lang(kind, i)} className="rounded border border-stone-500 px-2 py-0.5">
                    {say(kind, i)}
                  </span>
                ))}
              </p>
            </div>
          ))}
          <p>
            © 2026{" "}
            <span lang={f?.company || shop?.name ? contentLang : undefined}>{f?.company || shop?.name || t`茶山好物`}</span>
          </p>
        </div>
      </div>
    </footer>
  );
}
