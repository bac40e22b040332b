import { describeEachBackend } from '../support/backends';
import { startTestApp, TestApp } from '../support/test-app';

describeEachBackend('Health and API documentation', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(() => t.close());

  it('/health/live and /health/ready need no credentials', async () => {
    await t.http().get('/health/live').expect(200, { status: 'ok' });
    await t.http().get('/health/ready').expect(200, { status: 'ok', checks: { database: 'up', queue: 'up' } });
  });

  it('serves the OpenAPI document and Swagger UI', async () => {
    const doc = await t.http().get('/docs/openapi.json').expect(200);
    expect(doc.body.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.body.paths)).toContain('/api/v1/dealership');
    expect(doc.body.components.securitySchemes.basic).toEqual({ type: 'http', scheme: 'basic' });
    const ui = await t.http().get('/docs/').expect(200);
    expect(ui.text).toContain('swagger-ui');
  });
});
