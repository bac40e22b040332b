/**
 * In-process notice that a dealership's inventory was replaced or emptied, so readers that cache
 * what it stocks (search's names) refresh at once instead of at the end of their TTL.
 */
export class InventoryChanges {
  private readonly listeners: ((dealerId: string) => void)[] = [];

  subscribe(listener: (dealerId: string) => void): void {
    this.listeners.push(listener);
  }

  changed(dealerId: string): void {
    for (const listener of this.listeners) listener(dealerId);
  }
}
