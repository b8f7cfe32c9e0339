import type { SellerHome } from "@shop/contract/seller";
import { ShopLink } from "../../ui/ShopLink";

/** The seller area's header: the shop, its commission, and the two views (orders, own stock). */
export function SellerNav({ home, current }: { home: SellerHome | null; current: "orders" | "inventory" }) {
  const tab = (to: string, label: string, on: boolean) => (
    <ShopLink
      to={to}
      aria-current={on ? "page" : undefined}
      className={`rounded-lg px-4 py-2 font-medium ${on ? "bg-tea-700 text-white" : "bg-stone-100 text-stone-700 hover:bg-stone-200"}`}
    >
      {label}
    </ShopLink>
  );
  return (
    <section className="card">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-xl font-bold text-stone-800">賣家中心</h1>
          {home && (
            <p className="mt-1 text-sm text-stone-600">
              {`${home.shop.name}｜訂單完成後分潤 ${home.shop.commission_percent}% 存入錢包`}
            </p>
          )}
        </div>
        {home && (
          // The storefront is always the shop's own sub-mall, wherever the seller is browsing.
          <a href={`/shop_${home.shop.id}/`} className="text-sm text-tea-700 underline">
            前往我的商城
          </a>
        )}
      </div>
      <nav className="mt-4 flex gap-2" aria-label="賣家中心">
        {tab("/member/seller", "商城訂單", current === "orders")}
        {tab("/member/seller?tab=inventory", "賣家庫存", current === "inventory")}
      </nav>
    </section>
  );
}
