import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './schema';

export type { components, operations, paths } from './schema';

/**
 * A typed client for the dealership API, generated from the committed OpenAPI document
 * (`npm run openapi` regenerates both). Paths, parameters and bodies are checked by TypeScript:
 *
 *   const api = createDealerApiClient('http://127.0.0.1:3000', { username, password });
 *   const { data, error } = await api.GET('/api/v1/inventory/used', { params: { query: { Take: 50 } } });
 */
export function createDealerApiClient(baseUrl: string, credentials: { username: string; password: string }): Client<paths> {
  const token = Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64');
  return createClient<paths>({ baseUrl, headers: { Authorization: `Basic ${token}` } });
}
