import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { HealthController } from './health.controller';
import { QueueHealthIndicator } from './queue.health';

/** `GET /health/live` and `GET /health/ready` (unauthenticated) through `@nestjs/terminus`; failed checks are logged as JSON. */
@Module({
  imports: [TerminusModule.forRoot({ errorLogStyle: 'json' })],
  controllers: [HealthController],
  providers: [QueueHealthIndicator],
})
export class HealthModule {}
