import { useLingui } from "@lingui/react/macro";
import type { ProductCard as Card } from "@shop/contract/front";
import { ProductCard } from "../../ui/ProductCard";

/** 你可能也喜歡: others from the product's category, server-rendered, its code fetched after the page. */
export default function RelatedProducts({ products }: { products: Card[] }) {
  const { t } = useLingui();
  return (
    <section aria-labelledby="related-title" className="mt-8">
      <h2 id="related-title" className="mb-3 text-lg font-bold text-stone-800">
        {t`你可能也喜歡`}
      </h2>
      <ul className="grid grid-cols-2 gap-3 md:grid-cols-4 md:gap-5">
        {products.map((c) => (
          <li key={c.id}>
            <ProductCard product={c} />
          </li>
        ))}
      </ul>
    </section>
  );
}
