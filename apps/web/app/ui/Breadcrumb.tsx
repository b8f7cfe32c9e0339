import { useLingui } from "@lingui/react/macro";
import type { Crumb } from "@shop/contract/catalogue";
import { useContent } from "../i18n/runtime";
import { ShopLink } from "./ShopLink";

/** 首頁 / category / sub-category, each a link to its listing. */
export function Breadcrumb({ crumbs }: { crumbs: Crumb[] }) {
  const { t } = useLingui();
  const content = useContent();
  return (
    <nav aria-label={t`麵包屑`} className="mb-3 text-sm text-stone-600">
      <ol className="flex flex-wrap gap-1">
        <li>
          <ShopLink to="/" className="hover:underline">
            {t`首頁`}
          </ShopLink>
        </li>
        {crumbs.map((c) => {
          const name = content(c.name, c.name_en);
          return (
            <li key={c.id} className="before:mx-1 before:content-['/']">
              <ShopLink to={`/product?parent_categry_id=${c.id}`} className="hover:underline" lang={name.lang}>
                {name.text}
              </ShopLink>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
