import { defineConfig } from "@lingui/conf";
import { formatter } from "@lingui/format-po";

/**
 * Lingui (decision 109): the storefront's strings are written in zh-TW with Lingui's macros and
 * extracted to app/locales/en/*.po; the macros keep the Chinese in the bundle and call our own
 * runtime (app/i18n/runtime.ts), so a Chinese page loads no i18n code. One catalogue per area keeps
 * translators' files apart; the English page carries only the messages its render used.
 */
const AREAS = ["shell", "catalogue", "checkout", "orders", "member", "seller", "account", "pages"] as const;
type Area = (typeof AREAS)[number];
const routes = (...files: string[]) => files.map((f) => `<rootDir>/app/routes/${f}`);
const features = (...folders: string[]) => folders.map((f) => `<rootDir>/app/features/${f}`);
const INCLUDE: Record<Exclude<Area, "pages">, string[]> = {
  shell: ["<rootDir>/app/root.tsx", ...features("shell"), "<rootDir>/app/ui", "<rootDir>/app/lib", ...routes("not-found.tsx")],
  catalogue: [...features("catalogue", "home"), ...routes("home.tsx", "product-list.tsx", "product.tsx")],
  checkout: [...features("cart", "checkout", "device-wallets", "address"), ...routes("select-cart.tsx", "checkout.tsx")],
  orders: [...features("orders"), ...routes("order-finish.tsx", "order-detail.tsx", "order-search.tsx", "order-delivery.tsx")],
  member: [...features("member", "bank"), ...routes("member.tsx", "member.!(seller)*.tsx")],
  seller: [...features("seller"), ...routes("member.seller*.tsx")],
  account: [
    ...features("auth"),
    ...routes("login.tsx", "register.tsx", "password.tsx", "threeway-bind.tsx", "threeway-callback.tsx", "liff.tsx"),
  ],
};
// Lingui's exclude list is globs: a folder needs its `/**`.
const asGlob = (include: string) => (/\.tsx?$|\*/.test(include) ? include : `${include}/**`);
/** Everything else (news, content, activities, contact, dealers…) is in `pages`. */
const catalogue = (area: Area) => ({
  path: `<rootDir>/app/locales/{locale}/${area}`,
  include: area === "pages" ? ["<rootDir>/app/routes", "<rootDir>/app/features"] : INCLUDE[area],
  exclude: ["**/*.test.*", ...(area === "pages" ? Object.values(INCLUDE).flat().map(asGlob) : [])],
});

export default defineConfig({
  sourceLocale: "zh-TW",
  // Only English is translated; zh-TW is the source, kept in the code.
  locales: ["en"],
  // I18N_AREA=checkout npx lingui extract: one area's file only (people translating side by side).
  catalogs: AREAS.filter((area) => !process.env.I18N_AREA || area === process.env.I18N_AREA).map(catalogue),
  format: formatter({ lineNumbers: false }),
  orderBy: "origin",
  runtimeConfigModule: {
    useLingui: ["~i18n", "useLingui"],
    i18n: ["~i18n", "i18n"],
    Trans: ["~i18n", "Trans"],
  },
});
