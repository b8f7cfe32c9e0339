import { defineConfig } from "@lingui/conf";
import { formatter } from "@lingui/format-po";

/**
 * Lingui (decision 109): the storefront's strings are written in zh-TW with Lingui's macros and
 * extracted to app/locales/en/*.po; the macros keep the Chinese in the bundle and call our own
 * runtime (app/i18n/runtime.ts), so a Chinese page loads no i18n code. One catalogue per area keeps
 * translators' files apart; the English page carries only the messages its render used.
 */
const AREAS = ["shell", "catalogue", "checkout", "orders", "member", "pages"] as const;
const INCLUDE: Record<(typeof AREAS)[number], string[]> = {
  shell: [
    "<rootDir>/app/root.tsx",
    "<rootDir>/app/features/shell",
    "<rootDir>/app/ui",
    "<rootDir>/app/lib",
    "<rootDir>/app/routes/not-found.tsx",
  ],
  catalogue: [
    "<rootDir>/app/features/catalogue",
    "<rootDir>/app/features/home",
    "<rootDir>/app/routes/home.tsx",
    "<rootDir>/app/routes/product-list.tsx",
    "<rootDir>/app/routes/product.tsx",
  ],
  checkout: [
    "<rootDir>/app/features/cart",
    "<rootDir>/app/features/checkout",
    "<rootDir>/app/features/device-wallets",
    "<rootDir>/app/features/address",
    "<rootDir>/app/routes/select-cart.tsx",
    "<rootDir>/app/routes/checkout.tsx",
  ],
  orders: [
    "<rootDir>/app/features/orders",
    "<rootDir>/app/routes/order-finish.tsx",
    "<rootDir>/app/routes/order-detail.tsx",
    "<rootDir>/app/routes/order-search.tsx",
    "<rootDir>/app/routes/order-delivery.tsx",
  ],
  member: [
    "<rootDir>/app/features/member",
    "<rootDir>/app/features/auth",
    "<rootDir>/app/features/bank",
    "<rootDir>/app/routes/member*",
  ],
  // Everything else: news, content, dealers, sign-in, the seller's pages…
  pages: ["<rootDir>/app/routes", "<rootDir>/app/features"],
};
// Lingui's exclude list is globs: a folder needs its `/**`.
const asGlob = (include: string) => (/\.tsx?$|\*/.test(include) ? include : `${include}/**`);
const others = (area: (typeof AREAS)[number]) =>
  area === "pages" ? AREAS.filter((a) => a !== "pages").flatMap((a) => INCLUDE[a].map(asGlob)) : [];

export default defineConfig({
  sourceLocale: "zh-TW",
  // Only English is translated; zh-TW is the source, kept in the code.
  locales: ["en"],
  // I18N_AREA=checkout npx lingui extract: one area's file only (people translating side by side).
  catalogs: AREAS.filter((area) => !process.env.I18N_AREA || area === process.env.I18N_AREA).map((area) => ({
    path: `<rootDir>/app/locales/{locale}/${area}`,
    include: INCLUDE[area],
    exclude: ["**/*.test.*", "**/node_modules/**", ...others(area)],
  })),
  format: formatter({ lineNumbers: false }),
  orderBy: "origin",
  runtimeConfigModule: {
    useLingui: ["~i18n", "useLingui"],
    i18n: ["~i18n", "i18n"],
    Trans: ["~i18n", "Trans"],
  },
});
