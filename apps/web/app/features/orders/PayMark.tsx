import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { formatMoney } from "@shop/contract/format";
import type { MessageDescriptor } from "../../i18n/runtime";

/** A small text badge for each way to pay (no images: nothing to download on the checkout); brand names stay as they are. */
const MARKS: Record<string, { text: string | MessageDescriptor; tone: string }> = {
  card: { text: "VISA/MC/JCB", tone: "bg-sky-800 text-white" },
  line_pay: { text: "LINE Pay", tone: "bg-green-700 text-white" },
  jko_pay: { text: msg`街口`, tone: "bg-red-600 text-white" },
  easy_wallet: { text: msg`悠遊付`, tone: "bg-sky-700 text-white" },
  atome: { text: "atome", tone: "bg-lime-300 text-stone-900" },
  apple_pay: { text: "Apple Pay", tone: "bg-black text-white" },
  google_pay: { text: "G Pay", tone: "border border-stone-400 bg-white text-stone-800" },
  atm: { text: "ATM", tone: "bg-amber-700 text-white" },
  transfer: { text: msg`轉帳`, tone: "bg-stone-600 text-white" },
  cod: { text: msg`貨到`, tone: "bg-tea-700 text-white" },
};

export function PayMark({ code }: { code: string }) {
  const { t } = useLingui();
  const mark = MARKS[code];
  if (!mark) return null;
  return (
    <span aria-hidden="true" className={`inline-flex h-6 shrink-0 items-center rounded px-1.5 text-xs font-bold ${mark.tone}`}>
      {typeof mark.text === "string" ? mark.text : t(mark.text)}
    </span>
  );
}

/** What happens after 確認下單 with each method, under the chosen one: render with `t(PAY_HINT_MESSAGES[code])`. */
export const PAY_HINT_MESSAGES: Record<string, MessageDescriptor> = {
  line_pay: msg`下單後前往 LINE Pay 完成付款；手機會開啟 LINE，電腦會顯示 QR code`,
  jko_pay: msg`下單後前往街口支付完成付款；手機會開啟街口 App，電腦會顯示 QR code`,
  easy_wallet: msg`下單後前往悠遊付完成付款；手機會開啟悠遊付 App，電腦會顯示 QR code`,
  atome: msg`下單後前往 Atome 完成付款，可分 3 期 0 利率`,
  apple_pay: msg`按下確認下單後，以 Apple Pay 驗證付款`,
  google_pay: msg`按下確認下單後，以 Google Pay 驗證付款`,
  atm: msg`下單後取得專屬虛擬帳號，轉帳後自動對帳，免回報`,
  transfer: msg`下單後顯示匯款帳號，請於 3 天內完成匯款並回報帳號末五碼。`,
};

/** One instalment choice: 「6 期 0 利率，每期 NT$x（首期 NT$y）」, the first only when it differs. */
function instalmentLabel(t: (d: MessageDescriptor) => string, p: { count: number; first: number; monthly: number }): string {
  const count = p.count;
  const monthly = formatMoney(p.monthly);
  if (p.first === p.monthly) return t(msg`${count} 期 0 利率，每期 ${monthly}`);
  const first = formatMoney(p.first);
  return t(msg`${count} 期 0 利率，每期 ${monthly}（首期 ${first}）`);
}

/** 分期付款 for a card: 一次付清 or one of the counts offered on this amount. */
export function InstalmentSelect(props: {
  id: string;
  plans: Array<{ count: number; first: number; monthly: number }>;
  value: number;
  onChange: (count: number) => void;
  disabled?: boolean;
}) {
  const { t } = useLingui();
  if (props.plans.length === 0) return null;
  const chosen = props.plans.find((p) => p.count === props.value);
  const plan = chosen ? instalmentLabel(t, chosen) : "";
  const total = chosen ? formatMoney(chosen.first + chosen.monthly * (chosen.count - 1)) : "";
  return (
    <div className="mt-3">
      <label htmlFor={props.id} className="field-label">
        {t`分期付款`}
      </label>
      <select
        id={props.id}
        className="input"
        value={props.value}
        disabled={props.disabled}
        onChange={(e) => props.onChange(Number(e.target.value))}
      >
        <option value={0}>{t`一次付清`}</option>
        {props.plans.map((p) => (
          <option key={p.count} value={p.count}>
            {instalmentLabel(t, p)}
          </option>
        ))}
      </select>
      {/* The whole choice again where a phone's select cuts it short. */}
      {chosen && (
        <p className="mt-1 text-sm text-stone-600" data-testid="instalment-chosen">
          {t`${plan}，合計 ${total}`}
        </p>
      )}
    </div>
  );
}
