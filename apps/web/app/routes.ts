import { index, layout, prefix, type RouteConfig, type RouteConfigEntry, route } from "@react-router/dev/routes";

/**
 * Every URL of the shop (original specification §2), in one place. The same table is mounted
 * twice: at the root for the main mall and under `/:shopPrefix` (shop_{id}) for sub-malls.
 */

const publicPages: Array<[path: string, file: string]> = [
  ["product", "routes/product-list.tsx"],
  ["product/details", "routes/product.tsx"],
  ["product/detailsChild", "routes/product.tsx"],
  ["select_cart", "routes/select-cart.tsx"],
  ["cart", "routes/checkout.tsx"],
  ["orderfinish", "routes/order-finish.tsx"],
  ["news", "routes/news.tsx"],
  ["news/details", "routes/news-details.tsx"],
  ["content", "routes/static-page.tsx"],
  ["activity", "routes/activity.tsx"],
  ["activity/details", "routes/activity-details.tsx"],
  ["contactus", "routes/contact.tsx"],
  ["terms", "routes/static-page.tsx"],
  ["policy", "routes/static-page.tsx"],
  ["stranger", "routes/contact.tsx"],
  ["register", "routes/register.tsx"],
  ["login", "routes/login.tsx"],
  ["password", "routes/password.tsx"],
  ["phome", "routes/home.tsx"],
  ["order_search", "routes/order-search.tsx"],
  ["order_detail", "routes/order-detail.tsx"],
  ["order_delivery", "routes/order-delivery.tsx"],
  ["dealer/list", "routes/dealer-list.tsx"],
  ["dealer/sub_list", "routes/dealer-sub-list.tsx"],
  ["dealer/product_detail", "routes/dealer-product-detail.tsx"],
  // Ours: where LINE Login and Facebook send the browser back, and the bind-or-register page.
  ["threeway/callback", "routes/threeway-callback.tsx"],
  ["threeway/bind", "routes/threeway-bind.tsx"],
  // The LINE app's entry pages (LIFF): sign in, then home, product, order, bonus, share, account.
  ["liff/liff_login_1", "routes/liff.tsx"],
  ["liff/liff_login_2", "routes/liff.tsx"],
  ["liff/liff_login_3", "routes/liff.tsx"],
  ["liff/liff_login_4", "routes/liff.tsx"],
  ["liff/liff_login_5", "routes/liff.tsx"],
  ["liff/Liff_AccountOverviewView", "routes/liff.tsx"],
];

const memberPages: Array<[path: string, file: string]> = [
  ["account_overview", "routes/member.account-overview.tsx"],
  ["password", "routes/member.password.tsx"],
  ["address", "routes/member.address.tsx"],
  ["notice", "routes/member.notice.tsx"],
  ["buy_list", "routes/member.buy-list.tsx"],
  ["my_ticket", "routes/member.my-ticket.tsx"],
  ["coupon", "routes/member.coupon.tsx"],
  ["wallet", "routes/member.wallet.tsx"],
  ["point", "routes/member.point.tsx"],
  // Ours: the member's level, its perks and the next level (decision 94).
  ["level", "routes/member.level.tsx"],
  ["refer", "routes/member.refer.tsx"],
  ["share", "routes/member.share.tsx"],
  ["refer_list", "routes/member.refer-list.tsx"],
  ["month_point", "routes/member.month-point.tsx"],
  ["account_binding", "routes/member.account-binding.tsx"],
  ["order_detail", "routes/order-detail.tsx"],
  ["delivery_progress", "routes/order-delivery.tsx"],
  ["i_depot", "routes/member.depot.tsx"],
  ["idepot_stock", "routes/member.depot-log.tsx"],
  ["seller", "routes/member.seller.tsx"],
  ["seller_detail", "routes/member.seller-detail.tsx"],
  ["seller_delivery", "routes/member.seller-delivery.tsx"],
  ["account_share", "routes/member.account-share.tsx"],
  // Ours: the specification names a favourites view without its path.
  ["favorite", "routes/member.favorite.tsx"],
  // Ours: 個資法's rights — a copy of the member's data, and closing the account (decision 78).
  ["privacy", "routes/member.privacy.tsx"],
  // Ours: a buyer's review of a line of a delivered order (decision 98).
  ["review", "routes/member.review.tsx"],
];

/** The route table for one mall; `scope` keeps route ids unique between the two mounts. */
function mall(scope: "main" | "shop" | "en" | "shop-en"): RouteConfigEntry[] {
  const id = (path: string) => `${scope}:${path || "home"}`;
  return [
    index("routes/home.tsx", { id: id("") }),
    ...publicPages.map(([path, file]) => route(path, file, { id: id(path) })),
    layout("routes/member-guard.tsx", { id: id("member-guard") }, [
      ...prefix("member", [
        index("routes/member.tsx", { id: id("member") }),
        ...memberPages.map(([path, file]) => route(path, file, { id: id(`member/${path}`) })),
      ]),
    ]),
  ];
}

export default [
  ...mall("main"),
  // The same pages in English (decision 109); the static segment wins over `:shopPrefix`.
  route("en", "routes/english.tsx", { id: "en" }, [...mall("en"), route("*", "routes/not-found.tsx", { id: "en:not-found" })]),
  route("i18n/en.json", "routes/english-messages.ts", { id: "english-messages" }),
  route(":shopPrefix", "routes/shop-scope.tsx", { id: "shop-scope" }, [
    ...mall("shop"),
    route("en", "routes/english.tsx", { id: "shop-en" }, [
      ...mall("shop-en"),
      route("*", "routes/not-found.tsx", { id: "shop-en:not-found" }),
    ]),
    // A sub-mall's missing page is its own 404: its header, its links (issue 47).
    route("*", "routes/not-found.tsx", { id: "shop:not-found" }),
  ]),
  route("*", "routes/not-found.tsx", { id: "not-found" }),
] satisfies RouteConfig;
