/**
 * A field longer than this many bytes is cut before the CSV parser sees it: fast-csv's work on a
 * quoted field grows faster than its length (an 8 MB field took 20 s, a 45 MB one 10 minutes and
 * 1.75 GB), and no car field is anywhere near this long (the longest, description, allows 8,000
 * characters).
 */
export const CSV_FIELD_MAX_BYTES = 64 * 1024;

/** Put in place of what was cut (U+FFFF, a noncharacter no feed sends): the row is refused with 1007. */
export const CUT_FIELD_MARK = '\uFFFF';

/**
 * A stateful filter over the bytes of a CSV file, chunk by chunk, that keeps every field to
 * `maxBytes` bytes and marks the ones it cut; quoting, escaped quotes, delimiters and line breaks
 * pass unchanged, so the parser reads the same rows. One pass, constant work per byte.
 *
 * Self-contained on purpose (no imports, no closures over module state): the CSV worker thread
 * evaluates its source text (`createFieldCap.toString()`). `delimiter` is a byte; -1 for a
 * delimiter outside ASCII, where only line breaks end a field (so a whole line is capped).
 */
export function createFieldCap(delimiter: number, maxBytes: number): (chunk: Uint8Array, last: boolean) => Uint8Array {
  const QUOTE = 0x22;
  const LF = 0x0a;
  const CR = 0x0d;
  const MARK = [0xef, 0xbf, 0xbf]; // CUT_FIELD_MARK in UTF-8
  const FIELD_START = 0;
  const UNQUOTED = 1;
  const QUOTED = 2;
  const QUOTE_IN_QUOTED = 3;
  const AFTER_QUOTED = 4;
  let state = FIELD_START;
  let length = 0;
  let cut = false;

  return (chunk, last) => {
    // Each byte gives at most one; a mark (3 bytes) follows only a field cut after maxBytes, and a
    // closing quote held back from the previous chunk adds one.
    const out = new Uint8Array(chunk.length + 8 + 3 * (Math.floor(chunk.length / maxBytes) + 2));
    let n = 0;
    const endField = () => {
      if (cut) for (const b of MARK) out[n++] = b;
      cut = false;
      length = 0;
    };
    const content = (b: number) => {
      if (++length > maxBytes) cut = true;
      else out[n++] = b;
    };
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i];
      switch (state) {
        case FIELD_START:
          if (b === QUOTE) {
            state = QUOTED;
            out[n++] = b;
          } else if (b === delimiter || b === LF || b === CR) {
            out[n++] = b;
          } else {
            state = UNQUOTED;
            content(b);
          }
          break;
        case UNQUOTED:
          if (b === delimiter || b === LF || b === CR) {
            endField();
            state = FIELD_START;
            out[n++] = b;
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
            if (length + 1 > maxBytes) {
              length++;
              cut = true;
            } else {
              length++;
              out[n++] = QUOTE;
              out[n++] = QUOTE;
            }
          } else {
            endField();
            out[n++] = QUOTE;
            state = b === delimiter || b === LF || b === CR ? FIELD_START : AFTER_QUOTED;
            out[n++] = b;
          }
          break;
        default: // AFTER_QUOTED: whatever follows a closing quote is the parser's to judge
          if (b === delimiter || b === LF || b === CR) state = FIELD_START;
          out[n++] = b;
      }
    }
    if (last) {
      if (state === QUOTE_IN_QUOTED) {
        endField();
        out[n++] = QUOTE;
      } else if (state === UNQUOTED || state === QUOTED) endField();
      state = FIELD_START;
    }
    return out.subarray(0, n);
  };
}
