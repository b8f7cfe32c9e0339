import type { CartLine } from "@shop/contract/cart";

/** Why a cart line cannot be bought as it stands, or null. */
export function unavailableText(line: CartLine): string | null {
  if (line.available) return null;
  return line.max_qty === 0 ? "已售完或已下架" : `目前最多可購買 ${line.max_qty} 件`;
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
  const id = `${idPrefix}-${line.line_id}`;
  const options = Math.max(line.qty, Math.min(line.max_qty || line.qty, 20));
  return (
    <>
      <label className="sr-only" htmlFor={id}>
        {line.name} 數量
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
