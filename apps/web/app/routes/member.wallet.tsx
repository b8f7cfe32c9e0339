import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { WithdrawalRules, WithdrawalView } from "@shop/contract/bank";
import { formatDateTime, formatMoney } from "@shop/contract/format";
import type { WalletHome } from "@shop/contract/loyalty";
import { useState } from "react";
import { useFetcher } from "react-router";
import { openBankModal } from "../features/bank/BankGate";
import { LedgerList } from "../features/member/LedgerList";
import { MemberLoadError, memberRead, memberReadOr, useActionResult } from "../features/member/member-read";
import { Lang, memberTitle, STATUSES, useServerText, useTextLang } from "../features/member/server-text";
import { useContentLang } from "../i18n/runtime";
import { api } from "../lib/api";
import { useAlerts } from "../ui/alerts";
import { Field } from "../ui/Field";
import { Pagination } from "../ui/Pagination";
import type { Route } from "./+types/member.wallet";

export const meta: Route.MetaFunction = ({ location }) => [
  { title: memberTitle(location.pathname, msg`我的錢包`) },
  { name: "robots", content: "noindex" },
];

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const page = Math.max(1, Number(new URL(request.url).searchParams.get("page")) || 1);
  const [home, requests] = await Promise.all([
    memberRead<WalletHome>("/api/user/wallet/home", { query: { page, per_page: 20 } }),
    // The requests are secondary: the balance and the ledger still show without them.
    memberReadOr<{ rules: WithdrawalRules; list: WithdrawalView[] }, null>("/api/user/wallet/withdrawals", {}, null),
  ]);
  return { page, home, requests };
}
export { MemberLoadError as ErrorBoundary };

/** 申請提領: the server holds the amount; the balance and requests are read again afterwards. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData();
  return api<WithdrawalView>("/api/user/wallet/apply", { body: { amount: String(form.get("amount") ?? "").trim() } });
}

/** /member/wallet: the balance, a withdrawal to the payout bank account, its requests and the ledger. */
export default function MemberWallet({ loaderData }: Route.ComponentProps) {
  const { page, home, requests } = loaderData;
  const alerts = useAlerts();
  const fetcher = useFetcher<typeof clientAction>();
  const [amount, setAmount] = useState("");
  const { t } = useLingui();
  const show = useServerText();
  const contentLang = useContentLang();
  const langOf = useTextLang();
  useActionResult(fetcher.data, async (r) => {
    if (!r.status) {
      await alerts.error(r.message);
      if ((r.data as { need_bank?: boolean } | null)?.need_bank) openBankModal();
      return;
    }
    setAmount("");
    const net = formatMoney(r.data.net);
    alerts.toast(t`已送出提領申請，實際入帳 ${net}`);
  });

  const rules = requests?.rules;
  const minimum = formatMoney(rules?.minimum ?? 0);
  const fee = formatMoney(rules?.fee ?? 0);
  return (
    <div className="space-y-5">
      <section className="card">
        <h1 className="text-xl font-bold text-stone-800">{t`我的錢包`}</h1>
        <p className="mt-3 text-stone-600">
          {t`錢包餘額`}{" "}
          <strong className="text-3xl text-tea-800" data-testid="wallet-balance">
            {formatMoney(home.balance)}
          </strong>
        </p>
        <fetcher.Form method="post" noValidate className="mt-4 flex flex-wrap items-end gap-3">
          <Field
            id="withdraw-amount"
            label={t`提領金額`}
            name="amount"
            className="input w-40"
            inputMode="numeric"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
          <button type="submit" className="btn-primary" disabled={fetcher.state !== "idle" || !amount}>
            {t`申請提領`}
          </button>
        </fetcher.Form>
        {rules && (
          <p className="mt-2 text-sm text-stone-500">
            {t`最低提領 ${minimum}，每筆手續費 ${fee}；申請後金額先行保留，匯款或退回後更新。`}
            {!rules.has_bank && t`尚未設定收款銀行帳號，申請時將請您先填寫。`}
          </p>
        )}
      </section>

      {requests && requests.list.length > 0 && (
        <section className="card">
          <h2 className="mb-3 text-lg font-bold text-stone-800">{t`提領申請`}</h2>
          <ul className="divide-y divide-stone-100" data-testid="withdrawals">
            {requests.list.map((w) => {
              const requested = formatMoney(w.amount);
              const charge = formatMoney(w.fee);
              const net = formatMoney(w.net);
              const status = show(STATUSES, w.status_label);
              return (
                <li key={w.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                  <div>
                    <p className="text-stone-800">{t`${requested}（手續費 ${charge}，入帳 ${net}）`}</p>
                    <p className="text-sm text-stone-500">
                      {formatDateTime(w.created_at)}｜<Lang text={w.bank} lang={contentLang} />
                      {w.note ? "｜" : ""}
                      <Lang text={w.note || undefined} lang={langOf(w.note)} />
                    </p>
                  </div>
                  <span className="rounded-full bg-stone-100 px-2.5 py-0.5 text-sm" lang={status.lang}>
                    {status.text}
                  </span>
                </li>
              );
            })}
          </ul>
        </section>
      )}

      <section className="card">
        <h2 className="mb-3 text-lg font-bold text-stone-800">{t`錢包明細`}</h2>
        <LedgerList list={home.list} unit={formatMoney} />
        <Pagination page={page} total={home.total} perPage={home.per_page} path="/member/wallet" query={{}} />
      </section>
    </div>
  );
}
