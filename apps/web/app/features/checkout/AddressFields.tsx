import { useLingui } from "@lingui/react/macro";
import type { PayInfo } from "@shop/contract/order";
import { useContentLang } from "../../i18n/runtime";
import { Field } from "../../ui/Field";
import { PostalSelects } from "../address/PostalSelects";
import type { Draft, SetDraftField, UpdateDraft } from "./draft";
import { fieldErrors } from "./field-errors";

/** The delivery address (home delivery and self pick-up), with the member's recent addresses to pick from. */
export function AddressFields(props: {
  draft: Draft;
  set: SetDraftField;
  update: UpdateDraft;
  info: PayInfo | null;
  errors: Record<string, string>;
}) {
  const { t } = useLingui();
  const contentLang = useContentLang();
  const { draft, set, update, info } = props;
  const { err } = fieldErrors(props.errors);
  const chosen =
    info?.recent_addresses.findIndex(
      (a) =>
        a.receiver.name === draft.name &&
        a.receiver.phone === draft.phone &&
        a.address.zip === draft.address.zip &&
        a.address.line === draft.address.line,
    ) ?? -1;
  return (
    <div className="mt-4">
      {(info?.recent_addresses.length ?? 0) > 0 && (
        <div className="mb-3">
          <label htmlFor="recent-address" className="field-label">
            {t`常用地址`}
          </label>
          <select
            id="recent-address"
            className="input"
            // Shows which saved address the form holds (a member's first one is filled in at the start).
            value={chosen >= 0 ? String(chosen) : ""}
            onChange={(e) => {
              const a = info?.recent_addresses[Number(e.target.value)];
              if (a) update(() => ({ name: a.receiver.name, phone: a.receiver.phone, address: a.address }));
            }}
          >
            <option value="" disabled>
              {t`選擇之前使用的地址`}
            </option>
            {info?.recent_addresses.map((a, i) => (
              <option key={`${a.address.zip}${a.address.line}${a.receiver.name}`} value={i} lang={contentLang}>
                {a.receiver.name}｜{a.address.zip} {a.address.county}
                {a.address.district}
                {a.address.line}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="grid gap-3 sm:grid-cols-3">
        <PostalSelects
          idPrefix="address"
          value={draft.address}
          onChange={(next) => set("address", { ...draft.address, ...next })}
          error={(k) => props.errors[`address.${k}`]}
        />
        <div className="sm:col-span-3">
          <Field
            id="address-line"
            label={t`地址`}
            autoComplete="address-line1"
            value={draft.address.line}
            onChange={(e) => set("address", { ...draft.address, line: e.target.value })}
            error={props.errors["address.line"]}
            announce={false}
          />
          {err("address")}
        </div>
      </div>
    </div>
  );
}
