// stream-json 3 reaches its streamers and filters through package "exports" subpaths, which this
// project's TypeScript module resolution (node10) does not read; these are the parts we use.
declare module 'stream-json/streamers/stream-array.js' {
  export function streamArray(options?: Record<string, unknown>): unknown;
}

declare module 'stream-json/filters/pick.js' {
  export function pick(options: { filter: string | RegExp | ((stack: readonly (string | number | null)[], chunk: unknown) => boolean) }): unknown;
}
