import { formatDate, formatMoney } from "@shop/contract/format";
import type { PrizeKind, RaffleView, TicketView } from "@shop/contract/loyalty";
import { useFetcher } from "react-router";
import { MemberLoadError, memberRead, memberReadOr, useActionResult } from "../features/member/member-read";
import { api } from "../lib/api";
import { useAlerts } from "../ui/alerts";
import { ShopLink } from "../ui/ShopLink";
import type { Route } from "./+types/member.my-ticket";

export const meta: Route.MetaFunction = () => [{ title: "我的刮刮卡｜茶山好物" }, { name: "robots", content: "noindex" }];

const PRIZE_NOTE: Record<PrizeKind, string> = {
  points: "點數已存入「我的點數」",
  wallet: "購物金已存入「我的錢包」",
  coupon: "優惠券已放入「優惠券」",
  goods: "獎品已存入「雲端庫存」，可申請提貨",
  nothing: "下次好運！",
};
const PRIZE_LINK: Partial<Record<PrizeKind, string>> = {
  points: "/member/point",
  wallet: "/member/wallet",
  coupon: "/member/coupon",
  goods: "/member/i_depot",
};
const STATUS_LABEL: Record<TicketView["status"], string> = { new: "未刮開", scratched: "已刮開", void: "已失效" };

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
  return (
    <div className="grid gap-4">
      <section className="card">
        <h1 className="text-xl font-bold text-stone-800">我的刮刮卡</h1>
        <p className="mt-1 text-sm text-stone-600">{`尚有 ${fresh} 張未刮開`}</p>
        {tickets.length === 0 && (
          <p className="py-6 text-center text-stone-600">目前沒有刮刮卡。參加下方活動的訂單完成後即可獲得。</p>
        )}
        {tickets.length > 0 && (
          <ul className="mt-4 grid gap-4 sm:grid-cols-2">
            {tickets.map((t) => (
              <li key={t.id} className="rounded-xl border border-stone-200 p-3" aria-label={`刮刮卡 ${t.id}`}>
                <div className="flex items-baseline justify-between gap-2 text-sm">
                  <span className="font-medium text-stone-800">{t.raffle_title}</span>
                  <span className={t.status === "new" ? "text-tea-700" : "text-stone-500"}>{STATUS_LABEL[t.status]}</span>
                </div>
                <p className="text-xs text-stone-500">
                  {t.source_label}｜{formatDate(t.created_at)}
                </p>
                <ScratchCard ticket={t} />
              </li>
            ))}
          </ul>
        )}
      </section>
      {raffles.map((r) => (
        <section key={r.id} className="card">
          <h2 className="text-lg font-bold text-stone-800">{r.title}</h2>
          <p className="mt-1 text-sm text-stone-600">{r.description}</p>
          <p className="mt-1 text-sm text-stone-500">
            活動期間 {formatDate(r.starts_at)} – {formatDate(r.ends_at)}｜單筆滿 {formatMoney(r.min_order_amount)} 送{" "}
            {r.cards_per_order} 張
          </p>
          <ul className="mt-3 flex flex-wrap gap-2">
            {r.prizes.map((p) => (
              <li
                key={p.id}
                className={`rounded-full px-3 py-1 text-sm ${p.in_stock ? "bg-amber-50 text-amber-900" : "bg-stone-100 text-stone-400 line-through"}`}
              >
                {p.title}
                {!p.in_stock && "（已送完）"}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function ScratchCard({ ticket }: { ticket: TicketView }) {
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
  return (
    <div className="relative mt-3 h-28 overflow-hidden rounded-lg bg-gradient-to-br from-amber-50 to-amber-100">
      <div className="flex h-full flex-col items-center justify-center px-3 text-center">
        {prize ? (
          <>
            <p className={`text-lg font-bold ${prize.kind === "nothing" ? "text-stone-500" : "text-amber-800"}`}>
              {prize.kind === "nothing" ? prize.title : `恭喜獲得 ${prize.title}`}
            </p>
            <p className="text-xs text-stone-600">
              {link ? (
                <ShopLink to={link} className="underline">
                  {PRIZE_NOTE[prize.kind]}
                </ShopLink>
              ) : (
                PRIZE_NOTE[prize.kind]
              )}
            </p>
          </>
        ) : ticket.status === "void" ? (
          <p className="text-stone-500">訂單已退貨，此卡失效</p>
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
            {busy ? "刮開中…" : justRevealed || ticket.status !== "new" ? "" : "刮開"}
          </button>
        </fetcher.Form>
      )}
    </div>
  );
}
