import 'reflect-metadata';
import * as fs from 'node:fs';
import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Command, CommanderError } from 'commander';
import { PARTNER_ENDPOINTS } from '../libs/common/auth/principal';
import { DomainError } from '../libs/common/errors/domain-error';
import { CliModule } from './cli.module';
import { loadConfig } from './config/app-config';
import { DemoSetup } from './demo/demo-setup';
import { migrate } from './migrate';
import { ImportCatalogUseCase } from './modules/catalog';
import { ConfigureDealerUseCase, CreateDealerUseCase, ManageCredentialsUseCase, SetDealershipStatusUseCase } from './modules/dealership';
import { RecordInboundMessageUseCase } from './modules/engagement';
import { ListDeliveryAuditUseCase, MAX_AUDIT_TAKE } from './modules/partner-integration';

/**
 * `npm run cli -- <command>`: each command prints one JSON object on stdout; errors go to stderr
 * with a non-zero exit. The commands and their output are stable (decisions.md section 3).
 */
type Run = <T>(work: (app: INestApplicationContext) => Promise<T>) => Promise<void>;

export function buildProgram(run: Run): Command {
  const program = new Command('cli').description('Dealership API administration').exitOverride();

  const dealer = program.command('dealer').description('dealerships');
  dealer.command('create')
    .requiredOption('--name <name>', 'display name')
    .option('--id <id>', 'dealer id (default: slug of the name)')
    .option('--region <code>', 'country code, e.g. CA or US', 'US')
    .action((o: { name: string; id?: string; region: string }) => run((app) => app.get(CreateDealerUseCase).execute(o)));
  dealer.command('configure')
    .requiredOption('--id <id>', 'dealer id')
    .requiredOption('--file <profile.json>', 'partial profile to deep-merge')
    .action((o: { id: string; file: string }) => run((app) => app.get(ConfigureDealerUseCase).execute(o.id, readJson(o.file))));
  for (const [name, status] of [['disable', 'disabled'], ['enable', 'active']] as const) {
    dealer.command(name)
      .requiredOption('--id <id>', 'dealer id')
      .action((o: { id: string }) => run((app) => app.get(SetDealershipStatusUseCase).execute(o.id, status)));
  }

  const credentials = program.command('credentials').description('API credentials');
  credentials.command('rotate')
    .requiredOption('--dealer <id>', 'dealer id')
    .action((o: { dealer: string }) => run((app) => app.get(ManageCredentialsUseCase).rotate(o.dealer)));
  credentials.command('revoke')
    .requiredOption('--username <key>', 'credential key id')
    .action((o: { username: string }) => run((app) => app.get(ManageCredentialsUseCase).revoke(o.username)));

  const partner = program.command('partner').description('partners');
  partner.command('create')
    .requiredOption('--name <name>', 'partner name')
    .option('--endpoints <list>', `what its credential opens, comma-separated: ${PARTNER_ENDPOINTS.join(', ')}`, 'credit-application')
    .action((o: { name: string; endpoints: string }) => run((app) => app.get(ManageCredentialsUseCase).createPartner(o.name, listOf(o.endpoints))));
  partner.command('endpoints')
    .description("set what a partner's credentials open (partners made before this choice existed open every partner endpoint)")
    .requiredOption('--id <partner>', 'partner id')
    .requiredOption('--set <list>', `comma-separated: ${PARTNER_ENDPOINTS.join(', ')}`)
    .action((o: { id: string; set: string }) => run((app) => app.get(ManageCredentialsUseCase).setPartnerEndpoints(o.id, listOf(o.set))));
  partner.command('deliveries')
    .description('the newest partner webhook deliveries from the audit (kept 30 days), accepted and refused')
    .option('--partner <id>', 'only this partner')
    .option('--take <n>', `how many (1..${MAX_AUDIT_TAKE})`, '50')
    .action((o: { partner?: string; take: string }) => run((app) => app.get(ListDeliveryAuditUseCase).execute({ partnerId: o.partner, take: Number(o.take) })));

  program.command('catalog').description('the system-wide manufacturer catalog').command('import')
    .argument('<file>', 'catalog JSON, format dealer-api-catalog/1 (src/modules/catalog/seed/README.md)')
    .description("validate the whole file, then replace the models and trims of each manufacturer in it; idempotent")
    .action((file: string) => run(async (app) => ({ file, ...(await app.get(ImportCatalogUseCase).execute(readJson(file))) })));

  program.command('conversations').description('conversations').command('inbound')
    .description("record a customer's message as the messaging engine would (role user)")
    .requiredOption('--dealer <id>', 'dealer id')
    .requiredOption('--channel <channel>', 'sms, email, webchat, ...')
    .requiredOption('--text <text>', 'the message')
    .option('--from <phone-or-email>', 'the sender (E.164 or national phone, or email address)')
    .option('--conversation <id>', 'append to this conversation instead of the sender\'s open one')
    .option('--name <full name>', "the sender's name")
    .option('--external-id <id>', "the engine's message id (a repeat is recorded once)")
    .action((o: { dealer: string; channel: string; text: string; from?: string; conversation?: string; name?: string; externalId?: string }) => run(async (app) => {
      const recorded = await app.get(RecordInboundMessageUseCase).execute({
        dealerId: o.dealer, channel: o.channel, text: o.text, from: o.from, conversationId: o.conversation, fullName: o.name, externalId: o.externalId,
      });
      return { conversation_id: recorded.conversationId, message_id: recorded.messageId, duplicate: recorded.duplicate };
    }));

  program.command('demo').description('demo data').command('seed')
    .description('create and fill the demo dealership once; later runs print the same credentials (new ones only if those stopped working)')
    .action(() => run((app) => app.get(DemoSetup).ensureDemo()));

  return program;
}

/** A comma-separated option as its non-empty parts. */
function listOf(option: string): string[] {
  return option.split(',').map((part) => part.trim()).filter(Boolean);
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`cannot read ${file} as JSON: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
}

export function describeError(err: unknown): string {
  if (err instanceof DomainError) {
    return JSON.stringify({ error: err.message, code: err.code, details: err.details ?? null });
  }
  return JSON.stringify({ error: err instanceof Error ? err.message : String(err) });
}

async function main(argv: string[]): Promise<number> {
  const config = loadConfig(process.env);
  let app: INestApplicationContext | undefined;
  const run: Run = async (work) => {
    // On the embedded default a fresh clone's first command creates the database, as `npm start` would.
    if (config.migrateOnStart) await migrate(config);
    app = await NestFactory.createApplicationContext(CliModule.forRoot(config), { logger: false, abortOnError: false });
    const result = await work(app);
    process.stdout.write(JSON.stringify(result) + '\n');
  };
  try {
    await buildProgram(run).parseAsync(argv);
    return 0;
  } catch (err) {
    if (err instanceof CommanderError) return err.exitCode === 0 ? 0 : 2;
    process.stderr.write(describeError(err) + '\n');
    return 1;
  } finally {
    await app?.close();
  }
}

if (require.main === module) {
  main(process.argv).then((code) => process.exit(code), (err: unknown) => {
    process.stderr.write(describeError(err) + '\n');
    process.exit(1);
  });
}
