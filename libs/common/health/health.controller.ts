import { Controller, Get, Res, ServiceUnavailableException } from '@nestjs/common';
import {
  HealthCheck, HealthCheckResult, HealthCheckService, HealthIndicatorFunction, HealthIndicatorResult, TypeOrmHealthIndicator,
} from '@nestjs/terminus';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags, ApiResponse } from '@nestjs/swagger';
import type { Response } from 'express';
import { performance } from 'node:perf_hooks';
import { Public } from '../auth/auth.decorators';
import { LivenessResponse, ReadinessResponse } from './health.response.dto';
import { QueueHealthIndicator } from './queue.health';

/** Below the 2 s in which decisions.md promises a 503 when the database is down. */
const DATABASE_TIMEOUT_MS = 1500;
/** What a 503 tells the caller (load balancer, orchestrator) to wait before asking again. */
const RETRY_AFTER_SECONDS = 5;
const RETRY_AFTER_HEADER = { 'Retry-After': { description: 'Seconds to wait before asking again', schema: { type: 'integer', example: RETRY_AFTER_SECONDS } } };

@ApiTags('health')
@Public()
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly queue: QueueHealthIndicator,
  ) {}

  /** The process is up and serving HTTP; it checks no dependency (a restart would not fix one). */
  @Get('live')
  @HealthCheck({ swaggerDocumentation: false, noCache: true })
  @ApiOperation({ summary: 'Liveness: the process answers', operationId: 'getLiveness' })
  @ApiResponse({ status: 431, description: 'Request headers too large (as on every route)' })
  @ApiOkResponse({ type: LivenessResponse, description: 'The process is up' })
  @ApiServiceUnavailableResponse({ type: LivenessResponse, description: 'The process is shutting down (`status` `shutting_down`)', headers: RETRY_AFTER_HEADER })
  async live(@Res({ passthrough: true }) res: Response): Promise<LivenessResponse> {
    const result = await this.check(res, [
      async () => ({ process: { status: 'up', uptime_seconds: Math.floor(process.uptime()) } }),
    ]);
    return result as unknown as LivenessResponse;
  }

  /** The database and the queue answer; 503 with Retry-After otherwise, `error` naming what is down. */
  @Get('ready')
  @HealthCheck({ swaggerDocumentation: false, noCache: true })
  @ApiOperation({ summary: 'Readiness: the database and the queue answer', operationId: 'getReadiness' })
  @ApiResponse({ status: 431, description: 'Request headers too large (as on every route)' })
  @ApiOkResponse({ type: ReadinessResponse, description: 'Every dependency is up' })
  @ApiServiceUnavailableResponse({ type: ReadinessResponse, description: 'A dependency is down (named in `error`), or the process is shutting down', headers: RETRY_AFTER_HEADER })
  async ready(@Res({ passthrough: true }) res: Response): Promise<ReadinessResponse> {
    const result = await this.check(res, [
      () => timed(() => this.database.pingCheck('database', { timeout: DATABASE_TIMEOUT_MS })),
      () => timed(() => this.queue.pingCheck('queue')),
    ]);
    return result as unknown as ReadinessResponse;
  }

  /**
   * Terminus throws a 503 exception carrying the result when a check is down or the app shuts down;
   * it is answered here, as a health body with Retry-After, not as an error of the error model.
   */
  private async check(res: Response, indicators: HealthIndicatorFunction[]): Promise<HealthCheckResult> {
    const result = await this.health.check(indicators).catch((err: unknown) => {
      if (err instanceof ServiceUnavailableException) return err.getResponse() as HealthCheckResult;
      throw err;
    });
    if (result.status !== 'ok') res.status(503).setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
    return result;
  }
}

/** Adds the check's duration (`response_time_ms`) to its result. */
async function timed<Key extends string>(check: () => Promise<HealthIndicatorResult<Key>>): Promise<HealthIndicatorResult<Key>> {
  const started = performance.now();
  const result = await check();
  const elapsed = Math.round(performance.now() - started);
  for (const key of Object.keys(result) as Key[]) result[key] = { ...result[key], response_time_ms: elapsed };
  return result;
}
