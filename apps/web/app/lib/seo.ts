import type { MetaDescriptor } from "react-router";

const SITE_NAME = "茶山好物";

export interface SeoInput {
  title: string;
  description?: string;
  /** Absolute origin of the site (root loader data), e.g. https://shop.example. */
  origin?: string;
  /** Path and query of the canonical URL. */
  path: string;
  image?: string;
  type?: "website" | "product" | "article";
  noindex?: boolean;
}

/** Title, description, canonical URL, Open Graph and Twitter tags for one page. */
export function seo(input: SeoInput): MetaDescriptor[] {
  const origin = input.origin ?? "";
  const url = `${origin}${input.path}`;
  const title = input.title.includes(SITE_NAME) ? input.title : `${input.title}｜${SITE_NAME}`;
  const description = (input.description ?? "").replace(/\s+/g, " ").slice(0, 160);
  // Link previews (LINE, Facebook) take raster images: uploads go through the WebP resizer.
  const imagePath = input.image?.startsWith("/uploads/") ? `/img/1280${input.image}` : input.image;
  const image = imagePath ? (imagePath.startsWith("http") ? imagePath : `${origin}${imagePath}`) : undefined;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:locale", content: "zh_TW" },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
  ];
  if (image) tags.push({ property: "og:image", content: image }, { name: "twitter:image", content: image });
  if (input.noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}

/** The root loader's origin, for canonical URLs in child meta functions. */
export function rootOrigin(matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>): string {
  const root = matches.find((m) => m?.id === "root")?.data as { origin?: string } | undefined;
  return root?.origin ?? "";
}
