import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { formatMoney } from "@shop/contract/format";
import type { ProductCard as Card } from "@shop/contract/front";
import { type MessageDescriptor, useContent } from "../i18n/runtime";
import { Img } from "./Img";
import { ShopLink } from "./ShopLink";

const TAG_LABELS: Record<string, MessageDescriptor> = { hot: msg`熱銷`, recommended: msg`推薦`, new: msg`新品` };

export function ProductCard({ product, eager = false }: { product: Card; eager?: boolean }) {
  const { t } = useLingui();
  const name = useContent()(product.name, product.name_en);
  const { rating, rating_count: reviews, point_percent: percent } = product;
  return (
    <ShopLink
      to={`/product/details?id=${product.id}`}
      className="group flex flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-stone-200 transition hover:shadow-md"
    >
      <div className="relative aspect-square bg-stone-100">
        <Img
          src={product.image}
          alt=""
          width={400}
          height={400}
          sizes="(min-width: 1152px) 260px, (min-width: 768px) 25vw, 50vw"
          priority={eager}
          className="h-full w-full object-cover"
        />
        {!product.in_stock && (
          <span className="absolute inset-x-0 bottom-0 bg-stone-900/70 py-1 text-center text-sm text-white">{t`已售完`}</span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <div className="flex flex-wrap gap-1">
          {product.tags.map((tag) => {
            const label = TAG_LABELS[tag];
            return label ? (
              <span key={tag} className="rounded bg-tea-50 px-1.5 py-0.5 text-xs text-tea-800">
                {t(label)}
              </span>
            ) : null;
          })}
        </div>
        <h3 className="line-clamp-2 text-sm font-medium text-stone-800 group-hover:text-tea-800 md:text-base" lang={name.lang}>
          {name.text}
        </h3>
        <div className="mt-auto flex items-baseline gap-2">
          <span className="price font-bold text-red-700">{formatMoney(product.price)}</span>
          {product.list_price > product.price && <del className="text-xs text-stone-500">{formatMoney(product.list_price)}</del>}
        </div>
        {reviews > 0 && <span className="text-xs text-amber-700">{t`★${rating}（${reviews} 則評價）`}</span>}
        {percent > 0 && <span className="text-xs text-stone-600">{t`回饋 ${percent}% 點數`}</span>}
      </div>
    </ShopLink>
  );
}
