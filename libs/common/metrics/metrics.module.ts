import { DynamicModule, Global, Module } from '@nestjs/common';
import { JobQueue } from '../queue/job-queue';
import { PrometheusMetrics } from './prometheus-metrics';
import { NO_METRICS, ServiceMetrics } from './service-metrics';

/**
 * The ServiceMetrics port for every context: Prometheus when `enabled` (operator access is
 * configured, so someone can read them), else nothing is recorded.
 */
@Global()
@Module({})
export class MetricsModule {
  static forRoot(options: { enabled: boolean }): DynamicModule {
    return {
      module: MetricsModule,
      providers: [
        {
          provide: ServiceMetrics,
          inject: [JobQueue],
          useFactory: (queue: JobQueue) => (options.enabled ? new PrometheusMetrics(queue) : NO_METRICS),
        },
      ],
      exports: [ServiceMetrics],
    };
  }
}
