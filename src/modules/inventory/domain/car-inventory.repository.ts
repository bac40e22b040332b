import { PageRequest } from '../../../../libs/common/pagination/page';
import { Car, CarCondition, CarData } from './car';

/** Port: reading a dealership's cars. Every method takes the dealership id. */
export abstract class CarInventoryRepository {
  /** Newest first (date_created), ties in upload row order; deleted rows never listed. */
  abstract list(dealerId: string, condition: CarCondition, page: PageRequest): Promise<{ cars: Car[]; total: number }>;
  abstract findByVin(dealerId: string, condition: CarCondition, vin: string): Promise<Car | null>;
  /** Cars of the condition in stock. */
  abstract count(dealerId: string, condition: CarCondition): Promise<number>;
  /** Counts by condition and make, and the price range, of the cars in stock. */
  abstract statistics(dealerId: string): Promise<InventoryStatistics>;
  /** Cars listed before `before`, oldest first. */
  abstract listedBefore(dealerId: string, before: Date, take: number): Promise<Car[]>;
}

export interface InventoryStatistics {
  total: number;
  byCondition: Record<CarCondition, number>;
  byMake: { make: string; count: number }[];
  price: { min: number | null; max: number | null; average: number | null };
}

export interface ReplaceOutcome {
  /** Cars of the condition that were in the inventory before (all of them are replaced). */
  deleted: number;
  inserted: number;
}

/**
 * Port: replacing a dealership's inventory of one condition. Atomic: readers see the old
 * inventory until the new one is complete, and a failure at any point leaves the old one intact.
 */
export abstract class CarInventoryStore {
  /** Consumes the batches (bounded memory) and swaps them in as the whole inventory of `condition`. */
  abstract replace(dealerId: string, condition: CarCondition, batches: AsyncIterable<CarData[]>): Promise<ReplaceOutcome>;
  /** Removes every car of the condition; returns their VINs in listing order. */
  abstract deleteAll(dealerId: string, condition: CarCondition): Promise<string[]>;
}

/** Port: one upload (or delete-all) at a time per dealership, across processes where the database allows. */
export abstract class InventoryUploadLock {
  /** A release function, or null when another upload holds the dealership. */
  abstract tryAcquire(dealerId: string): Promise<(() => Promise<void>) | null>;
}
