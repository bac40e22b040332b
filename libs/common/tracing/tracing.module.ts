import { Global, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { tracing } from './tracing';

/** At shutdown, sends the spans still buffered before the process exits (nothing when tracing is off). */
@Injectable()
class TraceShutdown implements OnApplicationShutdown {
  onApplicationShutdown(): Promise<void> {
    return tracing().shutdown();
  }
}

/**
 * Global, and the first module PlatformModule imports: Nest shuts global modules down last, in the
 * reverse order it found them, so this comes after the queues let their running jobs finish.
 */
@Global()
@Module({ providers: [TraceShutdown] })
export class TracingModule {}
