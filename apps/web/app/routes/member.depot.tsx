import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { formatDateTime, formatMoney } from "@shop/contract/format";
import type { DepotStockView, TakeoutView } from "@shop/contract/loyalty";
import type { AddressBookEntry } from "@shop/contract/order";
import { useState } from "react";
import { useFetcher } from "react-router";
import { MemberLoadError, memberRead, memberReadOr, useActionResult } from "../features/member/member-read";
import { Lang, memberTitle, STATUSES, useServerText } from "../features/member/server-text";
import { useContentLang } from "../i18n/runtime";
import { api } from "../lib/api";
import { useAlerts } from "../ui/alerts";
import { Img } from "../ui/Img";
import { ShopLink } from "../ui/ShopLink";
import type { Route } from "./+types/member.depot";

export const meta: Route.MetaFunction = ({ location }) => [
  { title: memberTitle(location.pathname, msg`雲端庫存`) },
  { name: "robots", content: "noindex" },
];

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
  const { t } = useLingui();
  const show = useServerText();
  const contentLang = useContentLang();

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
    const fee = formatMoney(r.data.fee);
    alerts.toast(r.data.fee > 0 ? t`已送出提貨申請，運費 ${fee} 已由錢包扣除` : t`已送出提貨申請（免運費）`);
  });

  return (
    <div className="space-y-5">
      <section className="card">
        <div className="mb-4 flex items-center justify-between">
          <h1 className="text-xl font-bold text-stone-800">{t`雲端庫存`}</h1>
          <ShopLink to="/member/idepot_stock" className="text-sm text-tea-700 underline">
            {t`庫存異動紀錄`}
          </ShopLink>
        </div>
        {stock.length === 0 ? (
          <p className="py-6 text-center text-stone-600">{t`雲端庫存目前是空的。結帳時選擇「雲端庫存」，商品會存放在這裡。`}</p>
        ) : (
          <form onSubmit={pickUp} noValidate>
            <ul className="divide-y divide-stone-100" data-testid="depot-stock">
              {stock.map((s) => {
                const name = s.name;
                const units = s.qty;
                return (
                  <li key={s.variant_id} className="flex flex-wrap items-center gap-3 py-3">
                    <Img src={s.image} alt="" width={56} height={56} sizes="56px" className="h-14 w-14 rounded-lg object-cover" />
                    <div className="min-w-0 flex-1">
                      <p className="font-medium text-stone-800" lang={contentLang}>
                        {s.name}
                      </p>
                      <p className="text-sm text-stone-500">
                        <Lang text={s.variant_name} lang={contentLang} />
                        {t`｜庫存 ${units} 件`}
                      </p>
                    </div>
                    <label className="text-sm text-stone-600">
                      {t`提貨數量`}
                      <select
                        className="input ml-2 w-20"
                        aria-label={t`${name} 提貨數量`}
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
                );
              })}
            </ul>
            <div className="mt-4 flex flex-wrap items-end gap-3">
              <div className="min-w-64 flex-1">
                <label htmlFor="takeout-address" className="field-label">
                  {t`收件地址（新竹物流宅配）`}
                </label>
                <select id="takeout-address" className="input" value={addressId} onChange={(e) => setAddressId(e.target.value)}>
                  <option value="">{addresses.length ? t`請選擇收件地址` : t`請先到「收件地址」新增地址`}</option>
                  {addresses.map((a) => (
                    <option key={a.id} value={a.id} lang={contentLang}>
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
                {t`申請提貨`}
              </button>
            </div>
            <p className="mt-2 text-sm text-stone-500">{t`提貨商品金額未達宅配免運門檻時，運費由錢包扣除。`}</p>
          </form>
        )}
      </section>
      {takeouts.length > 0 && (
        <section className="card">
          <h2 className="mb-3 text-lg font-bold text-stone-800">{t`提貨紀錄`}</h2>
          <ul className="divide-y divide-stone-100 text-sm" data-testid="takeouts">
            {takeouts.map((takeout) => {
              const fee = formatMoney(takeout.fee);
              const status = show(STATUSES, takeout.status_label);
              const trackingNo = takeout.tracking_no;
              return (
                <li key={takeout.id} className="flex flex-wrap justify-between gap-2 py-2">
                  <span>
                    <Lang text={takeout.items.map((i) => `${i.name} × ${i.qty}`).join(t`、`)} lang={contentLang} />
                    <span className="block text-stone-500">
                      {formatDateTime(takeout.created_at)}｜<Lang text={takeout.address} lang={contentLang} />
                      {t`｜運費 ${fee}`}
                    </span>
                  </span>
                  <span>
                    <Lang {...status} />
                    {trackingNo ? t`（${trackingNo}）` : ""}
                  </span>
                </li>
              );
            })}
          </ul>
        </section>
      )}
    </div>
  );
}
