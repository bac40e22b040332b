import * as fs from 'node:fs';
import * as path from 'node:path';
import { createDealerApiClient } from '../../libs/client';
import { describeEachBackend } from '../support/backends';
import { createDealer, listenOnFreePort, startTestApp, TestApp } from '../support/test-app';

const ROOT = path.resolve(__dirname, '../..');
const BUILT = path.join(ROOT, 'dist/src/openapi-document.js');

describe('The committed OpenAPI document', () => {
  it('is the one the built app serves (run `npm run openapi` after changing an endpoint)', async () => {
    if (!fs.existsSync(BUILT)) throw new Error(`${BUILT} is missing: npm test builds it first (pretest)`);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { openApiDocumentOfBuiltApp } = require(BUILT) as { openApiDocumentOfBuiltApp: () => Promise<unknown> };
    const committed = JSON.parse(fs.readFileSync(path.join(ROOT, 'libs/client/openapi.json'), 'utf8'));
    expect(JSON.parse(JSON.stringify(await openApiDocumentOfBuiltApp()))).toEqual(committed);
  });
});

describeEachBackend('The generated client', (backend) => {
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await startTestApp(backend);
    ({ baseUrl } = await listenOnFreePort(t));
  });
  afterAll(() => t.close());

  it('calls the API with typed paths and Basic credentials', async () => {
    const dealer = await createDealer(t);
    const api = createDealerApiClient(baseUrl, dealer);
    const profile = await api.GET('/api/v1/dealership');
    expect(profile.response.status).toBe(200);
    expect((profile.data as { id: string }).id).toBe(dealer.dealerId);
    const translated = await api.POST('/api/v1/search/translate', { body: { query: 'red cars' } });
    expect(translated.data?.arguments).toEqual([{ comparator: 'eq', attribute: 'color', value: 'Red', operator: null, arguments: [] }]);
    const refused = await createDealerApiClient(baseUrl, { username: dealer.username, password: 'wrong' }).GET('/api/v1/dealership');
    expect(refused.response.status).toBe(401);
  });
});
