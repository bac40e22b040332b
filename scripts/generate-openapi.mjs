// npm run openapi — writes the OpenAPI document of the built app to libs/client/openapi.json and
// generates the client's types from it (libs/client/schema.d.ts). Run after changing an endpoint;
// test/foundation/openapi.e2e-spec.ts fails while the committed document is stale.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const { openApiDocumentOfBuiltApp } = require(path.join(ROOT, 'dist/src/openapi-document.js'));

const document = await openApiDocumentOfBuiltApp();
const file = path.join(ROOT, 'libs/client/openapi.json');
fs.writeFileSync(file, JSON.stringify(document, null, 2) + '\n');
execFileSync(process.execPath, [path.join(ROOT, 'node_modules/openapi-typescript/bin/cli.js'), file, '-o', path.join(ROOT, 'libs/client/schema.d.ts')], { stdio: 'inherit' });
console.log(`wrote ${path.relative(ROOT, file)} (${Object.keys(document.paths).length} paths) and libs/client/schema.d.ts`);
