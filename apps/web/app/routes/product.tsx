import { useLingui } from "@lingui/react/macro";
import type { CategoryPage, ProductView, ShipMethodView, VariantView } from "@shop/contract/catalogue";
import { lineShareUrl } from "@shop/contract/links";
import type { ProductReviewPage } from "@shop/contract/reviews";
import { lazy, Suspense, useEffect, useState } from "react";
import { data, useRouteLoaderData } from "react-router";
import { productJsonLd } from "../features/catalogue/jsonld";
import { BuyButtons, PriceAndStock, QuantityPicker, VariantPicker } from "../features/catalogue/ProductBuying";
import { ProductGallery } from "../features/catalogue/ProductGallery";
import { reviewsHtml } from "../features/catalogue/reviews-html.server";
import { langOfPath, useContent, useLang } from "../i18n/runtime";
import { intParam } from "../lib/query";
import { seo, site } from "../lib/seo";
import { parseShopPrefix, shopScope } from "../lib/shop";
import { track } from "../lib/track";
import type { loader as rootLoader } from "../root";
import { Breadcrumb } from "../ui/Breadcrumb";
import { RichContent } from "../ui/RichContent";
import type { Route } from "./+types/product";

// Nothing of the first paint needs it: its code loads after the page (first-load budget).
const FavouriteButton = lazy(() => import("../features/catalogue/FavouriteButton"));
// Server-rendered text that needs no code to read: its hydration waits for its chunk.
const ShoppingNotes = lazy(() => import("../features/catalogue/ShoppingNotes"));
// Below the fold: server-rendered, its code fetched after the page (first-load budget).
const RelatedProducts = lazy(() => import("../features/catalogue/RelatedProducts"));
// Apple Pay / Google Pay express entry: shown only once the device proves it can pay (client only).
const DeviceWalletButton = lazy(() => import("../features/device-wallets/DeviceWalletButton"));

/** /product/details?id= and /product/detailsChild?id=&variant= (a variant chosen). */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const shopId = parseShopPrefix(params.shopPrefix) ?? 1;
  const id = intParam(url.searchParams.get("id"), 0);
  if (!id) throw data(null, { status: 404 });
  const reviewPage = intParam(url.searchParams.get("review_page"), 1, 10_000);
  const [product, ship, reviews] = await Promise.all([
    context.api<ProductView>("/api/product/get", { query: { id, shop_id: shopId } }),
    // Each method priced for this product (decision 89): the same rule as the cart and checkout.
    context.api<ShipMethodView[]>("/api/shipmethod/search", { query: { shop_id: shopId, product_id: id } }),
    // Approved reviews, 5 a page (decision 98).
    context.api<ProductReviewPage>("/api/product/reviews", { query: { id, page: reviewPage, per_page: 5 } }),
  ]);
  if (!product.status) throw data(null, { status: 404 });
  const wanted = intParam(url.searchParams.get("variant"), 0);
  const variantId = product.data.variants.some((v) => v.id === wanted)
    ? wanted
    : (product.data.variants.find((v) => v.stock_state !== "out_of_stock") ?? product.data.variants[0])?.id;
  const origin = context.origin ?? url.origin;
  // Links a shopper follows from this page stay in its language.
  const pageBase = shopScope(shopId, langOfPath(url.pathname)).base;
  // 你可能也喜歡: others from the product's own category in this mall.
  const categoryId = product.data.breadcrumb.at(-1)?.id;
  const related = categoryId
    ? await context.api<CategoryPage>("/api/category/find", {
        query: { id: categoryId, per_page: 9, shop_id: shopId, in_stock: 1 },
      })
    : undefined;
  // Points shown are the product's percent of the chosen price (what /api/point/productPercent
  // answers for the base price); the order credits them on the server when it completes.
  return {
    product: product.data,
    pointPercent: product.data.point_percent,
    variantId,
    // The page's own language: og:url and the canonical of an English page are English (decision 109).
    shopBase: shopScope(shopId, langOfPath(url.pathname)).base,
    // Every product is sold in the main mall: its page there, in this page's language.
    canonicalPath: `${shopScope(undefined, langOfPath(url.pathname)).base}/product/details?id=${id}`,
    shipMethods: ship.status ? ship.data : [],
    related: related?.status ? related.data.list.filter((c) => c.id !== id).slice(0, 4) : [],
    // Built here, so the page's code carries neither the share helper nor the JSON-LD builder.
    lineShare: lineShareUrl(`${origin}${pageBase}/product/details?id=${id}`),
    jsonLd: productJsonLd(
      product.data,
      origin,
      `${origin}${shopScope(shopId).base}/product/details?id=${id}`,
      shopScope(shopId).base,
      reviews.status ? reviews.data : undefined,
    ),
    // Server-built markup, no component code on the page (decision 98: the first-load budget).
    reviews: reviews.status
      ? reviewsHtml(reviews.data, (n) => `${pageBase}/product/details?id=${id}&review_page=${n}#reviews`, url.href)
      : "",
  };
}

export const meta: Route.MetaFunction = ({ data: d, matches }) => {
  if (!d) return []; // a 404: the error page names itself
  const { origin, siteName, canonicalOrigin } = site(matches);
  const path = `${d.shopBase}/product/details?id=${d.product.id}`;
  const tags = seo({
    title: d.product.name,
    description: d.product.subtitle || d.product.name,
    origin,
    siteName,
    path,
    // Every product is sold in the main mall: a sub-mall's copy sends search engines there (unless
    // the sub-mall has its own domain), while og:url keeps the sub-mall link a share should carry.
    ...(canonicalOrigin ? { canonicalOrigin } : { canonicalPath: d.canonicalPath }),
    image: d.product.image,
    type: "product",
  });
  return [
    ...tags,
    { property: "product:price:amount", content: String(d.product.price) },
    { property: "product:price:currency", content: "TWD" },
    { "script:ld+json": d.jsonLd },
  ];
};

export default function Product({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  const lang = useLang();
  // The shop's words, in English where staff wrote it (decision 109).
  const content = useContent();
  const { product: p, pointPercent } = loaderData;
  const name = content(p.name, p.name_en);
  const subtitle = content(p.subtitle, p.subtitle_en);
  const description = content(p.description, p.description_en);
  useEffect(() => {
    track("view_item", { value: p.price, items: [{ item_id: p.id, item_name: p.name, price: p.price }] });
  }, [p.id, p.name, p.price]);
  const [variantId, setVariantId] = useState(loaderData.variantId);
  const [qty, setQty] = useState(1);
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const mobile = root?.isMobile ?? false;
  useEffect(() => setVariantId(loaderData.variantId), [loaderData.variantId]);

  const variant = p.variants.find((v) => v.id === variantId) ?? p.variants[0];
  const price = variant?.price ?? p.price;
  const listPrice = variant?.list_price ?? p.list_price;
  const soldOut = !variant || (variant.stock_state === "out_of_stock" && !variant.preorder_label);
  const maxQty = Math.min(p.per_order_limit ?? 99, 99);
  const gallery =
    variant && variant.image !== p.image && !p.images.includes(variant.image) ? [variant.image, ...p.images] : p.images;

  // On a phone these sit in a bar fixed above the tab bar, so they stay while the shopper reads.
  const buyButtons = <BuyButtons product={p} variant={variant} qty={qty} soldOut={soldOut} />;

  const holdNote = (minutes: number) => t`限時搶購：下單後 ${minutes} 分鐘內未完成付款，商品將釋出給下一位`;

  const pick = (v: VariantView) => {
    setVariantId(v.id);
    // Reflect the choice in the address (shareable), without a navigation.
    const url = new URL(window.location.href);
    url.searchParams.set("variant", String(v.id));
    window.history.replaceState(window.history.state, "", url);
  };

  return (
    <article>
      <Breadcrumb crumbs={p.breadcrumb} />

      <div className="grid gap-6 md:grid-cols-2 md:gap-10">
        <ProductGallery images={gallery.length > 0 ? gallery : [p.image]} name={name.text} nameLang={name.lang} />

        <div className="flex flex-col gap-4">
          <div>
            <h1 className="text-2xl font-bold text-stone-900 md:text-3xl" lang={name.lang}>
              {name.text}
            </h1>
            {subtitle.text && (
              <p className="mt-1 text-stone-600" lang={subtitle.lang}>
                {subtitle.text}
              </p>
            )}
          </div>
          <PriceAndStock
            variant={variant}
            price={price}
            listPrice={listPrice}
            soldOut={soldOut}
            qty={qty}
            pointPercent={pointPercent}
          />

          {p.variants.length > 1 && <VariantPicker variants={p.variants} variantId={variantId} onPick={pick} />}

          <QuantityPicker
            qty={qty}
            setQty={setQty}
            maxQty={maxQty}
            perOrderLimit={p.per_order_limit}
            perMemberLimit={p.per_member_limit}
          />
          {p.hold_minutes && <p className="rounded bg-amber-50 px-3 py-2 text-sm text-amber-800">{holdNote(p.hold_minutes)}</p>}

          <div className="flex flex-wrap gap-3">
            {!mobile && buyButtons}
            <Suspense>
              <FavouriteButton productId={p.id} />
            </Suspense>
            <a href={loaderData.lineShare} target="_blank" rel="noopener noreferrer" className="btn-secondary min-h-11 gap-2">
              {t`分享到 LINE`}
            </a>
          </div>
          {!soldOut && root?.deviceWallets[0] && (
            <Suspense>
              <DeviceWalletButton to={`/cart?variant_id=${variant.id}&qty=${qty}`} />
            </Suspense>
          )}
          <Suspense>
            <ShoppingNotes shipMethods={loaderData.shipMethods} shop={root?.footer ?? null} />
          </Suspense>
        </div>
      </div>

      {/* The description is the shop's own words; its heading is the page's. */}
      <section aria-labelledby="desc-title" className="card mt-8" lang={description.lang}>
        <h2 id="desc-title" className="mb-3 text-lg font-bold text-stone-800" lang={description.lang && lang}>
          {t`商品介紹`}
        </h2>
        <RichContent html={description.text} className="text-stone-700" />
      </section>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: built and escaped by the loader (reviews-html.server.ts) */}
      <div dangerouslySetInnerHTML={{ __html: loaderData.reviews }} />
      {loaderData.related.length > 0 && (
        <Suspense>
          <RelatedProducts products={loaderData.related} />
        </Suspense>
      )}
      {mobile && (
        <>
          <div className="h-20" aria-hidden />
          <div
            data-testid="buy-bar"
            className="fixed inset-x-0 bottom-[calc(2.75rem+1px+env(safe-area-inset-bottom))] z-30 flex gap-2 border-t border-stone-200 bg-white/95 p-2 backdrop-blur"
          >
            {buyButtons}
          </div>
        </>
      )}
    </article>
  );
}

export { RouteErrorPage as ErrorBoundary } from "../ui/NotFoundPage";
