import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { formatDate, formatMoney } from "@shop/contract/format";
import type { PrizeKind, RaffleView, TicketView } from "@shop/contract/loyalty";
import { useFetcher } from "react-router";
import { MemberLoadError, memberRead, memberReadOr, useActionResult } from "../features/member/member-read";
import { Lang, memberTitle, TICKET_SOURCES, useServerText } from "../features/member/server-text";
import { type MessageDescriptor, useContentLang } from "../i18n/runtime";
import { api } from "../lib/api";
import { useAlerts } from "../ui/alerts";
import { ShopLink } from "../ui/ShopLink";
import type { Route } from "./+types/member.my-ticket";

export const meta: Route.MetaFunction = ({ location }) => [
  { title: memberTitle(location.pathname, msg`我的刮刮卡`) },
  { name: "robots", content: "noindex" },
];

const PRIZE_NOTE: Record<PrizeKind, MessageDescriptor> = {
  points: msg`點數已存入「我的點數」`,
  wallet: msg`購物金已存入「我的錢包」`,
  coupon: msg`優惠券已放入「優惠券」`,
  goods: msg`獎品已存入「雲端庫存」，可申請提貨`,
  nothing: msg`下次好運！`,
};
const PRIZE_LINK: Partial<Record<PrizeKind, string>> = {
  points: "/member/point",
  wallet: "/member/wallet",
  coupon: "/member/coupon",
  goods: "/member/i_depot",
};
const STATUS_LABEL: Record<TicketView["status"], MessageDescriptor> = {
  new: msg`未刮開`,
  scratched: msg`已刮開`,
  void: msg`已失效`,
};

export async function clientLoader() {
  const [tickets, raffles] = await Promise.all([
    memberRead<TicketView[]>("/api/user/ticket/search"),
    // The campaigns are a footnote: the cards still show if they cannot be read.
    memberReadOr<RaffleView[], RaffleView[]>("/api/raffle/search", { body: {} }, []),
  ]);
  return { tickets, raffles };
}
export { MemberLoadError as ErrorBoundary };

/** 刮開: the server draws the prize; the cards are read again afterwards. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData();
  return api<{ prize: { title: string; kind: PrizeKind } }>("/api/order/changeStratchCard", {
    body: { ticket_id: Number(form.get("ticket_id")) },
  });
}

/** /member/my_ticket: the member's scratch cards; scratching one asks the server for the prize. */
export default function MyTickets({ loaderData }: Route.ComponentProps) {
  const { tickets, raffles } = loaderData;
  const fresh = tickets.filter((x) => x.status === "new").length;
  const { t } = useLingui();
  const show = useServerText();
  const contentLang = useContentLang();
  return (
    <div className="grid gap-4">
      <section className="card">
        <h1 className="text-xl font-bold text-stone-800">{t`我的刮刮卡`}</h1>
        <p className="mt-1 text-sm text-stone-600">{t`尚有 ${fresh} 張未刮開`}</p>
        {tickets.length === 0 && (
          <p className="py-6 text-center text-stone-600">{t`目前沒有刮刮卡。參加下方活動的訂單完成後即可獲得。`}</p>
        )}
        {tickets.length > 0 && (
          <ul className="mt-4 grid gap-4 sm:grid-cols-2">
            {tickets.map((ticket) => {
              const id = ticket.id;
              const source = show(TICKET_SOURCES, ticket.source_label);
              return (
                <li key={id} className="rounded-xl border border-stone-200 p-3" aria-label={t`刮刮卡 ${id}`}>
                  <div className="flex items-baseline justify-between gap-2 text-sm">
                    <span className="font-medium text-stone-800" lang={contentLang}>
                      {ticket.raffle_title}
                    </span>
                    <span className={ticket.status === "new" ? "text-tea-700" : "text-stone-500"}>
                      {t(STATUS_LABEL[ticket.status])}
                    </span>
                  </div>
                  <p className="text-xs text-stone-500">
                    <Lang {...source} />｜{formatDate(ticket.created_at)}
                  </p>
                  <ScratchCard ticket={ticket} />
                </li>
              );
            })}
          </ul>
        )}
      </section>
      {raffles.map((r) => {
        const starts = formatDate(r.starts_at);
        const ends = formatDate(r.ends_at);
        const minimum = formatMoney(r.min_order_amount);
        const cards = r.cards_per_order;
        return (
          <section key={r.id} className="card">
            <h2 className="text-lg font-bold text-stone-800" lang={contentLang}>
              {r.title}
            </h2>
            <p className="mt-1 text-sm text-stone-600" lang={contentLang}>
              {r.description}
            </p>
            <p className="mt-1 text-sm text-stone-500">{t`活動期間 ${starts} – ${ends}｜單筆滿 ${minimum} 送 ${cards} 張`}</p>
            <ul className="mt-3 flex flex-wrap gap-2">
              {r.prizes.map((p) => (
                <li
                  key={p.id}
                  className={`rounded-full px-3 py-1 text-sm ${p.in_stock ? "bg-amber-50 text-amber-900" : "bg-stone-100 text-stone-400 line-through"}`}
                >
                  <Lang text={p.title} lang={contentLang} />
                  {!p.in_stock && t`（已送完）`}
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

function ScratchCard({ ticket }: { ticket: TicketView }) {
  const { t } = useLingui();
  const contentLang = useContentLang();
  const alerts = useAlerts();
  const fetcher = useFetcher<typeof clientAction>();
  const busy = fetcher.state !== "idle";
  // The card just scratched shows its foil wiping away before the prize settles in.
  const justRevealed = fetcher.data?.status === true;
  useActionResult(fetcher.data, (r) => {
    if (!r.status) void alerts.error(r.message);
  });
  // Until the cards are read again, the prize comes from the answer.
  const prize = ticket.prize ?? (fetcher.data?.status ? fetcher.data.data.prize : null);
  const link = prize ? PRIZE_LINK[prize.kind] : undefined;
  const prizeTitle = prize?.title ?? "";
  return (
    <div className="relative mt-3 h-28 overflow-hidden rounded-lg bg-gradient-to-br from-amber-50 to-amber-100">
      <div className="flex h-full flex-col items-center justify-center px-3 text-center">
        {prize ? (
          <>
            <p
              className={`text-lg font-bold ${prize.kind === "nothing" ? "text-stone-500" : "text-amber-800"}`}
              lang={prize.kind === "nothing" ? contentLang : undefined}
            >
              {prize.kind === "nothing" ? prize.title : t`恭喜獲得 ${prizeTitle}`}
            </p>
            <p className="text-xs text-stone-600">
              {link ? (
                <ShopLink to={link} className="underline">
                  {t(PRIZE_NOTE[prize.kind])}
                </ShopLink>
              ) : (
                t(PRIZE_NOTE[prize.kind])
              )}
            </p>
          </>
        ) : ticket.status === "void" ? (
          <p className="text-stone-500">{t`訂單已退貨，此卡失效`}</p>
        ) : null}
      </div>
      {(ticket.status === "new" || justRevealed) && (
        <fetcher.Form method="post" className="absolute inset-0">
          <input type="hidden" name="ticket_id" value={ticket.id} />
          <button
            type="submit"
            disabled={busy || justRevealed || ticket.status !== "new"}
            className={`scratch-foil flex h-full w-full items-center justify-center text-lg font-bold tracking-widest text-stone-600 ${justRevealed ? "scratch-foil--gone" : ""}`}
          >
            {busy ? t`刮開中…` : justRevealed || ticket.status !== "new" ? "" : t`刮開`}
          </button>
        </fetcher.Form>
      )}
    </div>
  );
}
