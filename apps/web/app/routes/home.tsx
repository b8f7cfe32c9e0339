import type { DealerCard, HomeVideo, PromoImage, QuickOrderEntry } from "@shop/contract/catalogue";
import { formatDate, formatMoney } from "@shop/contract/format";
import type { Banner, ProductCard as Card, HomeCategory, HomeSection, NewsSummary } from "@shop/contract/front";
import { Suspense } from "react";
import { useRouteLoaderData } from "react-router";
import { BannerCarousel } from "../features/home/BannerCarousel";
import { VideoPlayer } from "../features/home/VideoPlayer";
import { seo, site } from "../lib/seo";
import { parseShopPrefix } from "../lib/shop";
import type { loader as rootLoader } from "../root";
import { Img } from "../ui/Img";
import { ProductCard } from "../ui/ProductCard";
import { ShopLink } from "../ui/ShopLink";
import type { Route } from "./+types/home";

/** Home (and /phome, the mobile home): every content block of the shop, server-rendered. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const query = { shop_id: parseShopPrefix(params.shopPrefix) ?? 1 };
  const get = async <T,>(path: string, fallback: T): Promise<T> => {
    const r = await context.api<T>(path, { query });
    return r.status && r.data !== null ? r.data : fallback;
  };
  const [banners, categories, quickOrders, single, recommended, twice, news, sections, hot, video, dealers] = await Promise.all([
    get<Banner[]>("/api/front/banner/search", []),
    get<HomeCategory[]>("/api/front/category/search", []),
    get<QuickOrderEntry[]>("/api/front/fastoder/get", []),
    get<PromoImage | null>("/api/front/singleimage/get", null),
    get<Card[]>("/api/front/recommen/search", []),
    get<PromoImage[]>("/api/front/twiceimage/search", []),
    get<NewsSummary[]>("/api/front/new/searchthree", []),
    get<HomeSection[]>("/api/front/home/search", []),
    get<Card[]>("/api/front/hot/search", []),
    get<HomeVideo | null>("/api/front/video/get", null),
    get<DealerCard[]>("/api/front/dealer/search", []),
  ]);
  // Four cards per home section and hot products keep the page light on a phone.
  const four = (cards: Card[]) => cards.slice(0, 4);
  return {
    banners,
    categories,
    quickOrders,
    single,
    recommended,
    twice,
    news,
    sections: sections.map((s) => ({ ...s, products: four(s.products) })),
    hot: four(hot),
    video,
    dealers,
  };
}

export const meta: Route.MetaFunction = ({ matches, data, location }) => {
  const root = matches.find((m) => m?.id === "root")?.data as Awaited<ReturnType<typeof rootLoader>> | undefined;
  return seo({
    title: root?.homeDesc.title || root?.shop?.name || "茶山好物",
    description: root?.homeDesc.description,
    ...site(matches),
    path: location.pathname,
    image: data?.banners[0]?.image_mobile,
  });
};

interface SectionProps {
  id: string;
  title: string;
  children: React.ReactNode;
  more?: React.ReactNode;
}

/**
 * Each block is its own Suspense boundary: nothing suspends (the server renders it all), but React
 * then hydrates the blocks one by one in separate tasks instead of one long task on a slow phone.
 */
function Section({ id, title, children, more }: SectionProps) {
  return (
    <Suspense>
      <SectionBody id={id} title={title} more={more}>
        {children}
      </SectionBody>
    </Suspense>
  );
}

function SectionBody({ id, title, children, more }: SectionProps) {
  return (
    <section aria-labelledby={id}>
      <div className="mb-3 flex items-baseline justify-between">
        <h2 id={id} className="text-xl font-bold text-stone-800">
          {title}
        </h2>
        {more}
      </div>
      {children}
    </section>
  );
}

function CardGrid({ products, eagerFirst = false }: { products: Card[]; eagerFirst?: boolean }) {
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
function PromoLink({ image, isMobile, sizes, wide }: { image: PromoImage; isMobile: boolean; sizes: string; wide: boolean }) {
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
      <span className="absolute bottom-3 left-3 rounded-lg bg-black/55 px-3 py-1.5 font-bold text-white md:text-xl">
        {image.title}
      </span>
    </ShopLink>
  );
}

export default function Home({ loaderData: d }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const isMobile = root?.isMobile ?? false;
  return (
    <div className="flex flex-col gap-10">
      <h1 className="sr-only">{root?.shop?.name ?? "茶山好物"}</h1>
      <BannerCarousel banners={d.banners} isMobile={isMobile} />
      {root?.shop && root.shop.id !== 1 && root.shop.intro && (
        // A sub-mall introduces its seller's shop under the banners.
        <p className="-mt-4 rounded-2xl bg-tea-50 px-4 py-3 text-stone-700" data-testid="shop-intro">
          <b className="mr-2 text-tea-800">{root.shop.name}</b>
          {root.shop.intro}
        </p>
      )}

      {d.categories.length > 0 && (
        <Section id="home-categories" title="商品分類">
          <ul className="grid grid-cols-5 gap-2 md:gap-4">
            {d.categories.map((c) => (
              <li key={c.id}>
                <ShopLink
                  to={`/product?parent_categry_id=${c.id}`}
                  className="flex flex-col items-center gap-1 text-center text-xs text-stone-700 md:text-sm"
                >
                  <Img
                    src={c.image}
                    alt=""
                    width={96}
                    height={96}
                    sizes="96px"
                    className="h-14 w-14 rounded-full md:h-24 md:w-24"
                  />
                  {c.name}
                </ShopLink>
              </li>
            ))}
          </ul>
        </Section>
      )}

      {d.quickOrders.length > 0 && (
        <Section id="home-quick" title="快速購買">
          <ul className="grid grid-cols-1 gap-3 md:grid-cols-3">
            {d.quickOrders.map((q) => (
              <li key={q.variant_id}>
                <ShopLink
                  to={`/cart?variant_id=${q.variant_id}&qty=1`}
                  className="flex items-center gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-stone-200 hover:ring-tea-600"
                >
                  <Img src={q.image} alt="" width={64} height={64} sizes="64px" className="h-16 w-16 rounded-lg" />
                  <span className="flex-1 font-medium text-stone-800">{q.title}</span>
                  <span className="font-bold text-red-700">{formatMoney(q.price)}</span>
                </ShopLink>
              </li>
            ))}
          </ul>
        </Section>
      )}

      {d.single && <PromoLink image={d.single} isMobile={isMobile} wide sizes="(min-width: 1152px) 1120px, 100vw" />}

      {d.recommended.length > 0 && (
        <Section id="home-recommended" title="推薦商品">
          <CardGrid products={d.recommended} eagerFirst />
        </Section>
      )}

      {d.twice.length > 0 && (
        <div className="grid grid-cols-1 gap-3 md:grid-cols-2 md:gap-5">
          {d.twice.map((img) => (
            <PromoLink
              key={img.link + img.title}
              image={img}
              isMobile={isMobile}
              wide={false}
              sizes="(min-width: 768px) 50vw, 100vw"
            />
          ))}
        </div>
      )}

      {d.news.length > 0 && (
        <Section
          id="home-news"
          title="最新消息"
          more={
            <ShopLink to="/news" className="text-sm text-tea-700 hover:underline">
              看全部消息
            </ShopLink>
          }
        >
          <ul className="divide-y divide-stone-200 rounded-2xl bg-white px-4 shadow-sm ring-1 ring-stone-200">
            {d.news.map((n) => (
              <li key={n.id}>
                <ShopLink to={`/news/details?id=${n.id}`} className="flex gap-4 py-3 hover:text-tea-700">
                  <time dateTime={n.published_at} className="shrink-0 text-sm text-stone-500">
                    {formatDate(n.published_at)}
                  </time>
                  <span className="text-stone-800">{n.title}</span>
                </ShopLink>
              </li>
            ))}
          </ul>
        </Section>
      )}

      {d.sections.map((s, i) => (
        <Section key={s.title} id={`home-section-${i}`} title={s.title}>
          <CardGrid products={s.products} />
        </Section>
      ))}

      {d.hot.length > 0 && (
        <Section id="home-hot" title="熱銷排行">
          <CardGrid products={d.hot} />
        </Section>
      )}

      {d.video && (
        <Section id="home-video" title={d.video.title || "品牌影片"}>
          <VideoPlayer video={d.video} />
        </Section>
      )}

      {root?.homeDesc.description && (
        <section className="rounded-2xl bg-tea-50 p-5 text-stone-700">
          <h2 className="mb-2 font-bold text-tea-900">{root.homeDesc.title}</h2>
          <p>{root.homeDesc.description}</p>
        </section>
      )}

      {d.dealers.length > 0 && (
        <Section
          id="home-dealers"
          title="經銷據點"
          more={
            <ShopLink to="/dealer/list" className="text-sm text-tea-700 hover:underline">
              查看全部據點
            </ShopLink>
          }
        >
          <ul className="grid grid-cols-1 gap-3 md:grid-cols-4">
            {d.dealers.map((dealer) => (
              <li key={dealer.id} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
                <p className="font-medium text-stone-800">{dealer.name}</p>
                <p className="mt-1 text-sm text-stone-600">{dealer.address}</p>
                <p className="mt-1 text-sm text-stone-600">{dealer.phone}</p>
              </li>
            ))}
          </ul>
        </Section>
      )}
    </div>
  );
}
