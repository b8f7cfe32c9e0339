import type { ProductSort } from "@shop/contract/catalogue";
import { Form } from "react-router";
import { Field } from "../../ui/Field";

/** What a listing URL filters by, only the values the API accepts (others are dropped, not refused). */
export function listingFilters(params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of ["min_price", "max_price"]) {
    const v = params.get(key)?.trim() ?? "";
    if (/^\d{1,8}$/.test(v)) out[key] = v;
  }
  if (params.get("in_stock") === "1") out.in_stock = "1";
  return out;
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
  sorts: Array<[ProductSort, string]>;
  filters: Record<string, string>;
}) {
  const { filters } = props;
  const keep = Object.entries(props.base).filter(([k]) => !["sort", "min_price", "max_price", "in_stock", "page"].includes(k));
  const open = Boolean(filters.min_price || filters.max_price);
  return (
    <Form method="get" action={props.action} className="flex flex-wrap items-center gap-2" key={JSON.stringify(filters)}>
      {keep.map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <label htmlFor="sort" className="text-sm text-stone-600">
        排序
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
            {label}
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
        只看有現貨
      </label>
      <details className="group w-full md:w-auto" open={open}>
        <summary className="inline-flex min-h-11 cursor-pointer items-center rounded-lg px-2 text-sm text-tea-800 underline">
          價格區間
        </summary>
        <div className="mt-2 flex items-end gap-2">
          <div className="w-28">
            <Field label="最低價" name="min_price" inputMode="numeric" pattern="\d*" defaultValue={filters.min_price} />
          </div>
          <span className="pb-3 text-stone-500">–</span>
          <div className="w-28">
            <Field label="最高價" name="max_price" inputMode="numeric" pattern="\d*" defaultValue={filters.max_price} />
          </div>
          <button type="submit" className="btn-secondary min-h-11">
            套用
          </button>
        </div>
      </details>
      <noscript>
        <button type="submit" className="btn-secondary">
          套用
        </button>
      </noscript>
    </Form>
  );
}
