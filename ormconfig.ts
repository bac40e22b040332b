/* eslint-disable @typescript-eslint/no-require-imports */
// TypeORM's CLI: `npx typeorm -d ormconfig.ts migration:show` (DATABASE_URL picks MySQL, else the
// embedded SQLite file). The CLI require()s this file with no TypeScript loader, so it is written
// as plain CommonJS: it registers ts-node (transpile only) and then loads the typed data source.
require('ts-node').register({ transpileOnly: true, compilerOptions: { module: 'commonjs' } });
module.exports = require('./src/data-source').default;
