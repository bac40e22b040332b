import { DynamicModule, Global, Module } from '@nestjs/common';
import { JobQueue } from '../queue/job-queue';
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
          // prom-client (and the @opentelemetry/api facade it requires) loads only when metrics are on.
          useFactory: async (queue: JobQueue) => (options.enabled ? new (await import('./prometheus-metrics')).PrometheusMetrics(queue) : NO_METRICS),
        },
      ],
      exports: [ServiceMetrics],
    };
  }
}
