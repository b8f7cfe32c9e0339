import { formatDateTime, formatMoney } from "@shop/contract/format";
import type { DepotStockView, TakeoutView } from "@shop/contract/loyalty";
import type { AddressBookEntry } from "@shop/contract/order";
import { useState } from "react";
import { useFetcher } from "react-router";
import { MemberLoadError, memberRead, memberReadOr, useActionResult } from "../features/member/member-read";
import { api } from "../lib/api";
import { useAlerts } from "../ui/alerts";
import { Img } from "../ui/Img";
import { ShopLink } from "../ui/ShopLink";
import type { Route } from "./+types/member.depot";

export const meta: Route.MetaFunction = () => [{ title: "雲端庫存｜茶山好物" }, { name: "robots", content: "noindex" }];

export async function clientLoader() {
  const [stock, takeouts, addresses] = await Promise.all([
    memberRead<DepotStockView[]>("/api/user/inventory/cloud"),
    // The records and the address list are secondary: the stock still shows without them.
    memberReadOr<TakeoutView[], TakeoutView[]>("/api/user/takeout/list", {}, []),
    memberReadOr<AddressBookEntry[], AddressBookEntry[]>("/api/user/addr/search", {}, []),
  ]);
  return { stock, takeouts, addresses };
}
export { MemberLoadError as ErrorBoundary };

/** 申請提貨 by HCT: the depot, the records and the wallet are read again afterwards. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  return api<TakeoutView>("/api/user/takeout/hct", { body: await request.json() });
}

/** /member/i_depot: goods held in the cloud depot, a pick-up by HCT, and the pick-up records. */
export default function MemberDepot({ loaderData }: Route.ComponentProps) {
  const { stock, takeouts, addresses } = loaderData;
  const alerts = useAlerts();
  const fetcher = useFetcher<typeof clientAction>();
  const [qty, setQty] = useState<Record<number, number>>({});
  const [addressId, setAddressId] = useState("");
  const busy = fetcher.state !== "idle";

  function pickUp(e: React.FormEvent) {
    e.preventDefault();
    const items = Object.entries(qty)
      .filter(([, n]) => n > 0)
      .map(([id, n]) => ({ variant_id: Number(id), qty: n }));
    void fetcher.submit({ items, address_id: addressId }, { method: "post", encType: "application/json" });
  }
  useActionResult(fetcher.data, async (r) => {
    if (!r.status) return alerts.error(r.message);
    setQty({});
    alerts.toast(r.data.fee > 0 ? `已送出提貨申請，運費 ${formatMoney(r.data.fee)} 已由錢包扣除` : "已送出提貨申請（免運費）");
  });

  return (
    <div className="space-y-5">
      <section className="card">
        <div className="mb-4 flex items-center justify-between">
          <h1 className="text-xl font-bold text-stone-800">雲端庫存</h1>
          <ShopLink to="/member/idepot_stock" className="text-sm text-tea-700 underline">
            庫存異動紀錄
          </ShopLink>
        </div>
        {stock.length === 0 ? (
          <p className="py-6 text-center text-stone-600">雲端庫存目前是空的。結帳時選擇「雲端庫存」，商品會存放在這裡。</p>
        ) : (
          <form onSubmit={pickUp} noValidate>
            <ul className="divide-y divide-stone-100" data-testid="depot-stock">
              {stock.map((s) => (
                <li key={s.variant_id} className="flex flex-wrap items-center gap-3 py-3">
                  <Img src={s.image} alt="" width={56} height={56} sizes="56px" className="h-14 w-14 rounded-lg object-cover" />
                  <div className="min-w-0 flex-1">
                    <p className="font-medium text-stone-800">{s.name}</p>
                    <p className="text-sm text-stone-500">
                      {s.variant_name}｜庫存 {s.qty} 件
                    </p>
                  </div>
                  <label className="text-sm text-stone-600">
                    提貨數量
                    <select
                      className="input ml-2 w-20"
                      aria-label={`${s.name} 提貨數量`}
                      value={qty[s.variant_id] ?? 0}
                      onChange={(e) => setQty((q) => ({ ...q, [s.variant_id]: Number(e.target.value) }))}
                    >
                      {Array.from({ length: Math.min(s.qty, 99) + 1 }, (_, n) => n).map((n) => (
                        <option key={n} value={n}>
                          {n}
                        </option>
                      ))}
                    </select>
                  </label>
                </li>
              ))}
            </ul>
            <div className="mt-4 flex flex-wrap items-end gap-3">
              <div className="min-w-64 flex-1">
                <label htmlFor="takeout-address" className="field-label">
                  收件地址（新竹物流宅配）
                </label>
                <select id="takeout-address" className="input" value={addressId} onChange={(e) => setAddressId(e.target.value)}>
                  <option value="">{addresses.length ? "請選擇收件地址" : "請先到「收件地址」新增地址"}</option>
                  {addresses.map((a) => (
                    <option key={a.id} value={a.id}>
                      {a.name}｜{a.zip} {a.county}
                      {a.district}
                      {a.line}
                    </option>
                  ))}
                </select>
              </div>
              <button
                type="submit"
                className="btn-primary"
                disabled={busy || !addressId || !Object.values(qty).some((n) => n > 0)}
              >
                申請提貨
              </button>
            </div>
            <p className="mt-2 text-sm text-stone-500">提貨商品金額未達宅配免運門檻時，運費由錢包扣除。</p>
          </form>
        )}
      </section>
      {takeouts.length > 0 && (
        <section className="card">
          <h2 className="mb-3 text-lg font-bold text-stone-800">提貨紀錄</h2>
          <ul className="divide-y divide-stone-100 text-sm" data-testid="takeouts">
            {takeouts.map((t) => (
              <li key={t.id} className="flex flex-wrap justify-between gap-2 py-2">
                <span>
                  {t.items.map((i) => `${i.name} × ${i.qty}`).join("、")}
                  <span className="block text-stone-500">
                    {formatDateTime(t.created_at)}｜{t.address}｜運費 {formatMoney(t.fee)}
                  </span>
                </span>
                <span>
                  {t.status_label}
                  {t.tracking_no ? `（${t.tracking_no}）` : ""}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
