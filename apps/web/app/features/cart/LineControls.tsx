import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { CartLine } from "@shop/contract/cart";
import { aroundValue, type MessageDescriptor, useContentLang, VALUE } from "../../i18n/runtime";

/** Why a cart line cannot be bought as it stands, or null (`t`: the page's useLingui t). */
export function unavailableText(line: CartLine, t: (d: MessageDescriptor) => string): string | null {
  if (line.available) return null;
  const max = line.max_qty;
  return max === 0 ? t(msg`已售完或已下架`) : t(msg`目前最多可購買 ${max} 件`);
}

/** A cart line's quantity picker (1 … what can be bought now, never hiding the current quantity). */
export function QtySelect({
  line,
  idPrefix,
  disabled,
  onChange,
}: {
  line: CartLine;
  idPrefix: string;
  disabled: boolean;
  onChange(qty: number): void;
}) {
  const { t } = useLingui();
  const id = `${idPrefix}-${line.line_id}`;
  const name = line.name;
  // The product's name is shop content: its own element, marked Chinese on an English page.
  const label = aroundValue(t`${VALUE} 數量`);
  const contentLang = useContentLang();
  const options = Math.max(line.qty, Math.min(line.max_qty || line.qty, 20));
  return (
    <>
      <label className="sr-only" htmlFor={id}>
        {label[0]}
        <span lang={contentLang}>{name}</span>
        {label[1]}
      </label>
      <select
        id={id}
        value={line.qty}
        disabled={disabled}
        onChange={(e) => onChange(Number(e.target.value))}
        className="rounded border border-stone-300 px-2 py-1"
      >
        {Array.from({ length: options }, (_, i) => i + 1).map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </>
  );
}
