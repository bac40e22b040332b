import { FeedTarget, KilometersUnit } from './feed-headers';

/** The values of one feed row by field, as the file gave them (strings from CSV; any JSON value). */
export type RawCarValues = Partial<Record<FeedTarget, unknown>>;

/** One data row of a feed: its values, or why it could not be read as a row at all. */
export type FeedRecord =
  | { index: number; values: RawCarValues; kilometersUnit?: KilometersUnit }
  /** A row that cannot be read: `tooLong` when a field was over the reader's length cap (1007, else 1006). */
  | { index: number; malformed: string; id: string; tooLong?: boolean };

/**
 * An uploaded inventory file read in order, a chunk of rows at a time (one promise per chunk, not
 * per row: at 100,000 rows that matters). Iterating throws UnusableFeedError when the file is
 * unusable as a whole (empty, not CSV/JSON, no VIN column). Implementations read with bounded
 * memory, whatever the file size.
 */
export interface CarFeed {
  records(): AsyncIterable<FeedRecord[]>;
}
