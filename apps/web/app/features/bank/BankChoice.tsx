import { useLingui } from "@lingui/react/macro";
import type { BankOption, BranchOption } from "@shop/contract/bank";
import { useEffect, useMemo, useState } from "react";
import { useContentLang } from "../../i18n/runtime";
import { api } from "../../lib/api";
import { Field } from "../../ui/Field";

type Errors = Record<string, string>;

/** A select's message, tied to it as ui/Field ties an input's. */
function SelectError({ errors, field }: { errors: Errors; field: string }) {
  return errors[field] ? (
    <p id={`bank-${field}-error`} className="field-error" role="alert">
      {errors[field]}
    </p>
  ) : null;
}

const invalid = (errors: Errors, field: string) =>
  errors[field] ? { "aria-invalid": true as const, "aria-describedby": `bank-${field}-error` } : {};

/**
 * The bank and branch chosen in the modal. Choosing a bank sets its name, clears the branch and
 * loads that bank's branches; a typed code that matches a branch picks it.
 */
export function useBankChoice(banks: BankOption[]) {
  const [branches, setBranches] = useState<BranchOption[]>([]);
  const [bankCode, setBankCode] = useState("");
  const [bankName, setBankName] = useState("");
  const [branchCode, setBranchCode] = useState("");
  const [branchName, setBranchName] = useState("");
  const [search, setSearch] = useState("");

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

  return { bankCode, bankName, branchCode, branchName, search, setSearch, shown, chooseBank, chooseBranch };
}

type BankChoice = ReturnType<typeof useBankChoice>;

/** 銀行: the banks of the official reference data. */
export function BankSelect({ banks, choice, errors }: { banks: BankOption[]; choice: BankChoice; errors: Errors }) {
  const { t } = useLingui();
  const contentLang = useContentLang();
  return (
    <div>
      <label htmlFor="bank-code" className="field-label">
        {t`銀行`}
      </label>
      <select
        id="bank-code"
        className="input"
        value={choice.bankCode}
        onChange={(e) => choice.chooseBank(e.target.value)}
        {...invalid(errors, "bank_code")}
      >
        <option value="">{t`請選擇銀行`}</option>
        {banks.map((b) => (
          <option key={b.bankCode} value={b.bankCode} lang={contentLang}>
            {b.totalName}
          </option>
        ))}
      </select>
      <SelectError errors={errors} field="bank_code" />
    </div>
  );
}

/** 分行: a branch list can hold hundreds of entries, so a search box filters it. */
export function BranchPicker({ choice, errors }: { choice: BankChoice; errors: Errors }) {
  const { bankCode, bankName, branchCode, branchName, search, shown } = choice;
  const { t } = useLingui();
  const contentLang = useContentLang();
  const count = shown.length;
  return (
    <div>
      <Field
        id="branch-search"
        label={t`分行代碼或名稱搜尋`}
        value={search}
        disabled={!bankCode}
        placeholder={bankCode ? t`例如 0037 或 營業部` : t`請先選擇銀行`}
        onChange={(e) => choice.setSearch(e.target.value)}
      />
      <label htmlFor="branch-code" className="field-label mt-2">
        {t`分行`}
      </label>
      <select
        id="branch-code"
        className="input"
        value={branchCode}
        disabled={!bankCode}
        onChange={(e) => choice.chooseBranch(e.target.value)}
        {...invalid(errors, "branch_code")}
      >
        <option value="">{bankCode ? t`請選擇分行（${count} 筆）` : t`請先選擇銀行`}</option>
        {shown.map((b) => (
          <option key={b.branchCode} value={b.branchCode} lang={contentLang}>
            {b.totalName}
          </option>
        ))}
      </select>
      {branchName && (
        <p className="mt-1 text-sm text-tea-800" data-testid="branch-name" lang={contentLang}>
          {bankName} {branchName}
        </p>
      )}
      <SelectError errors={errors} field="branch_code" />
    </div>
  );
}
