import type { Banner, HomeCategory, HomeSection } from "@shop/contract/front";
import { useRouteLoaderData } from "react-router";
import { parseShopPrefix } from "../lib/shop";
import type { loader as rootLoader } from "../root";
import { ProductCard } from "../ui/ProductCard";
import { ShopLink } from "../ui/ShopLink";
import type { Route } from "./+types/home";

export async function loader({ params, context }: Route.LoaderArgs) {
  const query = { shop_id: parseShopPrefix(params.shopPrefix) ?? 1 };
  const [banners, sections, categories] = await Promise.all([
    context.api<Banner[]>("/api/front/banner/search", { query }),
    context.api<HomeSection[]>("/api/front/home/search", { query }),
    context.api<HomeCategory[]>("/api/front/category/search", { query }),
  ]);
  return {
    banners: banners.status ? banners.data : [],
    sections: sections.status ? sections.data : [],
    categories: categories.status ? categories.data : [],
  };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches.find((m) => m?.id === "root")?.data as Awaited<ReturnType<typeof rootLoader>> | undefined;
  const title = root?.homeDesc.title || root?.shop?.name || "茶山好物";
  const description = root?.homeDesc.description ?? "";
  return [
    { title },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
  ];
};

function BannerStrip({ banners, isMobile }: { banners: Banner[]; isMobile: boolean }) {
  if (banners.length === 0) return null;
  return (
    <section aria-label="活動橫幅" className="-mx-3 flex snap-x snap-mandatory gap-3 overflow-x-auto px-3 pb-2 md:mx-0 md:px-0">
      {banners.map((b, i) => (
        <ShopLink
          key={b.id}
          to={b.link || "/"}
          className="relative block w-full shrink-0 snap-center overflow-hidden rounded-2xl"
        >
          <img
            src={isMobile ? b.image_mobile : b.image}
            alt={b.title}
            width={isMobile ? 750 : 1600}
            height={isMobile ? 750 : 500}
            loading={i === 0 ? "eager" : "lazy"}
            fetchPriority={i === 0 ? "high" : "auto"}
            className={`w-full object-cover ${isMobile ? "aspect-[3/2]" : "aspect-[16/5]"}`}
          />
          <span className="absolute bottom-4 left-4 rounded-lg bg-black/45 px-4 py-2 text-lg font-bold text-white md:bottom-8 md:left-8 md:text-3xl">
            {b.title}
          </span>
        </ShopLink>
      ))}
    </section>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const isMobile = root?.isMobile ?? false;
  const { banners, sections, categories } = loaderData;
  return (
    <div className="flex flex-col gap-8">
      <h1 className="sr-only">{root?.shop?.name ?? "茶山好物"}</h1>
      <BannerStrip banners={banners} isMobile={isMobile} />

      {categories.length > 0 && (
        <section aria-labelledby="home-categories">
          <h2 id="home-categories" className="mb-3 text-xl font-bold text-stone-800">
            商品分類
          </h2>
          <ul className="grid grid-cols-5 gap-2 md:gap-4">
            {categories.map((c) => (
              <li key={c.id}>
                <ShopLink
                  to={`/product?parent_categry_id=${c.id}`}
                  className="flex flex-col items-center gap-1 text-center text-xs text-stone-700 md:text-sm"
                >
                  <img
                    src={c.image}
                    alt=""
                    width={96}
                    height={96}
                    loading="lazy"
                    className="h-14 w-14 rounded-full md:h-24 md:w-24"
                  />
                  {c.name}
                </ShopLink>
              </li>
            ))}
          </ul>
        </section>
      )}

      {sections.map((s, si) => (
        <section key={s.title} aria-labelledby={`home-section-${si}`}>
          <h2 id={`home-section-${si}`} className="mb-3 text-xl font-bold text-stone-800">
            {s.title}
          </h2>
          <ul className="grid grid-cols-2 gap-3 md:grid-cols-4 md:gap-5">
            {s.products.map((p, pi) => (
              <li key={p.id}>
                <ProductCard product={p} eager={si === 0 && pi < 2} />
              </li>
            ))}
          </ul>
        </section>
      ))}

      {root?.homeDesc.description && (
        <section className="rounded-2xl bg-tea-50 p-5 text-stone-700">
          <h2 className="mb-2 font-bold text-tea-900">{root.homeDesc.title}</h2>
          <p>{root.homeDesc.description}</p>
        </section>
      )}
    </div>
  );
}
