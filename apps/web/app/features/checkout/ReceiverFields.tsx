import type { Draft, SetDraftField } from "./draft";
import { fieldErrors } from "./field-errors";

/** The receiver's name and phone, and the email for order notices. */
export function ReceiverFields({ draft, set, errors }: { draft: Draft; set: SetDraftField; errors: Record<string, string> }) {
  const { field, err } = fieldErrors(errors);
  return (
    <div className="mt-4 grid gap-3 sm:grid-cols-2">
      <div>
        <label htmlFor="receiver-name" className="field-label">
          收件人姓名
        </label>
        <input
          id="receiver-name"
          className="input"
          autoComplete="name"
          value={draft.name}
          onChange={(e) => set("name", e.target.value)}
          {...field("receiver.name")}
        />
        {err("receiver.name")}
      </div>
      <div>
        <label htmlFor="receiver-phone" className="field-label">
          手機號碼
        </label>
        <input
          id="receiver-phone"
          className="input"
          inputMode="tel"
          autoComplete="tel"
          value={draft.phone}
          onChange={(e) => set("phone", e.target.value)}
          {...field("receiver.phone")}
        />
        {err("receiver.phone")}
      </div>
      <div className="sm:col-span-2">
        <label htmlFor="receiver-email" className="field-label">
          電子郵件（選填，寄送訂單通知）
        </label>
        <input
          id="receiver-email"
          type="email"
          className="input"
          autoComplete="email"
          value={draft.email}
          onChange={(e) => set("email", e.target.value)}
          {...field("email")}
        />
        {err("email")}
      </div>
    </div>
  );
}
