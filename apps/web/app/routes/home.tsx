import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { DealerCard, HomeVideo, PromoImage, QuickOrderEntry } from "@shop/contract/catalogue";
import type { Banner, ProductCard as Card, HomeCategory, HomeSection, NewsSummary } from "@shop/contract/front";
import { useRouteLoaderData } from "react-router";
import { BannerCarousel } from "../features/home/BannerCarousel";
import { CardGrid, DealerList, HomeCategories, NewsList, PromoLink, QuickOrders, Section } from "../features/home/HomeBlocks";
import { VideoPlayer } from "../features/home/VideoPlayer";
import { translate, useContent, useContentLang } from "../i18n/runtime";
import { seo, site } from "../lib/seo";
import { parseShopPrefix } from "../lib/shop";
import type { loader as rootLoader } from "../root";
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
    title: root?.homeDesc.title || root?.shop?.name || translate(location.pathname, msg`茶山好物`),
    description: root?.homeDesc.description,
    ...site(matches),
    path: location.pathname,
    image: data?.banners[0]?.image_mobile,
  });
};

export default function Home({ loaderData: d }: Route.ComponentProps) {
  const { t } = useLingui();
  const contentLang = useContentLang();
  const content = useContent();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const isMobile = root?.isMobile ?? false;
  return (
    <div className="flex flex-col gap-10">
      <h1 className="sr-only" lang={root?.shop ? contentLang : undefined}>
        {root?.shop?.name ?? t`茶山好物`}
      </h1>
      <BannerCarousel banners={d.banners} isMobile={isMobile} />
      {root?.shop && root.shop.id !== 1 && root.shop.intro && (
        // A sub-mall introduces its seller's shop under the banners.
        <p className="-mt-4 rounded-2xl bg-tea-50 px-4 py-3 text-stone-700" data-testid="shop-intro" lang={contentLang}>
          <b className="mr-2 text-tea-800">{root.shop.name}</b>
          {root.shop.intro}
        </p>
      )}

      {d.categories.length > 0 && (
        <Section id="home-categories" title={t`商品分類`}>
          <HomeCategories categories={d.categories} />
        </Section>
      )}

      {d.quickOrders.length > 0 && (
        <Section id="home-quick" title={t`快速購買`}>
          <QuickOrders entries={d.quickOrders} />
        </Section>
      )}

      {d.single && <PromoLink image={d.single} isMobile={isMobile} wide sizes="(min-width: 1152px) 1120px, 100vw" />}

      {d.recommended.length > 0 && (
        <Section id="home-recommended" title={t`推薦商品`}>
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
          title={t`最新消息`}
          more={
            <ShopLink to="/news" className="text-sm text-tea-700 hover:underline">
              {t`看全部消息`}
            </ShopLink>
          }
        >
          <NewsList news={d.news} />
        </Section>
      )}

      {d.sections.map((s, i) => (
        <Section
          key={s.title}
          id={`home-section-${i}`}
          title={content(s.title, s.title_en).text}
          titleLang={content(s.title, s.title_en).lang}
        >
          <CardGrid products={s.products} />
        </Section>
      ))}

      {d.hot.length > 0 && (
        <Section id="home-hot" title={t`熱銷排行`}>
          <CardGrid products={d.hot} />
        </Section>
      )}

      {d.video && (
        <Section id="home-video" title={d.video.title || t`品牌影片`} titleLang={d.video.title ? contentLang : undefined}>
          <VideoPlayer video={d.video} />
        </Section>
      )}

      {root?.homeDesc.description && (
        <section className="rounded-2xl bg-tea-50 p-5 text-stone-700" lang={contentLang}>
          <h2 className="mb-2 font-bold text-tea-900">{root.homeDesc.title}</h2>
          <p>{root.homeDesc.description}</p>
        </section>
      )}

      {d.dealers.length > 0 && (
        <Section
          id="home-dealers"
          title={t`經銷據點`}
          more={
            <ShopLink to="/dealer/list" className="text-sm text-tea-700 hover:underline">
              {t`查看全部據點`}
            </ShopLink>
          }
        >
          <DealerList dealers={d.dealers} />
        </Section>
      )}
    </div>
  );
}
