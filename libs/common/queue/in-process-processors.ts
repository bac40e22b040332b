import { Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { BULL_MODULE_QUEUE, BULL_MODULE_QUEUE_PROCESS } from '@nestjs/bull/dist/bull.constants';
import { InProcessJobQueue } from './in-process-job-queue';
import { JobQueue, QueueJob } from './job-queue';

/**
 * The embedded default's counterpart of `@nestjs/bull`'s explorer: hands each `@Process()` method
 * of the app's `@Processor()` classes to the in-process queue. Which processors exist is decided
 * by the root module the process starts (the worker root adds them).
 */
@Injectable()
export class InProcessProcessors implements OnModuleInit, OnApplicationShutdown {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
    private readonly queue: JobQueue,
  ) {}

  onModuleInit(): void {
    const queue = this.queue as InProcessJobQueue;
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      if (!instance || !wrapper.metatype) continue;
      const processor = this.reflector.get<{ name?: string } | undefined>(BULL_MODULE_QUEUE, wrapper.metatype);
      if (!processor?.name) continue;
      for (const method of this.scanner.getAllMethodNames(Object.getPrototypeOf(instance))) {
        const handler = instance[method] as (job: QueueJob<unknown>) => Promise<void>;
        const options = this.reflector.get<{ concurrency?: number } | undefined>(BULL_MODULE_QUEUE_PROCESS, handler);
        if (options) queue.process(processor.name, handler.bind(instance), options.concurrency ?? 1);
      }
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await (this.queue as InProcessJobQueue).close();
  }
}
