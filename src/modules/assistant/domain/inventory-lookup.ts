/** A car as the assistant may describe it (read through the InventoryLookup port). */
export interface VehicleFacts {
  vin: string;
  condition: string;
  year: number | null;
  make: string | null;
  model: string | null;
  trim: string | null;
  price: number | null;
  kilometers: number | null;
  color: string | null;
  type: string | null;
  stockNumber: string | null;
  /** Whether the feed reports an accident (null: not said). */
  accident: boolean | null;
  /** Certified pre-owned (null: not said). */
  certified: boolean | null;
  /** Days since it was listed. */
  daysInStock: number | null;
  doors: number | null;
  seats: number | null;
  /** Drive train, transmission and fuel as the feed wrote them ("Front-Wheel Drive", "8-Speed Automatic"). */
  driveTrain: string | null;
  transmission: string | null;
  fuelType: string | null;
  engine: string | null;
  /** The feed's feature list and description: free text, shown to a model as data (tool-data.ts), grounding nothing. */
  options: string | null;
  description: string | null;
}

export interface InventorySummary {
  total: number;
  used: number;
  new: number;
  priceMin: number | null;
  priceMax: number | null;
  priceAverage: number | null;
  byMake: { make: string; count: number }[];
}

/** A search's answer: how many match, the first few, and whether the query named anything search understood (else any cars). */
export interface InventorySearch {
  total: number;
  understood: boolean;
  /** The order the query asked for ("cheapest": price_asc, "newest": year_desc, "lowest km": kilometers_asc), if any. */
  order: string | null;
  cars: VehicleFacts[];
  /** When none match: the closest cars, each with the attributes in which it differs from what was asked. */
  closest: { car: VehicleFacts; differs: string[] }[];
}

/** Port: the caller's dealership's cars, from the inventory context. */
export abstract class InventoryLookup {
  /**
   * Natural-language search (the same translator as POST /search): how many match, and the first
   * `take`. `within`: the earlier queries of the thread this one refines, oldest first.
   */
  abstract search(dealerId: string, query: string, take: number, within?: readonly string[]): Promise<InventorySearch>;
  abstract findByVin(dealerId: string, vin: string): Promise<VehicleFacts | null>;
  abstract summary(dealerId: string): Promise<InventorySummary>;
  /** Listed at least `minDays` ago, oldest first. */
  abstract aged(dealerId: string, minDays: number, take: number): Promise<VehicleFacts[]>;
}
