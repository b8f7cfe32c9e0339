import { forwardRef, type InputHTMLAttributes, type ReactNode } from "react";

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  hint?: ReactNode;
  /** Something beside the input (e.g. the send-code button). */
  addon?: ReactNode;
  /**
   * Whether the error is announced when it appears (role="alert"); a form that shows many at once
   * announces its own summary instead. It is tied to the input either way.
   */
  announce?: boolean;
}

/**
 * A mobile-number input: the phone keypad (with +, for +886), and the browser's own number to
 * autofill. Whatever form it comes in, the contract's schemas normalise it (normalizeMobile).
 */
export const PHONE_INPUT = { type: "tel", inputMode: "tel", autoComplete: "tel" } as const;

/** A labelled input with its error message, wired for screen readers. */
export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field(
  { label, error, hint, addon, announce = true, id, name, ...rest },
  ref,
) {
  const inputId = id ?? `field-${name}`;
  const describedBy = error ? `${inputId}-error` : hint ? `${inputId}-hint` : undefined;
  return (
    <div>
      <label htmlFor={inputId} className="field-label">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          ref={ref}
          id={inputId}
          name={name}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="input"
          {...rest}
        />
        {addon}
      </div>
      {error ? (
        <p id={`${inputId}-error`} className="field-error" role={announce ? "alert" : undefined}>
          {error}
        </p>
      ) : hint ? (
        <p id={`${inputId}-hint`} className="mt-1 text-sm text-stone-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
});
