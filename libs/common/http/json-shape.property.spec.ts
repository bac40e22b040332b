import fc from 'fast-check';
import { jsonShapeProblem } from './json-shape';

const LIMITS = { maxKeys: 12, maxDepth: 5 };
const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

type Kind = 'keys' | 'depth' | 'forbidden';

/** The rule written the obvious (recursive) way: every limit the value crosses (none: admitted). */
function limitsCrossed(value: unknown): Set<Kind> {
  let keys = 0;
  let depthHit = false;
  let forbidden = false;
  const visit = (node: unknown, depth: number): void => {
    if (node === null || typeof node !== 'object') return;
    if (depth >= LIMITS.maxDepth) {
      depthHit = true;
      return;
    }
    if (Array.isArray(node)) return node.forEach((item) => visit(item, depth + 1));
    for (const key of Object.keys(node)) {
      keys++;
      if (FORBIDDEN.has(key)) forbidden = true;
      visit((node as Record<string, unknown>)[key], depth + 1);
    }
  };
  visit(value, 0);
  const crossed = new Set<Kind>();
  if (keys > LIMITS.maxKeys) crossed.add('keys');
  if (depthHit) crossed.add('depth');
  if (forbidden) crossed.add('forbidden');
  return crossed;
}

function kindOf(problem: NonNullable<ReturnType<typeof jsonShapeProblem>>): Kind {
  if (problem.message.includes('object keys')) return 'keys';
  if (problem.message.includes('nested deeper')) return 'depth';
  return 'forbidden';
}

/** JSON values as a hostile client would send them: prototype keys, deep nesting, wide objects. */
const hostileKey = fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', ''));
const hostileJson = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.oneof(fc.constant(null), fc.boolean(), fc.double(), fc.string({ maxLength: 8 })),
    fc.array(tie('value'), { maxLength: 5 }),
    fc.array(fc.tuple(hostileKey, tie('value')), { maxLength: 6 }).map((entries) => JSON.parse(JSON.stringify(Object.fromEntries(entries))) as unknown),
    // Keys such as __proto__ survive only through JSON.parse, as they do from a request body.
    fc.array(fc.tuple(hostileKey, tie('value')), { maxLength: 4 }).map((entries) => JSON.parse(`{${entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v) ?? 'null'}`).join(',')}}`) as unknown),
  ),
})).value;

describe('jsonShapeProblem properties (fast-check)', () => {
  it('never throws, and refuses exactly what the recursive rule refuses', () => {
    fc.assert(
      fc.property(hostileJson, (value) => {
        const problem = jsonShapeProblem(value, LIMITS);
        const crossed = limitsCrossed(value);
        if (crossed.size === 0) return problem === null;
        // The one pass stops at the first limit it meets: a value over several may be refused for any of them.
        return problem !== null && crossed.has(kindOf(problem));
      }),
      { numRuns: 2000 },
    );
  });

  it('names the offending field of a prototype key, and only such fields', () => {
    fc.assert(
      fc.property(hostileJson, (value) => {
        const problem = jsonShapeProblem(value, { maxKeys: 10_000, maxDepth: 10_000 });
        if (!problem) return true;
        const field = problem.details?.[0]?.field ?? '';
        return [...FORBIDDEN].some((key) => field === key || field.endsWith(`.${key}`));
      }),
      { numRuns: 2000 },
    );
  });

  it('answers any nesting depth and width without recursing or reading past the first limit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200_000 }), fc.boolean(), (levels, asArrays) => {
        const text = asArrays ? '['.repeat(levels) + ']'.repeat(levels) : '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
        const problem = jsonShapeProblem(JSON.parse(text) as unknown);
        return levels > 32 ? problem?.message === 'JSON nested deeper than 32 levels' : problem === null;
      }),
      { numRuns: 60 },
    );
  });

  it('leaves the value it checks unchanged', () => {
    fc.assert(
      fc.property(hostileJson, (value) => {
        const before = JSON.stringify(value);
        jsonShapeProblem(value, LIMITS);
        return JSON.stringify(value) === before;
      }),
      { numRuns: 1000 },
    );
  });
});
