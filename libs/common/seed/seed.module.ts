import { Global, Module } from '@nestjs/common';
import { DemoSeedRegistry } from './demo-seed.registry';

@Global()
@Module({ providers: [DemoSeedRegistry], exports: [DemoSeedRegistry] })
export class SeedModule {}
