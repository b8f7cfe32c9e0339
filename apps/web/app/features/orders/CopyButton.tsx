import { useState } from "react";

/** 複製 beside a value the shopper must type elsewhere (an account number into their bank's app). */
export function CopyButton({ value, label }: { value: string; label: string }) {
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
      aria-label={`複製${label}`}
      className="ml-2 inline-flex min-h-11 items-center rounded-lg px-3 text-sm text-tea-800 underline"
    >
      <span aria-live="polite">{copied ? "已複製" : "複製"}</span>
    </button>
  );
}
