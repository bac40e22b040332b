// Serves the built app for a benchmark, as `npm start` would, optionally with Basic auth replaced
// by a stub that admits one fixed dealer (the baseline that auth's overhead is measured against).
// Usage: node bench/support/serve.mjs [--no-auth DEALER_ID]; env as for the service. Prints "READY <port>".
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
require('reflect-metadata');
const { Test } = require('@nestjs/testing');
const { apiProcessModule, configureHttpApp } = require('../../dist/src/app.factory.js');
const { migrate } = require('../../dist/src/migrate.js');
const { loadConfig } = require('../../dist/src/config/app-config.js');
const { BasicAuthenticator } = require('../../dist/libs/common/auth/basic-authenticator.js');

const noAuthIndex = process.argv.indexOf('--no-auth');
const config = loadConfig(process.env);
// As a deploy does before the processes start (`npm run migrate`).
await migrate(config);
let builder = Test.createTestingModule({ imports: [apiProcessModule(config)] });
if (noAuthIndex > 0) {
  const dealerId = process.argv[noAuthIndex + 1];
  builder = builder.overrideProvider(BasicAuthenticator).useValue({
    authenticate: async () => ({ kind: 'dealer', username: 'bench', dealerId, partnerId: null }),
  });
}
const moduleRef = await builder.compile();
const app = moduleRef.createNestApplication({ rawBody: true, bodyParser: false, bufferLogs: true });
configureHttpApp(app, config);
await app.listen(0, '127.0.0.1');
process.stdout.write(`READY ${app.getHttpServer().address().port}\n`);
