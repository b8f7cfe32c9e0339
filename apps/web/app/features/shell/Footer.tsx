import type { ShopFooter, ShopInfo } from "@shop/contract/front";
import { ShopLink } from "../../ui/ShopLink";

const PAYMENTS = ["信用卡 VISA / Master / JCB", "ATM 轉帳", "貨到付款"];
const CARRIERS = ["新竹物流宅配", "7-ELEVEN", "全家", "萊爾富", "OK 超商"];

/**
 * Who runs the shop and how to reach them (decision 55): company, 統一編號, address, customer
 * service, the LINE official account — the shop's own where set in the back office, else the
 * main mall's — and how to pay and receive goods.
 */
export default function Footer({ shop, footer }: { shop: ShopInfo | null; footer: ShopFooter | null }) {
  const f = footer;
  return (
    <footer className="mt-10 bg-stone-800 text-stone-300" data-testid="site-footer">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 text-sm md:grid-cols-3">
        <div className="space-y-1">
          <p className="font-bold text-white">{shop?.name ?? "茶山好物"}</p>
          {f?.company && <p>{f.company}</p>}
          {f?.tax_id && <p>統一編號 {f.tax_id}</p>}
          {f?.address && <p>{f.address}</p>}
          {(f?.phone || f?.hours) && (
            <p>
              客服
              {f.phone && (
                <>
                  {" "}
                  專線{" "}
                  <a href={`tel:${f.phone.replace(/[^\d+]/g, "")}`} className="inline-block py-1 underline">
                    {f.phone}
                  </a>
                </>
              )}
              {f.hours && `｜${f.hours}`}
            </p>
          )}
          {f?.line_url && (
            <a
              href={f.line_url}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-h-11 items-center text-white underline"
            >
              加入 LINE 官方帳號
            </a>
          )}
        </div>
        <nav aria-label="頁尾連結" className="flex flex-wrap content-start gap-x-4">
          {[
            ["/terms", "會員服務條款"],
            ["/policy", "隱私權政策"],
            ["/contactus", "聯絡我們"],
            ["/order_search", "訂單查詢"],
          ].map(([to, label]) => (
            <ShopLink key={to} to={to ?? "/"} className="inline-flex min-h-11 items-center hover:text-white">
              {label}
            </ShopLink>
          ))}
        </nav>
        <div className="space-y-3">
          <TrustRow title="付款方式" items={PAYMENTS} />
          <TrustRow title="配送方式" items={CARRIERS} />
          <p>© 2026 {f?.company || shop?.name || "茶山好物"}</p>
        </div>
      </div>
    </footer>
  );
}

function TrustRow({ title, items }: { title: string; items: string[] }) {
  return (
    <div>
      <p className="mb-1 text-stone-400">{title}</p>
      <ul className="flex flex-wrap gap-1.5">
        {items.map((i) => (
          <li key={i} className="rounded border border-stone-500 px-2 py-0.5 text-xs text-stone-200">
            {i}
          </li>
        ))}
      </ul>
    </div>
  );
}
