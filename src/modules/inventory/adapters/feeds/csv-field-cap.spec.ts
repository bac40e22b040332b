import fc from 'fast-check';
import { parseString } from 'fast-csv';
import { createFieldCap, CUT_FIELD_MARK } from './csv-field-cap';

const COMMA = 0x2c;

/** Runs the cap over `text` split at `cuts` (chunk boundaries anywhere, even inside a character). */
function capped(text: string, max: number, cuts: number[] = [], delimiter = COMMA, maxRow = 1_000_000): string {
  const bytes = Buffer.from(text, 'utf8');
  const cap = createFieldCap(delimiter, max, maxRow);
  const bounds = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const parts: Uint8Array[] = [];
  let start = 0;
  for (const end of bounds) {
    parts.push(cap(bytes.subarray(start, end), false));
    start = end;
  }
  parts.push(cap(bytes.subarray(start), true));
  return Buffer.concat(parts).toString('utf8');
}

function rows(csv: string): Promise<string[][]> {
  return new Promise((resolve, reject) => {
    const out: string[][] = [];
    parseString<string[], string[]>(csv, { headers: false })
      .on('data', (row: string[]) => out.push(row))
      .on('error', reject)
      .on('end', () => resolve(out));
  });
}

/** A CSV field as a feed writes it: bare when it can be, else quoted with "" for a quote (spaces before the quote allowed). */
const field = fc.oneof(
  fc.stringMatching(/^[A-Za-z0-9.$-][A-Za-z0-9 .$-]{0,11}$/),
  fc.constant(''),
  fc.tuple(fc.constantFrom('', ' ', '  '), fc.string({ maxLength: 12, unit: fc.constantFrom('a', 'é', ',', '"', '\n', ' ', '😀') }))
    .map(([lead, v]) => `${lead}"${v.replace(/"/g, '""')}"`),
);
const csvText = fc.array(fc.array(field, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 6 }).map((rs) => rs.map((r) => r.join(',')).join('\r\n'));

describe(createFieldCap.name, () => {
  it('passes a file whose fields are all within the cap unchanged, however it is chunked', () => {
    fc.assert(fc.property(csvText, fc.array(fc.nat(), { maxLength: 6 }), (text, cuts) => capped(text, 1000, cuts) === text), { numRuns: 500 });
  });

  it('cuts every longer field to the cap and marks it, keeping rows and fields where they were', async () => {
    await fc.assert(
      fc.asyncProperty(csvText, fc.array(fc.nat(), { maxLength: 6 }), async (text, cuts) => {
        const max = 8;
        const before = await rows(text);
        const after = await rows(capped(text, max, cuts));
        if (after.length !== before.length) return false;
        return before.every((row, r) => row.length === after[r].length && row.every((value, f) => {
          const bytes = Buffer.byteLength(value, 'utf8');
          if (bytes <= max) return after[r][f] === value;
          return after[r][f].endsWith(CUT_FIELD_MARK) && Buffer.byteLength(after[r][f], 'utf8') <= max + 3 + 3;
        }));
      }),
      { numRuns: 300 },
    );
  });

  it('cuts a quoted field of megabytes, escaped quotes and line breaks included, to the cap', async () => {
    const huge = `"${'ab""c\n'.repeat(400_000)}"`;
    const out = await rows(capped(`vin,options\r\n1HGCM82633A004352,${huge}\r\n2T1BURHE8JC123456,Sunroof\r\n`, 1024, [5000, 1_000_000]));
    expect(out).toHaveLength(3);
    expect(out[1][1].endsWith(CUT_FIELD_MARK)).toBe(true);
    expect(out[1][1].length).toBeLessThan(1100);
    expect(out[2]).toEqual(['2T1BURHE8JC123456', 'Sunroof']);
  });

  it('reads spaces before an opening quote as the parser does: the field is still quoted, and capped', async () => {
    const out = await rows(capped(`vin,options\r\nV1, "${'a,'.repeat(2000)}"\r\nV2,Sunroof\r\n`, 1024, [100, 3000]));
    expect(out).toHaveLength(3);
    expect(out[1]).toHaveLength(2);
    expect(out[1][1].endsWith(CUT_FIELD_MARK)).toBe(true);
    expect(out[2]).toEqual(['V2', 'Sunroof']);
  });

  it('cuts a row of many short fields past the row limit, marking the field that crossed it and dropping the rest', async () => {
    const long = Array.from({ length: 5000 }, () => 'a').join(',');
    const quoted = Array.from({ length: 500 }, () => '"x,y"').join(',');
    const out = await rows(capped(`h1,h2\r\n${long}\r\n${quoted}\r\nok,fine\r\n`, 1024, [777, 5000, 9001], COMMA, 2048));
    expect(out).toHaveLength(4);
    for (const row of [out[1], out[2]]) {
      expect(row.length).toBeLessThan(1100);
      expect(row.at(-1)!.endsWith(CUT_FIELD_MARK)).toBe(true);
    }
    expect(out[3]).toEqual(['ok', 'fine']);
  });

  it('with a delimiter outside ASCII, caps whole lines', () => {
    expect(capped('abcdef§gh\nxy', 4, [], -1)).toBe(`abcd${CUT_FIELD_MARK}\nxy`);
  });
});
