/**
 * A field longer than this many bytes is cut before the CSV parser sees it: fast-csv's work on a
 * quoted field grows faster than its length (an 8 MB field took 20 s, a 45 MB one 10 minutes and
 * 1.75 GB), and no car field is anywhere near this long (the longest, description, allows 8,000
 * characters).
 */
export const CSV_FIELD_MAX_BYTES = 64 * 1024;

/**
 * A row longer than this many bytes is cut too: fast-csv's work also grows faster than the length
 * of a row of many short fields (a 4 MB row of `a,a,a,...` took 18 s, a 1 MB one 1.4 s, a 256 KB
 * one under 0.1 s), so the cost of a file stays proportional to its size. A car row with every
 * field full is far below it.
 */
export const CSV_ROW_MAX_BYTES = 256 * 1024;

/** Put in place of what was cut (U+FFFF, a noncharacter no feed sends): the row is refused with 1007. */
export const CUT_FIELD_MARK = '\uFFFF';

/**
 * A stateful filter over the bytes of a CSV file, chunk by chunk, that keeps every field to
 * `maxFieldBytes` and every row to `maxRowBytes`, marking what it cut; quoting, escaped quotes,
 * delimiters and line breaks pass unchanged, so the parser reads the same rows. A field over its
 * limit keeps its first bytes and ends with the mark; a row over its limit keeps its fields up to
 * the one that crossed it (marked) and drops the rest of the row. One pass, constant work per byte.
 * Spaces before an opening quote are read as the parser reads them: the field is still quoted.
 *
 * Self-contained on purpose (no imports, no closures over module state): the CSV worker thread
 * evaluates its source text (`createFieldCap.toString()`). `delimiter` is a byte; -1 for a
 * delimiter outside ASCII, where only line breaks end a field (so a whole line is capped).
 */
export function createFieldCap(delimiter: number, maxFieldBytes: number, maxRowBytes: number): (chunk: Uint8Array, last: boolean) => Uint8Array {
  const QUOTE = 0x22;
  const LF = 0x0a;
  const CR = 0x0d;
  const SPACE = 0x20;
  const TAB = 0x09;
  const MARK = [0xef, 0xbf, 0xbf]; // CUT_FIELD_MARK in UTF-8
  const FIELD_START = 0;
  const UNQUOTED = 1;
  const QUOTED = 2;
  const QUOTE_IN_QUOTED = 3;
  const AFTER_QUOTED = 4;
  let state = FIELD_START;
  /** Bytes of the current field's content (leading spaces included). */
  let length = 0;
  /** The current field is over its limit (or crossed the row's): its end gets the mark. */
  let cut = false;
  let rowBytes = 0;
  /** The row crossed its limit: once the field that crossed it ends, nothing more of the row is passed on. */
  let rowCut = false;
  let skipping = false;

  return (chunk, last) => {
    // Each byte gives at most one; a mark (3 bytes) follows only a field cut after maxFieldBytes
    // (or the one cut row of up to maxRowBytes), and a closing quote held back from the previous
    // chunk adds one.
    const out = new Uint8Array(chunk.length + 8 + 3 * (Math.floor(chunk.length / Math.min(maxFieldBytes, maxRowBytes)) + 2));
    let n = 0;
    const put = (b: number) => {
      if (!skipping) out[n++] = b;
    };
    const endField = () => {
      if (cut) for (const b of MARK) out[n++] = b;
      cut = false;
      length = 0;
      if (rowCut) skipping = true;
    };
    const endRow = (b: number) => {
      skipping = false;
      rowCut = false;
      rowBytes = 0;
      out[n++] = b;
    };
    /** A byte after a closing quote: a delimiter or line break ends the field; anything else is the parser's to judge. */
    const afterQuoted = (b: number) => {
      if (b === delimiter) {
        state = FIELD_START;
        put(b);
      } else if (b === LF || b === CR) {
        state = FIELD_START;
        endRow(b);
      } else {
        state = AFTER_QUOTED;
        put(b);
      }
    };
    const content = (b: number) => {
      if (skipping) return;
      if (++length > maxFieldBytes) cut = true;
      else if (!cut) out[n++] = b;
    };
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i];
      if (!rowCut && b !== LF && b !== CR && ++rowBytes > maxRowBytes) {
        rowCut = true;
        cut = true; // the field under way carries the mark
      }
      switch (state) {
        case FIELD_START:
          if (b === QUOTE) {
            // The parser drops spaces before an opening quote: they are not the field's.
            length = 0;
            state = QUOTED;
            put(b);
          } else if (b === SPACE || b === TAB) {
            // Before anything but a quote they are content; counted as such, so a field of spaces is capped too.
            content(b);
            if (cut) state = UNQUOTED;
          } else if (b === delimiter) {
            endField();
            put(b);
          } else if (b === LF || b === CR) {
            endField();
            endRow(b);
          } else {
            state = UNQUOTED;
            content(b);
          }
          break;
        case UNQUOTED:
          if (b === delimiter) {
            endField();
            state = FIELD_START;
            put(b);
          } else if (b === LF || b === CR) {
            endField();
            state = FIELD_START;
            endRow(b);
          } else content(b);
          break;
        case QUOTED:
          if (b === QUOTE) state = QUOTE_IN_QUOTED;
          else content(b);
          break;
        case QUOTE_IN_QUOTED:
          if (b === QUOTE) {
            // An escaped quote: one character of the field, two bytes of the file.
            state = QUOTED;
            if (skipping) break;
            if (++length > maxFieldBytes) cut = true;
            else if (!cut) {
              out[n++] = QUOTE;
              out[n++] = QUOTE;
            }
          } else {
            const wasSkipping = skipping;
            if (cut && !skipping) for (const m of MARK) out[n++] = m;
            cut = false;
            length = 0;
            if (!wasSkipping) out[n++] = QUOTE;
            if (rowCut) skipping = true;
            afterQuoted(b);
          }
          break;
        default: // AFTER_QUOTED
          afterQuoted(b);
      }
    }
    if (last) {
      if (state === QUOTE_IN_QUOTED) {
        const wasSkipping = skipping;
        if (cut && !skipping) for (const m of MARK) out[n++] = m;
        if (!wasSkipping) out[n++] = QUOTE;
      } else if (!skipping && (state === UNQUOTED || state === QUOTED || state === FIELD_START) && cut) {
        for (const m of MARK) out[n++] = m;
      }
      state = FIELD_START;
      cut = false;
      length = 0;
    }
    return out.subarray(0, n);
  };
}
