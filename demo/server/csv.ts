/**
 * The one CSV writer of every export (the evacuation history today, the activity log next),
 * made to be opened in a spreadsheet safely whatever the reader's locale (docs/security.md
 * "Exports"):
 *
 * - every field is quoted (RFC 4180, quotes doubled), so a separator inside a value never
 *   starts a cell for a reader that honours quotes;
 * - a reader that splits lines on another separator (`;` in Belgian, French or German
 *   Excel, a tab) or ignores quotes still never sees a cell that starts a formula: an
 *   apostrophe goes before `=`, `+`, `-` or `@` at the start of a value and after every `,`,
 *   `;`, tab or line break inside it (spaces in between included), and before a value that
 *   starts with a tab or a carriage return. A spreadsheet shows such a cell as text.
 *
 * The apostrophe stays visible in the cell: a reason "-5 °C" reads "'-5 °C". We chose that
 * over dropping characters, which would change what people wrote.
 */

/** Where a cell may begin in some locale's reading: the value's start, or after a separator or line break. */
const FORMULA_AFTER_SEPARATOR = /(^|[,;\t\r\n])([ \u00a0]*)(?=[=+\-@])/g;

/** `value` with every place a formula could start defused by an apostrophe. */
export function defuse(value: string): string {
  const inner = value.replace(FORMULA_AFTER_SEPARATOR, "$1$2'");
  return /^[\t\r]/.test(inner) ? `'${inner}` : inner;
}

/** One quoted, defused CSV field; null is an empty field. */
export function csvCell(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : defuse(String(value));
  return `"${text.replaceAll('"', '""')}"`;
}

/**
 * A whole CSV file: the header row, then one line per row, CRLF line ends, and a byte order
 * mark first so spreadsheets read names like Liège as UTF-8.
 */
export function csvDocument(header: readonly string[], rows: Iterable<readonly (string | number | null | undefined)[]>): string {
  const lines = [header.map(csvCell).join(',')];
  for (const row of rows) lines.push(row.map(csvCell).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
