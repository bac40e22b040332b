/** Reading a scrape in Prometheus' text format (what `GET /metrics` answers). */

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a scrape (`name{label="value",...} number`). */
export function samples(text: string): Sample[] {
  const found: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[key] = value;
    found.push({ name: m[1], labels, value: Number(m[3]) });
  }
  return found;
}

/** The metric families a scrape declares (`# TYPE name type`), each with its type. */
export function families(text: string): Map<string, string> {
  return new Map([...text.matchAll(/^# TYPE ([a-zA-Z_:][\w:]*) (\w+)$/gm)].map((m) => [m[1], m[2]]));
}

/** The series names a family of that type exports: a histogram `x` is `x_bucket`, `x_sum` and `x_count`. */
export function seriesOf(family: string, type: string): string[] {
  if (type === 'histogram') return [`${family}_bucket`, `${family}_sum`, `${family}_count`];
  if (type === 'summary') return [family, `${family}_sum`, `${family}_count`];
  return [family];
}
