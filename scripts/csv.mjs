// A small RFC 4180 reader (quoted fields, "" escapes, CRLF) for the repository's scripts that run
// on Node alone, before `npm ci` (scripts/build-seed-catalog.mjs) or beside the service
// (bench/eval-assistant.mjs, bench/support/inventory-data.mjs). The service itself reads feeds with
// fast-csv.

/** The rows of a CSV text, each an array of its fields; blank lines are skipped. */
export function parseCsvRows(text) {
  const rows = [];
  let row = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { field += '"'; i++; }
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { row.push(field); field = ''; }
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field); field = '';
      if (row.length > 1 || row[0] !== '') rows.push(row);
      row = [];
    } else field += c;
  }
  if (field !== '' || row.length) { row.push(field); rows.push(row); }
  return rows;
}

/**
 * The rows of a CSV text with a header line, as objects keyed by header; blank lines are skipped.
 * `trim`: headers and values without surrounding spaces.
 */
export function parseCsv(text, { trim = false } = {}) {
  const [header, ...body] = parseCsvRows(text);
  const clean = trim ? (s) => s.trim() : (s) => s;
  return body.map((cells) => Object.fromEntries(header.map((h, i) => [clean(h), clean(cells[i] ?? '')])));
}
