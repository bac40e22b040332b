/** Port: what the partner webhook needs of the dealership context. Joins the caller's unit of work. */
export abstract class DealershipIntegrations {
  /** Finds the dealership (created from name and region when there is none) and records the integration on it. */
  abstract enable(request: {
    dealerId: string;
    name: string;
    region: string;
    integration: { key: string; subscription_id: string };
    at: Date;
  }): Promise<{ dealershipCreated: boolean; change: 'created' | 'updated' | 'unchanged' }>;
}
