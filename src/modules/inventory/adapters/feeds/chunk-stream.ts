import { Transform } from 'node:stream';

/** Groups the objects of a stream into arrays of up to `size` (so consumers await per chunk, not per row). */
export function chunked<T>(size: number): Transform {
  let chunk: T[] = [];
  return new Transform({
    objectMode: true,
    transform(item: T, _encoding, done) {
      chunk.push(item);
      if (chunk.length < size) return done();
      const full = chunk;
      chunk = [];
      done(null, full);
    },
    flush(done) {
      if (chunk.length > 0) this.push(chunk);
      done();
    },
  });
}
