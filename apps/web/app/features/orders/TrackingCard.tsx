import { useLingui } from "@lingui/react/macro";
import { formatDateTime } from "@shop/contract/format";
import type { TrackingView } from "@shop/contract/order";
import { useContentLang } from "../../i18n/runtime";
import { StatusBadge } from "./OrderDetail";
import { shipMethodText, trackingEventText } from "./order-labels";

/** A shipment's tracking: carrier, number and the timeline, newest first. */
export function TrackingCard({ tracking }: { tracking: TrackingView }) {
  const { t } = useLingui();
  const contentLang = useContentLang();
  const events = [...tracking.events].reverse();
  return (
    <section className="card mx-auto max-w-2xl">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-bold text-stone-800">{t`配送進度`}</h1>
        <StatusBadge status={tracking.status} label={tracking.status_label} />
      </div>
      <dl className="mt-3 grid grid-cols-[6rem_1fr] gap-y-1 text-stone-700">
        <dt className="text-stone-500">{t`訂單編號`}</dt>
        <dd>{tracking.order_no}</dd>
        <dt className="text-stone-500">{t`物流`}</dt>
        <dd>{shipMethodText(t, tracking.carrier)}</dd>
        <dt className="text-stone-500">{t`物流單號`}</dt>
        <dd>{tracking.tracking_no ?? t`尚未出貨`}</dd>
      </dl>
      {events.length === 0 ? (
        <p className="mt-5 text-stone-600">{t`商品尚未出貨，出貨後即可在此查看配送進度。`}</p>
      ) : (
        <ol className="mt-5 border-l-2 border-tea-100 pl-4" aria-label={t`配送歷程`}>
          {events.map((e, i) => {
            // Our own steps in the page's language; a carrier's words (and a store's name) as they came.
            const status = trackingEventText(t, e.status);
            return (
              <li key={`${e.at}${e.status}`} className="relative pb-4">
                <span
                  className={`absolute -left-[1.4rem] top-1.5 h-2.5 w-2.5 rounded-full ${i === 0 ? "bg-tea-700" : "bg-stone-300"}`}
                />
                <p
                  className={i === 0 ? "font-bold text-stone-800" : "text-stone-700"}
                  lang={status.ours ? undefined : contentLang}
                >
                  {status.text}
                </p>
                <p className="text-sm text-stone-500">
                  {formatDateTime(e.at)}
                  {e.location ? (
                    contentLang ? (
                      <>
                        ｜<span lang={contentLang}>{e.location}</span>
                      </>
                    ) : (
                      `｜${e.location}`
                    )
                  ) : (
                    ""
                  )}
                </p>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
