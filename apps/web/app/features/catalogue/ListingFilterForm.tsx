import { useLingui } from "@lingui/react/macro";
import type { ProductSort } from "@shop/contract/catalogue";
import { formatMoney } from "@shop/contract/format";
import { Form } from "react-router";
import type { MessageDescriptor } from "../../i18n/runtime";

/**
 * What a listing URL filters by, only the values the API accepts (others are dropped, not refused).
 * A minimum above the maximum is a slip of order: the two are swapped and `swapped` says so, for the
 * page to tell the shopper (decision 85), rather than an empty listing with no reason.
 */
export function listingFilters(params: URLSearchParams): { filters: Record<string, string>; swapped: boolean } {
  const out: Record<string, string> = {};
  for (const key of ["min_price", "max_price"]) {
    const v = params.get(key)?.trim() ?? "";
    if (/^\d{1,8}$/.test(v)) out[key] = String(Number(v));
  }
  const { min_price: min, max_price: max } = out;
  const swapped = min !== undefined && max !== undefined && Number(min) > Number(max);
  if (swapped) [out.min_price, out.max_price] = [max, min];
  if (params.get("in_stock") === "1") out.in_stock = "1";
  return { filters: out, swapped };
}

/**
 * A price bound: a labelled input as `ui/Field` writes one (without its error and addon parts), here
 * because the listing needs nothing else of it and its file was 0.45 KB of every listing's first
 * load (decision 109).
 */
function PriceInput({ label, name, value }: { label: string; name: string; value: string | undefined }) {
  const id = `field-${name}`;
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input id={id} name={name} className="input" inputMode="numeric" pattern="\d*" defaultValue={value} />
    </div>
  );
}

/**
 * A listing's sort, price range and 只看有現貨, as one GET form: the URL holds the choice, so it can be
 * shared, reloaded and walked back. Changing the sort or the stock box applies at once.
 */
export function ListingFilterForm(props: {
  action: string;
  /** The listing itself: its keyword or category. */
  base: Record<string, string>;
  sort: ProductSort;
  sorts: ReadonlyArray<readonly [ProductSort, MessageDescriptor]>;
  filters: Record<string, string>;
  /** The URL's price range was reversed and has been swapped (listingFilters). */
  swapped?: boolean;
}) {
  const { t } = useLingui();
  const { filters } = props;
  const keep = Object.entries(props.base).filter(([k]) => !["sort", "min_price", "max_price", "in_stock", "page"].includes(k));
  const open = Boolean(filters.min_price || filters.max_price);
  const swappedNote = (min: string, max: string) => t`最低價格高於最高價格，已為您對調為 ${min} – ${max}`;
  return (
    <Form method="get" action={props.action} className="flex flex-wrap items-center gap-2" key={JSON.stringify(filters)}>
      {keep.map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <label htmlFor="sort" className="text-sm text-stone-600">
        {t`排序`}
      </label>
      <select
        id="sort"
        name="sort"
        defaultValue={props.sort}
        onChange={(e) => e.currentTarget.form?.requestSubmit()}
        className="min-h-11 rounded-lg border border-stone-300 bg-white px-3 py-2"
      >
        {props.sorts.map(([value, label]) => (
          <option key={value} value={value}>
            {t(label)}
          </option>
        ))}
      </select>
      <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-2 text-sm text-stone-700">
        <input
          type="checkbox"
          name="in_stock"
          value="1"
          defaultChecked={filters.in_stock === "1"}
          onChange={(e) => e.currentTarget.form?.requestSubmit()}
          className="size-5 accent-tea-700"
        />
        {t`只看有現貨`}
      </label>
      <details className="group w-full md:w-auto" open={open}>
        <summary className="inline-flex min-h-11 cursor-pointer items-center rounded-lg px-2 text-sm text-tea-800 underline">
          {t`價格區間`}
        </summary>
        <div className="mt-2 flex items-end gap-2">
          <div className="w-28">
            <PriceInput label={t`最低價`} name="min_price" value={filters.min_price} />
          </div>
          <span className="pb-3 text-stone-500">–</span>
          <div className="w-28">
            <PriceInput label={t`最高價`} name="max_price" value={filters.max_price} />
          </div>
          <button type="submit" className="btn-secondary min-h-11">
            {t`套用`}
          </button>
        </div>
        {props.swapped && (
          <p role="status" className="mt-2 text-sm text-amber-900">
            {swappedNote(formatMoney(Number(filters.min_price)), formatMoney(Number(filters.max_price)))}
          </p>
        )}
      </details>
      <noscript>
        <button type="submit" className="btn-secondary">
          {t`套用`}
        </button>
      </noscript>
    </Form>
  );
}
