import * as fs from 'node:fs';
import { pipeline, Transform } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { parse } from 'fast-csv';
import { chunked } from './chunk-stream';
import { createFieldCap, CSV_FIELD_MAX_BYTES, CSV_ROW_MAX_BYTES } from './csv-field-cap';

/**
 * Rows per chunk handed over: one await (or one message) per chunk rather than per row, and chunks
 * small enough to die young (larger ones survive into V8's old space and inflate the heap).
 */
const CSV_CHUNK_ROWS = 100;
/** Files from this size on are parsed on a worker thread (below it, starting one costs more than it saves). */
const CSV_WORKER_THRESHOLD_BYTES = 1024 * 1024;
/** Chunks a worker may send ahead of the consumer: bounds memory. */
const WORKER_CREDITS = 4;

export interface CsvSource {
  file: string;
  /** Byte offset to start at (past a BOM). */
  start: number;
  delimiter: string;
  size: number;
}

/** A fast-csv parse error (the file is not valid CSV), as opposed to an I/O failure. */
export class CsvSyntaxError extends Error {}

/**
 * The rows of a CSV file as string arrays, in chunks, parsed by fast-csv. fast-csv builds an
 * object per character, which makes it about half of a large upload's CPU time; large files are
 * therefore parsed on a worker thread, beside validation and the database instead of before them.
 */
export function csvRows(source: CsvSource): AsyncGenerator<string[][]> {
  return source.size >= CSV_WORKER_THRESHOLD_BYTES ? rowsOnWorker(source) : rowsInThread(source);
}

const isParseError = (err: unknown) => err instanceof Error && err.message.startsWith('Parse Error');

async function* rowsInThread(source: CsvSource): AsyncGenerator<string[][]> {
  const input = fs.createReadStream(source.file, { start: source.start, highWaterMark: 64 * 1024 });
  // Blank lines are left to the caller (cheaper than fast-csv's ignoreEmpty).
  const parser = parse<string[], string[]>({ delimiter: source.delimiter, headers: false });
  const chunks = chunked<string[]>(CSV_CHUNK_ROWS);
  pipeline(input, fieldCap(source.delimiter), parser, chunks, () => undefined); // destroys all on error; the error surfaces in the loop
  try {
    for await (const rows of chunks as AsyncIterable<string[][]>) yield rows;
  } catch (err) {
    throw isParseError(err) ? new CsvSyntaxError((err as Error).message) : err;
  } finally {
    input.destroy();
    parser.destroy();
    chunks.destroy();
  }
}

/** The byte that separates fields, or -1 for a delimiter outside ASCII. */
function delimiterByte(delimiter: string): number {
  const code = delimiter.charCodeAt(0);
  return code < 0x80 ? code : -1;
}

function fieldCap(delimiter: string): Transform {
  return capStream(Transform, createFieldCap(delimiterByte(delimiter), CSV_FIELD_MAX_BYTES, CSV_ROW_MAX_BYTES));
}

/**
 * The cap as a stream stage. Self-contained, like createFieldCap (the worker evaluates its source
 * text), so it takes the Transform class rather than importing it.
 */
function capStream(TransformClass: typeof Transform, cap: ReturnType<typeof createFieldCap>): Transform {
  return new TransformClass({
    transform(chunk: Buffer, _encoding, done) {
      done(null, cap(chunk, false));
    },
    flush(done) {
      done(null, cap(new Uint8Array(0), true));
    },
  });
}

type WorkerMessage = { rows: string[][] } | { end: true } | { error: string; syntax: boolean };

/** The worker: plain JavaScript evaluated in a worker thread (no build step: the same in tests and dist). */
const WORKER_SOURCE = `
const { workerData, parentPort } = require('node:worker_threads');
const fs = require('node:fs');
const { Transform } = require('node:stream');
const { parse } = require(workerData.fastCsv);
const cap = (${createFieldCap.toString()})(workerData.delimiterByte, workerData.fieldMaxBytes, workerData.rowMaxBytes);
const fieldCap = (${capStream.toString()})(Transform, cap);
const input = fs.createReadStream(workerData.file, { start: workerData.start, highWaterMark: 64 * 1024 });
const parser = parse({ delimiter: workerData.delimiter, headers: false });
let credits = workerData.credits;
let rows = [];
parentPort.on('message', () => {
  credits++;
  if (parser.isPaused()) parser.resume();
});
parser.on('data', (row) => {
  rows.push(row);
  if (rows.length < workerData.chunkRows) return;
  parentPort.postMessage({ rows });
  rows = [];
  if (--credits <= 0) parser.pause();
});
parser.on('end', () => {
  if (rows.length > 0) parentPort.postMessage({ rows });
  parentPort.postMessage({ end: true });
});
const fail = (err) => {
  const message = String(err && err.message);
  parentPort.postMessage({ error: message, syntax: message.startsWith('Parse Error') });
};
parser.on('error', fail);
input.on('error', fail);
input.pipe(fieldCap).pipe(parser);
`;

async function* rowsOnWorker(source: CsvSource): AsyncGenerator<string[][]> {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    // fast-csv's garbage is short-lived: a small young generation keeps the worker's heap small.
    resourceLimits: { maxYoungGenerationSizeMb: 8 },
    workerData: {
      ...source, fastCsv: require.resolve('fast-csv'), chunkRows: CSV_CHUNK_ROWS, credits: WORKER_CREDITS,
      delimiterByte: delimiterByte(source.delimiter), fieldMaxBytes: CSV_FIELD_MAX_BYTES, rowMaxBytes: CSV_ROW_MAX_BYTES,
    },
  });
  const queue: WorkerMessage[] = [];
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  worker.on('message', (message: WorkerMessage) => {
    queue.push(message);
    notify();
  });
  worker.on('error', (err) => {
    failure = err;
    notify();
  });
  worker.on('exit', (code) => {
    failure ??= new Error(`The CSV worker exited (code ${code}) before the end of the file`);
    notify();
  });
  try {
    for (;;) {
      const message = queue.shift();
      if (!message) {
        if (failure) throw failure;
        await new Promise<void>((resolve) => (wake = resolve));
        continue;
      }
      if ('end' in message) return;
      if ('error' in message) throw message.syntax ? new CsvSyntaxError(message.error) : new Error(message.error);
      worker.postMessage(1); // a credit: one more chunk may come
      yield message.rows;
    }
  } finally {
    worker.removeAllListeners();
    await worker.terminate();
  }
}
