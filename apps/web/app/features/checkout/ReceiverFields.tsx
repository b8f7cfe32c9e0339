import { useLingui } from "@lingui/react/macro";
import { Field, PHONE_INPUT } from "../../ui/Field";
import type { Draft, SetDraftField } from "./draft";

/** The receiver's name and phone, and the email for order notices. */
export function ReceiverFields({ draft, set, errors }: { draft: Draft; set: SetDraftField; errors: Record<string, string> }) {
  const { t } = useLingui();
  // The summary by the order button is what is announced; each message is tied to its input.
  return (
    <div className="mt-4 grid gap-3 sm:grid-cols-2">
      <Field
        id="receiver-name"
        label={t`收件人姓名`}
        autoComplete="name"
        value={draft.name}
        onChange={(e) => set("name", e.target.value)}
        error={errors.name}
        announce={false}
      />
      <Field
        id="receiver-phone"
        label={t`手機號碼`}
        {...PHONE_INPUT}
        value={draft.phone}
        onChange={(e) => set("phone", e.target.value)}
        error={errors.phone}
        announce={false}
      />
      <div className="sm:col-span-2">
        <Field
          id="receiver-email"
          label={t`電子郵件（選填，寄送訂單通知）`}
          type="email"
          autoComplete="email"
          value={draft.email}
          onChange={(e) => set("email", e.target.value)}
          error={errors.email}
          announce={false}
        />
      </div>
    </div>
  );
}
