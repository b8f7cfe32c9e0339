import { useLingui } from "@lingui/react/macro";
import { useCallback, useRef } from "react";
import { type FieldErrors, type FieldPath, type Resolver, useForm } from "react-hook-form";
import { type Draft, EMPTY_DRAFT, type SetDraftField } from "./draft";
import { fieldMessage, type OrderContext, orderErrors } from "./order-payload";

/** Where each of the order schema's fields is typed on the form (the rest are the page's own). */
const DRAFT_FIELD: Record<string, FieldPath<Draft>> = {
  ship_method: "ship",
  payment_method: "payment",
  "receiver.name": "name",
  "receiver.phone": "phone",
  email: "email",
  address: "address",
  "address.zip": "address.zip",
  "address.county": "address.county",
  "address.district": "address.district",
  "address.line": "address.line",
  cvs_store: "cvs",
  invoice: "invoiceType",
  "invoice.carrier": "carrier",
  "invoice.donation_code": "donationCode",
  "invoice.tax_id": "taxId",
  "invoice.title": "title",
  coupon_id: "couponId",
  coupon_code: "couponCode",
  points: "points",
  wallet: "wallet",
  note: "note",
};

/** The schema's messages by the form's field, nested as react-hook-form keeps them. */
function nested(found: Record<string, string>): FieldErrors<Draft> {
  const errors: Record<string, unknown> = {};
  for (const [path, message] of Object.entries(found)) {
    const field = DRAFT_FIELD[path] ?? DRAFT_FIELD[path.split(".")[0] ?? ""] ?? "root";
    const [head, leaf] = field.split(".") as [string, string | undefined];
    if (!leaf) errors[head] ??= { type: "schema", message };
    else {
      const parent = (errors[head] ?? {}) as Record<string, unknown>;
      parent[leaf] ??= { type: "schema", message };
      errors[head] = parent;
    }
  }
  return errors as FieldErrors<Draft>;
}

/** react-hook-form's errors, flat by field path ("name", "address.zip"), one message each. */
function flat(errors: FieldErrors<Draft>, prefix = ""): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, node] of Object.entries(errors as Record<string, unknown>)) {
    if (!node || typeof node !== "object" || key === "ref") continue;
    const { message } = node as { message?: unknown };
    if (typeof message === "string") out[`${prefix}${key}`] = message;
    else Object.assign(out, flat(node as FieldErrors<Draft>, `${prefix}${key}.`));
  }
  return out;
}

/**
 * The checkout form in react-hook-form, checked by the contract's order schema (the one the server
 * applies) through `orderErrors`. Messages appear on 確認下單, every one at once; after that each
 * one goes as its field is fixed, and a new one waits for the next press. `initial` is the form to
 * start from (the one kept across the store map).
 */
export function useCheckoutForm(context: OrderContext, fast: boolean, initial: Draft = EMPTY_DRAFT) {
  const { t } = useLingui();
  const latest = useRef(context);
  latest.current = context;
  const resolver: Resolver<Draft> = (values) => {
    const found = orderErrors(values, latest.current, fast, t);
    return Object.keys(found).length === 0 ? { values, errors: {} } : { values: {}, errors: nested(found) };
  };
  const form = useForm<Draft>({ defaultValues: initial, resolver, mode: "onSubmit", shouldFocusError: false });
  const draft = form.watch();
  const errors = flat(form.formState.errors);

  // Only the messages on screen are checked again: they clear, none is added. (The form's methods
  // are stable, so `set` and `update` are too.)
  const { setValue, getValues, trigger } = form;
  const recheck = useCallback(() => {
    const shown = Object.keys(flat(form.formState.errors));
    if (shown.length > 0) void trigger(shown as Array<FieldPath<Draft>>);
  }, [form, trigger]);
  const set: SetDraftField = useCallback(
    (key, value) => {
      setValue(key, value as never, { shouldDirty: true });
      recheck();
    },
    [setValue, recheck],
  );
  /** Several fields at once (a saved address, the store map's answer, a restored draft). */
  const update = useCallback(
    (next: (d: Draft) => Partial<Draft>) => {
      for (const [key, value] of Object.entries(next(getValues())))
        setValue(key as keyof Draft, value as never, { shouldDirty: true });
      recheck();
    },
    [getValues, setValue, recheck],
  );
  /** Checks every field; true when the order can be sent. */
  const validate = () => form.trigger();
  /**
   * The server's refusal of fields the form has (a carrier the tax platform does not know): shown
   * under them like the form's own. False when none of them is on the form.
   */
  const showServerErrors = (list: Array<{ field: string; message: string }>) => {
    const known = list.filter((e) => DRAFT_FIELD[e.field]);
    for (const e of known)
      form.setError(DRAFT_FIELD[e.field] as FieldPath<Draft>, { type: "server", message: fieldMessage(e.message, t) });
    return known.length > 0;
  };

  return { form, draft, errors, set, update, validate, showServerErrors };
}
