import { useLingui } from "@lingui/react/macro";
import { ShopLink } from "./ShopLink";

/** Page links that keep the rest of the query (plain links: crawlable, work before hydration). */
export function Pagination({
  page,
  total,
  perPage,
  path,
  query,
}: {
  page: number;
  total: number;
  perPage: number;
  path: string;
  query: Record<string, string>;
}) {
  const { t } = useLingui();
  const pages = Math.max(1, Math.ceil(total / perPage));
  if (pages <= 1) return null;
  const href = (p: number) => `${path}?${new URLSearchParams({ ...query, page: String(p) }).toString()}`;
  const around = [...new Set([1, page - 1, page, page + 1, pages])].filter((p) => p >= 1 && p <= pages).sort((a, b) => a - b);
  return (
    <nav aria-label={t`分頁`} className="mt-8 flex flex-wrap items-center justify-center gap-2">
      {page > 1 && (
        <ShopLink to={href(page - 1)} className="btn-secondary px-3 py-1.5" rel="prev">
          {t`上一頁`}
        </ShopLink>
      )}
      {around.map((p) => (
        <ShopLink
          key={p}
          to={href(p)}
          aria-current={p === page ? "page" : undefined}
          className={`min-w-10 rounded-lg px-3 py-1.5 text-center ${p === page ? "bg-tea-700 text-white" : "bg-white text-stone-700 ring-1 ring-stone-300"}`}
        >
          {p}
        </ShopLink>
      ))}
      {page < pages && (
        <ShopLink to={href(page + 1)} className="btn-secondary px-3 py-1.5" rel="next">
          {t`下一頁`}
        </ShopLink>
      )}
    </nav>
  );
}
