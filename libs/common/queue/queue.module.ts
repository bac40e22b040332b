import { Global, Module, OnApplicationShutdown } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { AppConfig } from '../../../src/config/app-config';
import { BullJobQueue } from './bull-job-queue';
import { InProcessJobQueue } from './in-process-job-queue';
import { JobQueue } from './job-queue';

@Global()
@Module({
  providers: [
    {
      provide: JobQueue,
      inject: [AppConfig],
      useFactory: (config: AppConfig): JobQueue =>
        config.redisUrl ? new BullJobQueue(config.redisUrl, config.queuePrefix) : new InProcessJobQueue(),
    },
  ],
  exports: [JobQueue],
})
export class QueueModule implements OnApplicationShutdown {
  constructor(private readonly moduleRef: ModuleRef) {}

  async onApplicationShutdown(): Promise<void> {
    await this.moduleRef.get(JobQueue).close();
  }
}
