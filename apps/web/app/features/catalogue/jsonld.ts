import type { ProductView, VariantView } from "@shop/contract/catalogue";
import type { ProductReviewPage } from "@shop/contract/reviews";

const AVAILABILITY: Record<VariantView["stock_state"], string> = {
  in_stock: "https://schema.org/InStock",
  low: "https://schema.org/LimitedAvailability",
  out_of_stock: "https://schema.org/OutOfStock",
};

const plain = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/** Approved reviews (decision 98): aggregateRating and up to 5 reviews, only when there are some. */
function ratings(r: ProductReviewPage | undefined) {
  if (!r || r.count === 0) return {};
  return {
    aggregateRating: { "@type": "AggregateRating", ratingValue: r.average, reviewCount: r.count, bestRating: 5, worstRating: 1 },
    review: r.items.slice(0, 5).map((v) => ({
      "@type": "Review",
      author: { "@type": "Person", name: v.author },
      reviewRating: { "@type": "Rating", ratingValue: v.rating, bestRating: 5, worstRating: 1 },
      ...(v.body ? { reviewBody: v.body } : {}),
      datePublished: v.created_at.slice(0, 10),
    })),
  };
}

/** schema.org Product (one Offer per variant, its approved reviews) and BreadcrumbList for a product page. */
export function productJsonLd(p: ProductView, origin: string, url: string, base: string, reviews?: ProductReviewPage) {
  const abs = (path: string) => (path.startsWith("http") ? path : `${origin}${path}`);
  return [
    {
      "@context": "https://schema.org",
      "@type": "Product",
      name: p.name,
      description: plain(p.description).slice(0, 500),
      image: p.images.map(abs),
      sku: p.variants[0]?.sku,
      brand: { "@type": "Brand", name: "茶山好物" },
      offers: p.variants.map((v) => ({
        "@type": "Offer",
        sku: v.sku,
        name: v.name,
        price: v.price,
        priceCurrency: "TWD",
        availability: AVAILABILITY[v.stock_state],
        url: abs(`${base}/product/detailsChild?id=${p.id}&variant=${v.id}`),
      })),
      ...ratings(reviews),
    },
    {
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "首頁", item: abs(`${base}/`) },
        ...p.breadcrumb.map((c, i) => ({
          "@type": "ListItem",
          position: i + 2,
          name: c.name,
          item: abs(`${base}/product?parent_categry_id=${c.id}`),
        })),
        { "@type": "ListItem", position: p.breadcrumb.length + 2, name: p.name, item: url },
      ],
    },
  ];
}
