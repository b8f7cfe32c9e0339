import type { DealerCard, PromoImage, QuickOrderEntry } from "@shop/contract/catalogue";
import { formatDate, formatMoney } from "@shop/contract/format";
import type { ProductCard as Card, HomeCategory, NewsSummary } from "@shop/contract/front";
import { Suspense } from "react";
import { useContentLang } from "../../i18n/runtime";
import { Img } from "../../ui/Img";
import { ProductCard } from "../../ui/ProductCard";
import { ShopLink } from "../../ui/ShopLink";

interface SectionProps {
  id: string;
  title: string;
  /** The title's language when it is the shop's own words (useContentLang), not the page's. */
  titleLang?: string;
  children: React.ReactNode;
  more?: React.ReactNode;
}

/**
 * Each block is its own Suspense boundary: nothing suspends (the server renders it all), but React
 * then hydrates the blocks one by one in separate tasks instead of one long task on a slow phone.
 */
export function Section({ id, title, titleLang, children, more }: SectionProps) {
  return (
    <Suspense>
      <SectionBody id={id} title={title} titleLang={titleLang} more={more}>
        {children}
      </SectionBody>
    </Suspense>
  );
}

function SectionBody({ id, title, titleLang, children, more }: SectionProps) {
  return (
    <section aria-labelledby={id}>
      <div className="mb-3 flex items-baseline justify-between">
        <h2 id={id} className="text-xl font-bold text-stone-800" lang={titleLang}>
          {title}
        </h2>
        {more}
      </div>
      {children}
    </section>
  );
}

export function CardGrid({ products, eagerFirst = false }: { products: Card[]; eagerFirst?: boolean }) {
  return (
    <ul className="grid grid-cols-2 gap-3 md:grid-cols-4 md:gap-5">
      {products.map((p, i) => (
        <li key={p.id}>
          <ProductCard product={p} eager={eagerFirst && i < 2} />
        </li>
      ))}
    </ul>
  );
}

/** A promo picture; `wide` pictures are 16:5 on desktop, everything else is shown 3:2 from a square. */
export function PromoLink({
  image,
  isMobile,
  sizes,
  wide,
}: {
  image: PromoImage;
  isMobile: boolean;
  sizes: string;
  wide: boolean;
}) {
  const contentLang = useContentLang();
  const useWide = wide && !isMobile;
  return (
    <ShopLink to={image.link || "/"} className="relative block overflow-hidden rounded-2xl">
      <Img
        src={useWide ? image.image : image.image_mobile}
        alt=""
        width={useWide ? 1600 : 750}
        height={useWide ? 500 : 750}
        sizes={sizes}
        className={`w-full object-cover ${useWide ? "aspect-[16/5]" : "aspect-[3/2]"}`}
      />
      <span
        className="absolute bottom-3 left-3 rounded-lg bg-black/55 px-3 py-1.5 font-bold text-white md:text-xl"
        lang={contentLang}
      >
        {image.title}
      </span>
    </ShopLink>
  );
}

/** 商品分類: each top category as a round picture and its name. */
export function HomeCategories({ categories }: { categories: HomeCategory[] }) {
  const contentLang = useContentLang();
  return (
    <ul className="grid grid-cols-5 gap-2 md:gap-4">
      {categories.map((c) => (
        <li key={c.id}>
          <ShopLink
            to={`/product?parent_categry_id=${c.id}`}
            className="flex flex-col items-center gap-1 text-center text-xs text-stone-700 md:text-sm"
            lang={contentLang}
          >
            <Img src={c.image} alt="" width={96} height={96} sizes="96px" className="h-14 w-14 rounded-full md:h-24 md:w-24" />
            {c.name}
          </ShopLink>
        </li>
      ))}
    </ul>
  );
}

/** 快速購買: one tap from a picture to the cart with one of it. */
export function QuickOrders({ entries }: { entries: QuickOrderEntry[] }) {
  const contentLang = useContentLang();
  return (
    <ul className="grid grid-cols-1 gap-3 md:grid-cols-3">
      {entries.map((q) => (
        <li key={q.variant_id}>
          <ShopLink
            to={`/cart?variant_id=${q.variant_id}&qty=1`}
            className="flex items-center gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-stone-200 hover:ring-tea-600"
          >
            <Img src={q.image} alt="" width={64} height={64} sizes="64px" className="h-16 w-16 rounded-lg" />
            <span className="flex-1 font-medium text-stone-800" lang={contentLang}>
              {q.title}
            </span>
            <span className="font-bold text-red-700">{formatMoney(q.price)}</span>
          </ShopLink>
        </li>
      ))}
    </ul>
  );
}

/** 最新消息: the latest three, dated. */
export function NewsList({ news }: { news: NewsSummary[] }) {
  const contentLang = useContentLang();
  return (
    <ul className="divide-y divide-stone-200 rounded-2xl bg-white px-4 shadow-sm ring-1 ring-stone-200">
      {news.map((n) => (
        <li key={n.id}>
          <ShopLink to={`/news/details?id=${n.id}`} className="flex gap-4 py-3 hover:text-tea-700">
            <time dateTime={n.published_at} className="shrink-0 text-sm text-stone-500">
              {formatDate(n.published_at)}
            </time>
            <span className="text-stone-800" lang={contentLang}>
              {n.title}
            </span>
          </ShopLink>
        </li>
      ))}
    </ul>
  );
}

/** 經銷據點: where the tea is sold. */
export function DealerList({ dealers }: { dealers: DealerCard[] }) {
  const contentLang = useContentLang();
  return (
    <ul className="grid grid-cols-1 gap-3 md:grid-cols-4">
      {dealers.map((dealer) => (
        <li key={dealer.id} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200" lang={contentLang}>
          <p className="font-medium text-stone-800">{dealer.name}</p>
          <p className="mt-1 text-sm text-stone-600">{dealer.address}</p>
          <p className="mt-1 text-sm text-stone-600">{dealer.phone}</p>
        </li>
      ))}
    </ul>
  );
}
