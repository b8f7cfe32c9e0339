import { useLingui } from "@lingui/react/macro";
import { formatDate } from "@shop/contract/format";
import type { PublicUser } from "@shop/contract/front-user";
import { useState } from "react";
import { api } from "../../lib/api";

/**
 * 生日 (decision 95): set once by the member, then read-only — the birthday gift comes in that
 * month, so a change is for customer service. The date is today's at most.
 */
export function BirthdayField({ user, onSet }: { user: PublicUser; onSet: (u: PublicUser) => void }) {
  const { t } = useLingui();
  const [value, setValue] = useState("");
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, setPending] = useState(false);
  if (user.birthday)
    return (
      <p className="mt-6 text-sm text-stone-600" data-testid="birthday-set">
        {t`生日：`}
        <span className="text-stone-800">{formatDate(`${user.birthday}T00:00:00+08:00`)}</span>
        <span className="ml-2">{t`（生日當月可獲得生日禮；如需更正請聯絡客服）`}</span>
      </p>
    );

  async function save(e: React.FormEvent) {
    e.preventDefault();
    if (!value) return setSaid({ ok: false, text: t`請選擇生日` });
    setPending(true);
    const r = await api<{ birthday: string }>("/api/user/birthday", { body: { birthday: value } });
    setPending(false);
    setSaid({ ok: r.status, text: r.message });
    if (r.status) onSet({ ...user, birthday: r.data.birthday });
  }

  return (
    <form onSubmit={save} noValidate className="mt-6 flex max-w-md flex-col gap-2">
      <label htmlFor="birthday" className="font-medium text-stone-800">
        {t`生日`}
      </label>
      <p className="text-sm text-stone-600">{t`設定後無法自行修改，生日當月將收到生日禮。`}</p>
      <div className="flex items-center gap-2">
        <input
          id="birthday"
          type="date"
          max={new Date().toISOString().slice(0, 10)}
          min="1900-01-01"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          className="rounded border border-stone-300 px-3 py-2"
        />
        <button type="submit" disabled={pending} className="btn-secondary">
          {pending ? t`儲存中…` : t`設定生日`}
        </button>
      </div>
      <p role="status" className={`min-h-5 text-sm ${said?.ok ? "text-emerald-700" : "text-red-700"}`}>
        {said?.text}
      </p>
    </form>
  );
}
