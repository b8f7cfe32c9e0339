import { MAIN_SHOP_ID } from "@shop/contract";
import { LRUCache } from "lru-cache";
import type { AppIcon, MediaService } from "../../modules/media/service.js";

/** The storefront header's colour (root.tsx's theme-color): every mall shares the page's chrome. */
const THEME_COLOUR = "#233b1d";
/** Android shows at most ~12 characters under a home-screen icon. */
const SHORT_NAME_LENGTH = 12;

interface ShopForManifest {
  id: number;
  name: string;
  logo: string;
  status: "open" | "suspended";
}

export interface WebAppManifest {
  id: string;
  name: string;
  short_name: string;
  lang: string;
  start_url: string;
  scope: string;
  display: "standalone";
  background_color: string;
  theme_color: string;
  categories: string[];
  icons: Array<{ src: string; sizes: string; type: "image/png"; purpose: "any" | "maskable" }>;
}

/** Where a shop's pages start: `/` for the main mall, `/shop_N/` for a sub-mall. */
const startOf = (shopId: number) => (shopId === MAIN_SHOP_ID ? "/" : `/shop_${shopId}/`);
const iconUrl = (shopId: number, icon: AppIcon) => `/icons/shop-${shopId}/${icon}.png`;

/**
 * A shop on a phone's home screen (issue 52, decision 108): its web app manifest (its own name,
 * start and scope, so a sub-mall installs as its own app) and icons made from its logo — the main
 * mall's logo for a shop that has none. The splash background is the logo's own background colour.
 */
export function createInstallableShop(deps: {
  shopInfo: (id: number) => Promise<ShopForManifest | undefined>;
  media: Pick<MediaService, "appIcon" | "colour">;
}) {
  const colours = new LRUCache<string, string>({ max: 2_000 });

  /** The shop's logo as a path under uploads (the main mall's when it has none); undefined without any. */
  async function logoOf(shop: ShopForManifest): Promise<string | undefined> {
    const own = uploadPath(shop.logo);
    if (own || shop.id === MAIN_SHOP_ID) return own;
    const main = await deps.shopInfo(MAIN_SHOP_ID);
    return main ? uploadPath(main.logo) : undefined;
  }

  async function openShop(shopId: number) {
    const shop = await deps.shopInfo(shopId);
    return shop?.status === "open" ? shop : undefined;
  }

  async function colourOf(logo: string | undefined): Promise<string> {
    if (!logo) return "#ffffff";
    const known = colours.get(logo);
    if (known) return known;
    const colour = (await deps.media.colour(logo)) ?? "#ffffff";
    colours.set(logo, colour);
    return colour;
  }

  return {
    /** The open shop's manifest; undefined for a missing or suspended shop. */
    async manifest(shopId: number): Promise<WebAppManifest | undefined> {
      const shop = await openShop(shopId);
      if (!shop) return undefined;
      const start = startOf(shop.id);
      return {
        id: start,
        name: shop.name,
        short_name: [...shop.name].slice(0, SHORT_NAME_LENGTH).join(""),
        lang: "zh-Hant-TW",
        start_url: start,
        scope: start,
        display: "standalone",
        background_color: await colourOf(await logoOf(shop)),
        theme_color: THEME_COLOUR,
        categories: ["shopping"],
        icons: [
          { src: iconUrl(shop.id, "icon-192"), sizes: "192x192", type: "image/png", purpose: "any" },
          { src: iconUrl(shop.id, "icon-512"), sizes: "512x512", type: "image/png", purpose: "any" },
          { src: iconUrl(shop.id, "maskable-512"), sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      };
    },
    /** The open shop's icon file (made once from its logo); undefined when there is none. */
    async icon(shopId: number, icon: AppIcon): Promise<string | undefined> {
      const shop = await openShop(shopId);
      const logo = shop && (await logoOf(shop));
      return logo ? deps.media.appIcon(logo, icon) : undefined;
    },
  };
}

export type InstallableShop = ReturnType<typeof createInstallableShop>;

/** `/uploads/demo/logo.svg` → `demo/logo.svg`; anything not an upload → undefined. */
function uploadPath(url: string): string | undefined {
  const match = /^\/uploads\/(.+)$/.exec(url);
  return match?.[1];
}
