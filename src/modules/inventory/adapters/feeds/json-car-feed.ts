import * as fs from 'node:fs';
import { chain } from 'stream-chain';
import { parser } from 'stream-json';
import { pick } from 'stream-json/filters/pick.js';
import { streamArray } from 'stream-json/streamers/stream-array.js';
import { DomainError } from '../../../../../libs/common/errors/domain-error';
import { jsonShapeProblem } from '../../../../../libs/common/http/json-shape';
import { CarFeed, FeedRecord, RawCarValues } from '../../domain/car-feed';
import { FeedTarget, HeaderMatch, KilometersUnit, matchHeader } from '../../domain/feed-headers';
import { UnusableFeedError } from '../../domain/inventory.errors';
import { chunked } from './chunk-stream';
import { leadingBytes } from './file-sniffing';

/** Cars per chunk handed to the use case. */
const CHUNK_ROWS = 100;
/** decisions.md section 1: an uploaded car has at most 200 keys in all and nesting depth 32 (else a 1006 row). */
const CAR_SHAPE_LIMITS = { maxKeys: 200, maxDepth: 32 };

/**
 * A JSON inventory file: an array of cars or `{ "cars": [...] }`, car fields named as in the CSV
 * (field names, or the same aliases). Read through stream-json: one car is assembled at a time, so
 * memory does not grow with the file.
 */
export class JsonCarFeed implements CarFeed {
  private readonly keyCache = new Map<string, HeaderMatch | null>();

  constructor(private readonly file: string) {}

  async *records(): AsyncGenerator<FeedRecord[]> {
    const root = firstSignificantChar(await leadingBytes(this.file, 64 * 1024));
    if (root === null) throw new UnusableFeedError('the file is empty');
    if (root !== '[' && root !== '{') throw new UnusableFeedError('not a JSON file: expected an array of cars or { "cars": [...] }');

    let foundCars = false;
    const stages: unknown[] = [fs.createReadStream(this.file, { highWaterMark: 256 * 1024 }), parser()];
    if (root === '{') {
      stages.push(pick({
        filter: (stack) => {
          const hit = stack.length === 1 && stack[0] === 'cars';
          if (hit) foundCars = true;
          return hit;
        },
      }));
    }
    stages.push(streamArray(), chunked(CHUNK_ROWS));
    const stream = chain(stages as Parameters<typeof chain>[0]);
    try {
      for await (const items of stream as AsyncIterable<{ key: number; value: unknown }[]>) {
        yield items.map((item) => this.toRecord(item.key, item.value));
      }
    } catch (err) {
      if (err instanceof DomainError) throw err;
      // Valid JSON of the wrong shape (stream-json: "Top-level object should be an array."), not broken JSON.
      if (err instanceof Error && /should be an array/i.test(err.message)) {
        throw new UnusableFeedError(root === '{' ? 'the JSON object\'s "cars" is not an array of cars' : 'expected an array of cars or { "cars": [...] }');
      }
      if (err instanceof Error && !('code' in err)) throw new UnusableFeedError(`not valid JSON: ${err.message}`);
      throw err;
    } finally {
      stream.destroy();
    }
    if (root === '{' && !foundCars) throw new UnusableFeedError('the JSON object has no "cars" array');
  }

  private toRecord(index: number, value: unknown): FeedRecord {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      return { index, malformed: 'a car must be a JSON object', id: '' };
    }
    const shape = jsonShapeProblem(value, CAR_SHAPE_LIMITS);
    if (shape) {
      const vin = (value as Record<string, unknown>).vin;
      return { index, malformed: shape.details ? `${shape.details[0].field}: not a car field` : shape.message, id: typeof vin === 'string' ? vin : '' };
    }
    const values: RawCarValues = {};
    const strength = new Map<FeedTarget, number>();
    let kilometersUnit: KilometersUnit | undefined;
    for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
      const match = this.match(key);
      if (!match) continue;
      if (match.append) {
        if (typeof v === 'string' && v.trim() !== '') {
          const current = values[match.target];
          values[match.target] = typeof current === 'string' && current !== '' ? `${current}|${v.trim()}` : v.trim();
        }
        continue;
      }
      // A field's own name beats an alias, whatever the key order.
      if ((strength.get(match.target) ?? 0) >= match.strength) continue;
      strength.set(match.target, match.strength);
      values[match.target] = v;
      if (match.target === 'kilometers') kilometersUnit = match.unit;
    }
    return kilometersUnit ? { index, values, kilometersUnit } : { index, values };
  }

  private match(key: string): HeaderMatch | null {
    let match = this.keyCache.get(key);
    if (match === undefined) {
      match = matchHeader(key);
      if (this.keyCache.size < 1000) this.keyCache.set(key, match);
    }
    return match;
  }
}

function firstSignificantChar(head: Buffer): string | null {
  const text = head.toString('utf8').replace(/^\uFEFF/, '');
  const m = /\S/.exec(text);
  return m ? m[0] : null;
}
