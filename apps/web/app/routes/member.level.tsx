import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { formatDate, formatMoney } from "@shop/contract/format";
import type { MemberTierView } from "@shop/contract/loyalty";
import { MemberLoadError, memberRead } from "../features/member/member-read";
import { Lang, memberTitle } from "../features/member/server-text";
import { perkLines } from "../features/member/tier-perks";
import { useContentLang } from "../i18n/runtime";
import type { Route } from "./+types/member.level";

export const meta: Route.MetaFunction = ({ location }) => [
  { title: memberTitle(location.pathname, msg`會員等級`) },
  { name: "robots", content: "noindex" },
];

export async function clientLoader() {
  return memberRead<MemberTierView>("/api/member/tier");
}
export { MemberLoadError as ErrorBoundary };

/** /member/level: the member's level, what it gives, the spend counted and how far the next level is (decision 94). */
export default function MemberLevel({ loaderData: v }: Route.ComponentProps) {
  const { t } = useLingui();
  const contentLang = useContentLang();
  const next = v.next;
  const pct = next ? Math.min(100, Math.round((v.spend / Math.max(1, next.threshold)) * 100)) : 100;
  const year = formatDate(v.counted_from).slice(0, 4);
  const period = v.period === "calendar" ? t`${year} 年` : t`近 12 個月`;
  const validUntil = v.valid_until ? formatDate(new Date(new Date(v.valid_until).getTime() - 1)) : "";
  const nextName = next?.name ?? "";
  const nextBy = next ? formatDate(next.by) : "";
  const remaining = next ? formatMoney(next.remaining) : "";
  return (
    <div className="space-y-5">
      <section className="card" data-testid="member-level">
        <h1 className="text-xl font-bold text-stone-800">{t`會員等級`}</h1>
        <p className="mt-3 text-stone-600">
          {t`目前等級`}{" "}
          <strong className="text-3xl text-tea-800" data-testid="level-name" lang={v.level ? contentLang : undefined}>
            {v.level?.name ?? t`一般會員`}
          </strong>
        </p>
        {v.valid_until && <p className="mt-1 text-sm text-stone-600">{t`有效至 ${validUntil}，屆時依期間消費續等或調整。`}</p>}
        {v.level && (
          <ul className="mt-3 list-inside list-disc space-y-1 text-stone-700" aria-label={t`目前等級權益`}>
            {perkLines(t, v.level).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
        <div className="mt-4 rounded-xl bg-tea-50 p-4" data-testid="level-progress">
          <p className="text-tea-900">
            {t`${period}累積消費`} <strong>{formatMoney(v.spend)}</strong>
          </p>
          {next ? (
            <>
              <div
                className="mt-2 h-2 rounded-full bg-white"
                role="progressbar"
                aria-valuenow={pct}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-label={t`升級${nextName}進度`}
              >
                <div className="h-2 rounded-full bg-tea-700" style={{ width: `${pct}%` }} />
              </div>
              <p className="mt-2 text-sm text-stone-700" data-testid="level-next">
                {t`${nextBy} 前再消費 ${remaining} 即可升級 ${nextName}`}
              </p>
            </>
          ) : (v.level?.rank ?? 0) > 0 ? (
            <p className="mt-2 text-sm text-stone-700">{t`您已是最高等級，感謝您的支持！`}</p>
          ) : null}
        </div>
        <p className="mt-3 text-sm text-stone-500">
          {t`消費金額以已付款、未取消或退款的訂單計算（商品折扣後金額，不含運費）；付款後立即升級。`}
        </p>
      </section>
      <section className="card">
        <h2 className="text-lg font-bold text-stone-800">{t`等級與權益`}</h2>
        <ul className="mt-3 divide-y divide-stone-100">
          {v.levels.map((l) => {
            const threshold = formatMoney(l.threshold);
            return (
              <li key={l.id} className="py-3">
                <p className="font-medium text-stone-800">
                  <Lang text={l.name} lang={contentLang} />
                  <span className="ml-2 text-sm font-normal text-stone-600">
                    {l.threshold > 0 ? t`${period}消費滿 ${threshold}` : t`註冊即享`}
                  </span>
                </p>
                <p className="mt-1 text-sm text-stone-600">{perkLines(t, l).join(t`・`)}</p>
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}
