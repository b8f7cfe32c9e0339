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

/**
 * The same file as csvDocument, written as it is read: the BOM and head first, then each batch's
 * rows, so an export of any size takes the memory of one batch (issue 51).
 */
export async function* csvStream(head: string[], batches: AsyncIterable<unknown[][]>): AsyncGenerator<string> {
  yield `\uFEFF${head.map(csvCell).join(",")}\r\n`;
  for await (const rows of batches) if (rows.length > 0) yield `${rows.map((r) => r.map(csvCell).join(",")).join("\r\n")}\r\n`;
}
