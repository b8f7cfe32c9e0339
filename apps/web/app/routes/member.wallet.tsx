import { formatMoney } from "@shop/contract/format";
import type { WalletHome } from "@shop/contract/loyalty";
import { useSearchParams } from "react-router";
import { LedgerList } from "../features/member/LedgerList";
import { useMemberData } from "../features/member/useMemberData";
import { Pagination } from "../ui/Pagination";
import type { Route } from "./+types/member.wallet";

export const meta: Route.MetaFunction = () => [{ title: "我的錢包｜茶山好物" }, { name: "robots", content: "noindex" }];

/** /member/wallet: the balance and the ledger. Withdrawals are not built yet and the page says so. */
export default function MemberWallet() {
  const [params] = useSearchParams();
  const page = Math.max(1, Number(params.get("page")) || 1);
  const { data, error } = useMemberData<WalletHome>("/api/user/wallet/home", { page, per_page: 20 });
  return (
    <section className="card">
      <h1 className="text-xl font-bold text-stone-800">我的錢包</h1>
      {error && <p className="text-red-700">{error}</p>}
      <p className="mt-3 text-stone-600">
        錢包餘額{" "}
        <strong className="text-3xl text-tea-800" data-testid="wallet-balance">
          {data ? formatMoney(data.balance) : "—"}
        </strong>
      </p>
      <p className="mt-2 text-sm text-stone-500">結帳時可用錢包折抵。提領至銀行帳戶的功能尚未開放。</p>
      <div className="mt-4">{data ? <LedgerList list={data.list} unit={formatMoney} /> : <p role="status">載入中…</p>}</div>
      {data && <Pagination page={page} total={data.total} perPage={data.per_page} path="/member/wallet" query={{}} />}
    </section>
  );
}
