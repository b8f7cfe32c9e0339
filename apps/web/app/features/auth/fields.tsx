import { useLingui } from "@lingui/react/macro";
import type { CaptchaPurpose } from "@shop/contract";
import type { UseFormRegisterReturn } from "react-hook-form";
import { Field, PHONE_INPUT } from "../../ui/Field";
import { CaptchaButton } from "./CaptchaButton";

/** Phone number plus SMS code with its send button (registration and password reset). */
export function PhoneCaptchaFields(props: {
  purpose: CaptchaPurpose;
  phone: UseFormRegisterReturn;
  captcha: UseFormRegisterReturn;
  errors: { phone?: string; captcha?: string };
  currentPhone(): string;
  validatePhone(): Promise<boolean>;
}) {
  const { t } = useLingui();
  return (
    <>
      <Field label={t`手機號碼`} {...PHONE_INPUT} placeholder="0912-345-678" error={props.errors.phone} {...props.phone} />
      <Field
        label={t`簡訊驗證碼`}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        error={props.errors.captcha}
        addon={<CaptchaButton purpose={props.purpose} phone={props.currentPhone} validatePhone={props.validatePhone} />}
        {...props.captcha}
      />
    </>
  );
}

/** A new password and its confirmation (`confirmLabel`, else 「確認」 and the label). */
export function NewPasswordFields(props: {
  label: string;
  confirmLabel?: string;
  password: UseFormRegisterReturn;
  confirm: UseFormRegisterReturn;
  errors: { password?: string; confirm?: string };
}) {
  const { t } = useLingui();
  const label = props.label;
  return (
    <>
      <Field
        label={props.label}
        type="password"
        autoComplete="new-password"
        hint={t`至少 8 個字元`}
        error={props.errors.password}
        {...props.password}
      />
      <Field
        label={props.confirmLabel ?? t`確認${label}`}
        type="password"
        autoComplete="new-password"
        error={props.errors.confirm}
        {...props.confirm}
      />
    </>
  );
}
