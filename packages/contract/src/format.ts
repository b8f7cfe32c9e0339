const TAIPEI = "Asia/Taipei";

const moneyFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** NT$1,234 — money is whole New Taiwan dollars everywhere. */
export function formatMoney(amount: number): string {
  const sign = amount < 0 ? "-" : "";
  const whole = Math.abs(amount);
  // Whole amounts are grouped by hand: Intl's format was a measurable share of a page's render.
  return `${sign}NT$${Number.isSafeInteger(whole) ? groupThousands(String(whole)) : moneyFormat.format(whole)}`;
}

function groupThousands(digits: string): string {
  let out = digits.slice(0, digits.length % 3 || 3);
  for (let i = out.length; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`;
  return out;
}

const dateParts = new Intl.DateTimeFormat("en-CA", {
  timeZone: TAIPEI,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** YYYY/MM/DD in Asia/Taipei, whatever the machine's zone. */
export function formatDate(value: string | Date): string {
  const date = typeof value === "string" ? new Date(value) : value;
  const parts = Object.fromEntries(dateParts.formatToParts(date).map((p) => [p.type, p.value]));
  return `${parts.year}/${parts.month}/${parts.day}`;
}

const timeParts = new Intl.DateTimeFormat("en-GB", { timeZone: TAIPEI, hour: "2-digit", minute: "2-digit", hour12: false });

/** YYYY/MM/DD HH:mm in Asia/Taipei. */
export function formatDateTime(value: string | Date): string {
  const date = typeof value === "string" ? new Date(value) : value;
  return `${formatDate(date)} ${timeParts.format(date)}`;
}
