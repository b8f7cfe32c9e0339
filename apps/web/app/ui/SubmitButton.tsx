import { useHydrated } from "../lib/hydrated";

/**
 * A form's submit button. Disabled until the page is hydrated: a tap on a slow phone before
 * that would submit the bare HTML form instead of our handler.
 */
export function SubmitButton({
  pending,
  label,
  pendingLabel,
  className = "",
}: {
  pending: boolean;
  label: string;
  pendingLabel: string;
  className?: string;
}) {
  const hydrated = useHydrated();
  return (
    <button type="submit" className={`btn-primary ${className}`} disabled={!hydrated || pending}>
      {pending ? pendingLabel : label}
    </button>
  );
}
