import type { BankOption, BranchOption } from "@shop/contract/bank";
import { bankAccountInput } from "@shop/contract/bank";
import { useEffect, useMemo, useRef, useState } from "react";
import { api, fieldErrors } from "../../lib/api";
import { useAlerts } from "../../ui/alerts";
import { Field } from "../../ui/Field";

interface Props {
  /** Saved: the modal closes and the visitor stays on their page. */
  onSaved(): void;
  /** Refused: the caller asks isBank again. */
  onFailed(): void;
  /** ✕ or Esc: put off for now (asked again at the next start, and before a withdrawal). */
  onDismiss(): void;
}

/**
 * The payout bank account modal (specification §3): static backdrop, holder name, bank, branch,
 * account number, 送出. Banks and branches come from the official reference data; a branch list
 * can hold hundreds of entries, so a search box filters it and a typed code picks its branch.
 */
export default function BankModal({ onSaved, onFailed, onDismiss }: Props) {
  const alerts = useAlerts();
  const dialog = useRef<HTMLDialogElement>(null);
  const [banks, setBanks] = useState<BankOption[]>([]);
  const [branches, setBranches] = useState<BranchOption[]>([]);
  const [holder, setHolder] = useState("");
  const [bankCode, setBankCode] = useState("");
  const [bankName, setBankName] = useState("");
  const [branchCode, setBranchCode] = useState("");
  const [branchName, setBranchName] = useState("");
  const [search, setSearch] = useState("");
  const [account, setAccount] = useState("");
  // The code to the member's own phone: a session alone cannot set where money goes (decision 77).
  const [captcha, setCaptcha] = useState("");
  const [codeSaid, setCodeSaid] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);

  useEffect(() => {
    dialog.current?.showModal();
    void api<BankOption[]>("/api/reference/banks").then((r) => r.status && setBanks(r.data));
  }, []);

  // Choosing a bank sets its name, clears the branch and loads that bank's branches.
  function chooseBank(code: string) {
    setBankCode(code);
    setBankName(banks.find((b) => b.bankCode === code)?.bankName ?? "");
    setBranchCode("");
    setBranchName("");
    setSearch("");
    setBranches([]);
    if (code)
      void api<BranchOption[]>("/api/reference/branches", { query: { bank_code: code } }).then(
        (r) => r.status && setBranches(r.data),
      );
  }

  function chooseBranch(code: string) {
    const found = branches.find((b) => b.branchCode === code);
    setBranchCode(code);
    setBranchName(found?.branchName ?? "");
  }

  // Typing a code that matches a branch of the bank fills its name — also when the code was typed
  // before the bank's branches arrived (a slow phone network).
  useEffect(() => {
    const exact = branches.find((b) => b.branchCode === search.trim().toUpperCase());
    if (exact && exact.branchCode !== branchCode) {
      setBranchCode(exact.branchCode);
      setBranchName(exact.branchName);
    }
  }, [branches, search, branchCode]);

  const shown = useMemo(() => {
    const q = search.trim().toUpperCase();
    if (!q) return branches;
    return branches.filter((b) => b.branchCode.includes(q) || b.branchName.includes(search.trim()));
  }, [branches, search]);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const body = {
      bank_user_name: holder,
      bank_name: bankName,
      bank_code: bankCode,
      bank_branch: branchName,
      branch_code: branchCode,
      bank_account: account,
      captcha,
    };
    const checked = bankAccountInput.safeParse(body);
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const i of checked.error.issues) found[String(i.path[0])] ??= i.message;
      return setErrors(found);
    }
    setErrors({});
    setPending(true);
    const r = await api("/api/supmall/updateBank", { body: checked.data });
    setPending(false);
    if (r.status) {
      dialog.current?.close();
      await alerts.success(r.message);
      return onSaved();
    }
    setErrors(fieldErrors(r));
    await alerts.error(r.message, { autoCloseMs: 2000 });
    onFailed();
  }

  async function sendCode() {
    const r = await api("/api/user/payout/code", { body: {} });
    if (r.status) setCodeSaid(r.message);
    else setErrors((e) => ({ ...e, captcha: r.message }));
  }

  // The selects' messages, tied to them as ui/Field ties an input's.
  const err = (k: string) =>
    errors[k] ? (
      <p id={`bank-${k}-error`} className="field-error" role="alert">
        {errors[k]}
      </p>
    ) : null;
  const invalid = (k: string) => (errors[k] ? { "aria-invalid": true as const, "aria-describedby": `bank-${k}-error` } : {});

  return (
    <dialog
      ref={dialog}
      aria-labelledby="bank-modal-title"
      className="m-auto w-[min(94vw,30rem)] rounded-2xl p-0 shadow-xl backdrop:bg-black/50"
      // Static backdrop (a click outside does nothing); Esc and ✕ put it off until the next start.
      onCancel={(e) => {
        e.preventDefault();
        dialog.current?.close();
        onDismiss();
      }}
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-3 p-6">
        <div className="flex items-start justify-between gap-3">
          <h2 id="bank-modal-title" className="text-lg font-bold text-stone-800">
            請輸入您的收款銀行帳號
          </h2>
          <button
            type="button"
            aria-label="關閉"
            className="-m-2 rounded-full p-2 text-2xl leading-none text-stone-500 hover:text-stone-800"
            onClick={() => {
              dialog.current?.close();
              onDismiss();
            }}
          >
            ×
          </button>
        </div>
        <Field
          id="bank-holder"
          label="戶名"
          value={holder}
          onChange={(e) => setHolder(e.target.value)}
          error={errors.bank_user_name}
        />
        <div>
          <label htmlFor="bank-code" className="field-label">
            銀行
          </label>
          <select
            id="bank-code"
            className="input"
            value={bankCode}
            onChange={(e) => chooseBank(e.target.value)}
            {...invalid("bank_code")}
          >
            <option value="">請選擇銀行</option>
            {banks.map((b) => (
              <option key={b.bankCode} value={b.bankCode}>
                {b.totalName}
              </option>
            ))}
          </select>
          {err("bank_code")}
        </div>
        <div>
          <Field
            id="branch-search"
            label="分行代碼或名稱搜尋"
            value={search}
            disabled={!bankCode}
            placeholder={bankCode ? "例如 0037 或 營業部" : "請先選擇銀行"}
            onChange={(e) => setSearch(e.target.value)}
          />
          <label htmlFor="branch-code" className="field-label mt-2">
            分行
          </label>
          <select
            id="branch-code"
            className="input"
            value={branchCode}
            disabled={!bankCode}
            onChange={(e) => chooseBranch(e.target.value)}
            {...invalid("branch_code")}
          >
            <option value="">{bankCode ? `請選擇分行（${shown.length} 筆）` : "請先選擇銀行"}</option>
            {shown.map((b) => (
              <option key={b.branchCode} value={b.branchCode}>
                {b.totalName}
              </option>
            ))}
          </select>
          {branchName && (
            <p className="mt-1 text-sm text-tea-800" data-testid="branch-name">
              {bankName} {branchName}
            </p>
          )}
          {err("branch_code")}
        </div>
        <Field
          id="bank-account"
          label="帳號"
          inputMode="numeric"
          autoComplete="off"
          value={account}
          onChange={(e) => setAccount(e.target.value.replace(/\s/g, ""))}
          error={errors.bank_account}
        />
        <div className="flex items-end gap-2">
          <div className="flex-1">
            <Field
              id="bank-captcha"
              label="簡訊驗證碼"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={captcha}
              onChange={(e) => setCaptcha(e.target.value.replace(/\D/g, "").slice(0, 6))}
              error={errors.captcha}
            />
          </div>
          <button type="button" className="btn-secondary mb-1 min-h-11 shrink-0" onClick={() => void sendCode()}>
            傳送驗證碼
          </button>
        </div>
        <p role="status" className="text-sm text-stone-600">
          {codeSaid || "為保護您的資金，設定收款帳戶需輸入傳送到您手機的驗證碼；變更後 72 小時內無法提領。"}
        </p>
        <button type="submit" className="btn-primary mt-2" disabled={pending}>
          {pending ? "送出中…" : "送出"}
        </button>
      </form>
    </dialog>
  );
}
