import { useSyncExternalStore } from "react";

let count = 0;
const listeners = new Set<() => void>();

/** Publishes how many items the cart holds; every cart answer calls it (lib/api.ts). */
export function publishCartCount(lines: ReadonlyArray<{ qty: number }>) {
  const n = lines.reduce((sum, l) => sum + l.qty, 0);
  if (n === count) return;
  count = n;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The cart's item count for the header and tab badges (0 on the server and before the first answer). */
export function useCartCount(): number {
  return useSyncExternalStore(
    subscribe,
    () => count,
    () => 0,
  );
}
