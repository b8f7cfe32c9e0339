import type { WithdrawalRules, WithdrawalView } from "@shop/contract/bank";
import { formatDateTime, formatMoney } from "@shop/contract/format";
import type { WalletHome } from "@shop/contract/loyalty";
import { useCallback, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { openBankModal } from "../features/bank/BankGate";
import { LedgerList } from "../features/member/LedgerList";
import { api } from "../lib/api";
import { useAlerts } from "../ui/alerts";
import { Pagination } from "../ui/Pagination";
import type { Route } from "./+types/member.wallet";

export const meta: Route.MetaFunction = () => [{ title: "我的錢包｜茶山好物" }, { name: "robots", content: "noindex" }];

/** /member/wallet: the balance, a withdrawal to the payout bank account, its requests and the ledger. */
export default function MemberWallet() {
  const alerts = useAlerts();
  const [params] = useSearchParams();
  const page = Math.max(1, Number(params.get("page")) || 1);
  const [home, setHome] = useState<WalletHome | null>(null);
  const [requests, setRequests] = useState<{ rules: WithdrawalRules; list: WithdrawalView[] } | null>(null);
  const [amount, setAmount] = useState("");
  const [pending, setPending] = useState(false);

  const load = useCallback(async () => {
    const [h, w] = await Promise.all([
      api<WalletHome>("/api/user/wallet/home", { query: { page, per_page: 20 } }),
      api<{ rules: WithdrawalRules; list: WithdrawalView[] }>("/api/user/wallet/withdrawals"),
    ]);
    if (h.status) setHome(h.data);
    if (w.status) setRequests(w.data);
  }, [page]);
  useEffect(() => {
    void load();
  }, [load]);

  async function withdraw(e: React.FormEvent) {
    e.preventDefault();
    setPending(true);
    const r = await api<WithdrawalView>("/api/user/wallet/apply", { body: { amount: amount.trim() } });
    setPending(false);
    if (!r.status) {
      await alerts.error(r.message);
      if ((r.data as { need_bank?: boolean } | null)?.need_bank) openBankModal();
      return;
    }
    setAmount("");
    await load();
    await alerts.success(`已送出提領申請，實際入帳 ${formatMoney(r.data.net)}`);
  }

  const rules = requests?.rules;
  return (
    <div className="space-y-5">
      <section className="card">
        <h1 className="text-xl font-bold text-stone-800">我的錢包</h1>
        <p className="mt-3 text-stone-600">
          錢包餘額{" "}
          <strong className="text-3xl text-tea-800" data-testid="wallet-balance">
            {home ? formatMoney(home.balance) : "—"}
          </strong>
        </p>
        <form onSubmit={withdraw} noValidate className="mt-4 flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor="withdraw-amount" className="field-label">
              提領金額
            </label>
            <input
              id="withdraw-amount"
              className="input w-40"
              inputMode="numeric"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
            />
          </div>
          <button type="submit" className="btn-primary" disabled={pending || !amount}>
            申請提領
          </button>
        </form>
        {rules && (
          <p className="mt-2 text-sm text-stone-500">
            最低提領 {formatMoney(rules.minimum)}，每筆手續費 {formatMoney(rules.fee)}；申請後金額先行保留，匯款或退回後更新。
            {!rules.has_bank && "尚未設定收款銀行帳號，申請時將請您先填寫。"}
          </p>
        )}
      </section>

      {requests && requests.list.length > 0 && (
        <section className="card">
          <h2 className="mb-3 text-lg font-bold text-stone-800">提領申請</h2>
          <ul className="divide-y divide-stone-100" data-testid="withdrawals">
            {requests.list.map((w) => (
              <li key={w.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <div>
                  <p className="text-stone-800">
                    {formatMoney(w.amount)}（手續費 {formatMoney(w.fee)}，入帳 {formatMoney(w.net)}）
                  </p>
                  <p className="text-sm text-stone-500">
                    {formatDateTime(w.created_at)}｜{w.bank}
                    {w.note ? `｜${w.note}` : ""}
                  </p>
                </div>
                <span className="rounded-full bg-stone-100 px-2.5 py-0.5 text-sm">{w.status_label}</span>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section className="card">
        <h2 className="mb-3 text-lg font-bold text-stone-800">錢包明細</h2>
        {home ? <LedgerList list={home.list} unit={formatMoney} /> : <p role="status">載入中…</p>}
        {home && <Pagination page={page} total={home.total} perPage={home.per_page} path="/member/wallet" query={{}} />}
      </section>
    </div>
  );
}
