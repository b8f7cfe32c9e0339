import type { ShopFooter, ShopInfo } from "@shop/contract/front";
import { ShopLink } from "../../ui/ShopLink";

const LINKS = [
  ["/terms", "會員服務條款"],
  ["/policy", "隱私權政策"],
  ["/contactus", "聯絡我們"],
  ["/order_search", "訂單查詢"],
] as const;

/**
 * Who runs the shop and how to reach them (decision 55): company, 統一編號, address, customer
 * service, the LINE official account — the shop's own where set in the back office, else the
 * main mall's — and how to pay and receive goods.
 */
export default function Footer({ shop, footer: f }: { shop: ShopInfo | null; footer: ShopFooter | null }) {
  const lines = f ? [f.company, f.tax_id && `統一編號 ${f.tax_id}`, f.address].filter(Boolean) : [];
  // What this shop takes and ships by now, as checkout will offer it.
  const trust: Array<[string, readonly string[]]> = f
    ? [
        ["付款方式", f.payment_methods],
        ["配送方式", f.ship_methods],
      ]
    : [];
  return (
    <footer className="mt-10 bg-stone-800 text-stone-300" data-testid="site-footer">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 text-sm md:grid-cols-3">
        <div className="space-y-1">
          <p className="font-bold text-white">{shop?.name ?? "茶山好物"}</p>
          {lines.map((l) => (
            <p key={l}>{l}</p>
          ))}
          {f?.phone && (
            <p>
              客服專線{" "}
              <a href={`tel:${f.phone.replace(/[^\d+]/g, "")}`} className="inline-block py-1 underline">
                {f.phone}
              </a>
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
          {LINKS.map(([to, label]) => (
            <ShopLink key={to} to={to} className="inline-flex min-h-11 items-center hover:text-white">
              {label}
            </ShopLink>
          ))}
        </nav>
        <div className="space-y-3">
          {trust.map(([title, items]) => (
            <div key={title} data-testid={title === "付款方式" ? "footer-payments" : "footer-deliveries"}>
              <p className="mb-1 text-stone-400">{title}</p>
              <p className="flex flex-wrap gap-1.5 text-xs text-stone-200">
                {items.map((i) => (
                  <span key={i} className="rounded border border-stone-500 px-2 py-0.5">
                    {i}
                  </span>
                ))}
              </p>
            </div>
          ))}
          <p>© 2026 {f?.company || shop?.name || "茶山好物"}</p>
        </div>
      </div>
    </footer>
  );
}
