/**
 * The row a search answers, shared by inventory (which reads it from its table) and search (which
 * serves it): the wire row of spec 2.2 and decisions.md section 4, one definition for both.
 */
/** A search hit; a value the car does not have is null (decisions.md section 1). */
export interface SearchHit {
  vin: string;
  stock_number: string | null;
  display_name: string;
  manufacturer: string | null;
  model: string | null;
  trim: string | null;
  year: number | null;
  type: string | null;
  condition: string;
  /** decisions.md section 4: enough for a result list without a second call. */
  price: number | null;
  kilometers: number | null;
  /** The canonical colour, or null when the stored colour is none of them. */
  color: string | null;
  /** The first photo. */
  image_url: string | null;
}
