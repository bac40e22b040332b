/** Port: the dealership context's answer to "which country is this dealership in" (VIN rules, units). null: no such dealership. */
export abstract class DealershipRegions {
  abstract regionOf(dealerId: string): Promise<string | null>;
}
