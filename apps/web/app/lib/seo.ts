import { msg } from "@lingui/core/macro";
import type { MetaDescriptor } from "react-router";
import { langOfPath, translate } from "../i18n/runtime";

/** The main mall's name: the fallback when the shop's own is missing. */
const SITE_NAME = msg`茶山好物`;

export interface SeoInput {
  title: string;
  /** The mall's name (the sub-mall's own in a sub-mall): og:site_name and the title's suffix. */
  siteName?: string;
  description?: string;
  /** Absolute origin of the site (root loader data), e.g. https://shop.example. */
  origin?: string;
  /** Path and query of this page (og:url, and the canonical URL unless `canonicalPath` says otherwise). */
  path: string;
  /** Where search engines should index this content, e.g. a sub-mall's copy of a main-mall product. */
  canonicalPath?: string;
  /** The canonical URL's origin when not `origin`: a sub-mall's own domain (decision 48). */
  canonicalOrigin?: string;
  image?: string;
  type?: "website" | "product" | "article";
  noindex?: boolean;
}

/** Title, description, canonical URL, Open Graph and Twitter tags for one page. */
export function seo(input: SeoInput): MetaDescriptor[] {
  const origin = input.origin ?? "";
  const url = `${origin}${input.path}`;
  const siteName = input.siteName || translate(input.path, SITE_NAME);
  const title = input.title.includes(siteName) ? input.title : `${input.title}｜${siteName}`;
  const description = (input.description ?? "").replace(/\s+/g, " ").slice(0, 160);
  // Link previews (LINE, Facebook) show a 1200×630 JPEG reliably: uploads go through the preview renderer.
  const imagePath = input.image?.startsWith("/uploads/") ? `/og${input.image}.jpg` : input.image;
  const image = imagePath ? (imagePath.startsWith("http") ? imagePath : `${origin}${imagePath}`) : undefined;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: `${input.canonicalOrigin || origin}${input.canonicalPath ?? input.path}` },
    { property: "og:site_name", content: siteName },
    { property: "og:locale", content: langOfPath(input.path) === "en" ? "en_US" : "zh_TW" },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
  ];
  if (image) tags.push({ property: "og:image", content: image }, { name: "twitter:image", content: image });
  if (image && imagePath?.startsWith("/og/"))
    tags.push(
      { property: "og:image:type", content: "image/jpeg" },
      { property: "og:image:width", content: "1200" },
      { property: "og:image:height", content: "630" },
    );
  if (input.noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}

/**
 * The root loader's origin and the mall's name, for a child page's meta function; a sub-mall with
 * its own domain (decision 48) has its pages canonical there.
 */
export function site(matches: ReadonlyArray<{ id: string; data?: unknown; pathname?: string } | undefined>): {
  origin: string;
  siteName: string;
  canonicalOrigin?: string;
} {
  const root = matches.find((m) => m?.id === "root")?.data as { shop?: { name?: string; domain?: string } | null } | undefined;
  const domain = root?.shop?.domain;
  return {
    origin: rootOrigin(matches),
    // The page's own match (the last) has its whole path, and so its language.
    siteName: root?.shop?.name || translate(matches.at(-1)?.pathname ?? "/", SITE_NAME),
    ...(domain ? { canonicalOrigin: `https://${domain}` } : {}),
  };
}

/** The root loader's origin, for canonical URLs in child meta functions. */
function rootOrigin(matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>): string {
  const root = matches.find((m) => m?.id === "root")?.data as { origin?: string } | undefined;
  return root?.origin ?? "";
}
