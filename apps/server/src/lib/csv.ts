/**
 * One CSV cell: quotes doubled, and a leading = + - @ neutralised so a spreadsheet never runs it as
 * a formula (a number is written as it is: -120 is a number, never a formula).
 */
function csvCell(v: unknown): string {
  if (typeof v === "number") return String(v);
  const s = String(v ?? "");
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A CSV file for a spreadsheet: CRLF lines, and a BOM so Excel opens the Chinese as UTF-8. */
export function csvDocument(head: string[], rows: unknown[][]): string {
  return `\uFEFF${[head, ...rows].map((r) => r.map(csvCell).join(",")).join("\r\n")}\r\n`;
}

/** The start of a streamed CSV file: the BOM and the heading line (the rows follow as `csvLines`). */
export function csvHead(head: string[]): string {
  return `\uFEFF${head.map(csvCell).join(",")}\r\n`;
}

/** Rows of a streamed CSV file, each line ended by CRLF as `csvDocument` writes them. */
export function csvLines(rows: unknown[][]): string {
  return rows.map((r) => `${r.map(csvCell).join(",")}\r\n`).join("");
}
