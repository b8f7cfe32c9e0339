import { useLingui } from "@lingui/react/macro";
import { useMemo, useSyncExternalStore } from "react";
import { useContentLang } from "../../i18n/runtime";
import { api } from "../../lib/api";

interface Postal {
  counties: string[];
  districts: Array<{ zip: string; county: string; district: string }>;
}

export interface PostalValue {
  zip: string;
  county: string;
  district: string;
}

let postal: Postal | null = null;
let asked = false;
const listeners = new Set<() => void>();

/**
 * The post office's counties and districts: public reference data, not the page's. Asked for once
 * per page load, when a picker first renders in the browser (not after it has been drawn, in an
 * effect); the pickers show the answer when it arrives. A refusal leaves the lists empty.
 */
function askPostal() {
  if (asked || typeof document === "undefined") return;
  asked = true;
  void api<Postal>("/api/reference/postal").then((r) => {
    if (!r.status) return;
    postal = r.data;
    for (const changed of listeners) changed();
  });
}

function subscribe(changed: () => void) {
  listeners.add(changed);
  return () => {
    listeners.delete(changed);
  };
}

function usePostal(): Postal | null {
  askPostal();
  return useSyncExternalStore(
    subscribe,
    () => postal,
    () => null,
  );
}

/**
 * County → district → postal code, as the post office lists them: choosing a district fills its
 * code. A saved value not in the list (typed before this picker existed) stays selectable.
 */
export function PostalSelects(props: {
  idPrefix: string;
  value: PostalValue;
  onChange(next: PostalValue): void;
  /** The message under each field, if any. */
  error(field: keyof PostalValue): string | undefined;
}) {
  const { t } = useLingui();
  // County and district names are the address as the post office writes it: Chinese on every page.
  const contentLang = useContentLang();
  const { idPrefix, value, onChange, error } = props;
  const postal = usePostal();
  const districts = useMemo(() => postal?.districts.filter((d) => d.county === value.county) ?? [], [postal, value.county]);
  const counties = postal?.counties ?? [];
  const fieldProps = (field: keyof PostalValue) => {
    const message = error(field);
    return {
      id: `${idPrefix}-${field}`,
      className: "input",
      "aria-invalid": message ? true : undefined,
      "aria-describedby": message ? `${idPrefix}-${field}-error` : undefined,
    };
  };
  const message = (field: keyof PostalValue) => {
    const text = error(field);
    return text ? (
      <p id={`${idPrefix}-${field}-error`} className="field-error">
        {text}
      </p>
    ) : null;
  };
  return (
    <>
      <div>
        <label htmlFor={`${idPrefix}-county`} className="field-label">
          {t`縣市`}
        </label>
        <select
          {...fieldProps("county")}
          autoComplete="address-level1"
          value={value.county}
          onChange={(e) => onChange({ county: e.target.value, district: "", zip: "" })}
        >
          <option value="">{t`請選擇縣市`}</option>
          {value.county && !counties.includes(value.county) && (
            <option value={value.county} lang={contentLang}>
              {value.county}
            </option>
          )}
          {counties.map((c) => (
            <option key={c} value={c} lang={contentLang}>
              {c}
            </option>
          ))}
        </select>
        {message("county")}
      </div>
      <div>
        <label htmlFor={`${idPrefix}-district`} className="field-label">
          {t`鄉鎮市區`}
        </label>
        <select
          {...fieldProps("district")}
          autoComplete="address-level2"
          value={value.district}
          disabled={!value.county}
          onChange={(e) => {
            const d = districts.find((x) => x.district === e.target.value);
            onChange({ ...value, district: e.target.value, zip: d?.zip ?? "" });
          }}
        >
          <option value="">{t`請選擇鄉鎮市區`}</option>
          {value.district && !districts.some((d) => d.district === value.district) && (
            <option value={value.district} lang={contentLang}>
              {value.district}
            </option>
          )}
          {districts.map((d) => (
            <option key={d.zip + d.district} value={d.district} lang={contentLang}>
              {d.zip} {d.district}
            </option>
          ))}
        </select>
        {message("district")}
      </div>
      <div>
        <label htmlFor={`${idPrefix}-zip`} className="field-label">
          {t`郵遞區號`}
        </label>
        <input
          {...fieldProps("zip")}
          autoComplete="postal-code"
          inputMode="numeric"
          value={value.zip}
          onChange={(e) => onChange({ ...value, zip: e.target.value })}
        />
        {message("zip")}
      </div>
    </>
  );
}
