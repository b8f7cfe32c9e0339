import { useLingui } from "@lingui/react/macro";
import type { BankOption } from "@shop/contract/bank";
import { bankAccountInput } from "@shop/contract/bank";
import { useEffect, useRef, useState } from "react";
import { api, fieldErrors } from "../../lib/api";
import { useAlerts } from "../../ui/alerts";
import { Field } from "../../ui/Field";
import { BankSelect, BranchPicker, useBankChoice } from "./BankChoice";

interface Props {
  /** The banks of the official reference data, read as the modal was asked for. */
  banks: BankOption[];
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
export default function BankModal({ banks, onSaved, onFailed, onDismiss }: Props) {
  const { t } = useLingui();
  const alerts = useAlerts();
  const dialog = useRef<HTMLDialogElement>(null);
  const choice = useBankChoice(banks);
  const [holder, setHolder] = useState("");
  const [account, setAccount] = useState("");
  // The code to the member's own phone: a session alone cannot set where money goes (decision 77).
  const [captcha, setCaptcha] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);

  // The <dialog> element opens as a modal through its DOM method only.
  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  const dismiss = () => {
    dialog.current?.close();
    onDismiss();
  };

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const body = {
      bank_user_name: holder,
      bank_name: choice.bankName,
      bank_code: choice.bankCode,
      bank_branch: choice.branchName,
      branch_code: choice.branchCode,
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
      alerts.toast(r.message);
      return onSaved();
    }
    setErrors(fieldErrors(r));
    await alerts.error(r.message, { autoCloseMs: 2000 });
    onFailed();
  }

  return (
    <dialog
      ref={dialog}
      aria-labelledby="bank-modal-title"
      className="m-auto w-[min(94vw,30rem)] rounded-2xl p-0 shadow-xl backdrop:bg-black/50"
      // Static backdrop (a click outside does nothing); Esc and ✕ put it off until the next start.
      onCancel={(e) => {
        e.preventDefault();
        dismiss();
      }}
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-3 p-6">
        <div className="flex items-start justify-between gap-3">
          <h2 id="bank-modal-title" className="text-lg font-bold text-stone-800">
            {t`請輸入您的收款銀行帳號`}
          </h2>
          <button
            type="button"
            aria-label={t`關閉`}
            className="-m-2 rounded-full p-2 text-2xl leading-none text-stone-500 hover:text-stone-800"
            onClick={dismiss}
          >
            ×
          </button>
        </div>
        <Field
          id="bank-holder"
          label={t`戶名`}
          value={holder}
          onChange={(e) => setHolder(e.target.value)}
          error={errors.bank_user_name}
        />
        <BankSelect banks={banks} choice={choice} errors={errors} />
        <BranchPicker choice={choice} errors={errors} />
        <Field
          id="bank-account"
          label={t`帳號`}
          inputMode="numeric"
          autoComplete="off"
          value={account}
          onChange={(e) => setAccount(e.target.value.replace(/\s/g, ""))}
          error={errors.bank_account}
        />
        <PayoutCode
          captcha={captcha}
          setCaptcha={setCaptcha}
          error={errors.captcha}
          onRefused={(message) => setErrors((e) => ({ ...e, captcha: message }))}
        />
        <button type="submit" className="btn-primary mt-2" disabled={pending}>
          {pending ? t`送出中…` : t`送出`}
        </button>
      </form>
    </dialog>
  );
}

interface PayoutCodeProps {
  captcha: string;
  setCaptcha(value: string): void;
  error: string | undefined;
  onRefused(message: string): void;
}

/** 簡訊驗證碼 and 傳送驗證碼: the code texted to the member's own phone, and what was said about it. */
function PayoutCode({ captcha, setCaptcha, error, onRefused }: PayoutCodeProps) {
  const { t } = useLingui();
  const [codeSaid, setCodeSaid] = useState("");

  async function sendCode() {
    const r = await api("/api/user/payout/code", { body: {} });
    if (r.status) setCodeSaid(r.message);
    else onRefused(r.message);
  }

  return (
    <>
      <div className="flex items-end gap-2">
        <div className="flex-1">
          <Field
            id="bank-captcha"
            label={t`簡訊驗證碼`}
            inputMode="numeric"
            autoComplete="one-time-code"
            value={captcha}
            onChange={(e) => setCaptcha(e.target.value.replace(/\D/g, "").slice(0, 6))}
            error={error}
          />
        </div>
        <button type="button" className="btn-secondary mb-1 min-h-11 shrink-0" onClick={() => void sendCode()}>
          {t`傳送驗證碼`}
        </button>
      </div>
      <p role="status" className="text-sm text-stone-600">
        {codeSaid || t`為保護您的資金，設定收款帳戶需輸入傳送到您手機的驗證碼；變更後 72 小時內無法提領。`}
      </p>
    </>
  );
}
