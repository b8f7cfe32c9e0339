import { useLingui } from "@lingui/react/macro";
import { useState } from "react";

/**
 * 複製 beside a value the shopper must type elsewhere (an account number into their bank's app);
 * `label` names what it copies, whole (「複製帳號」).
 */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useLingui();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      // No clipboard (an old browser, a denied permission): the value stays selectable on screen.
    }
  };
  return (
    <button
      type="button"
      onClick={() => void copy()}
      aria-label={label}
      className="ml-2 inline-flex min-h-11 items-center rounded-lg px-3 text-sm text-tea-800 underline"
    >
      <span aria-live="polite">{copied ? t`已複製` : t`複製`}</span>
    </button>
  );
}
