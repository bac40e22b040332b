import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

const HEALTH_STATUSES = ['ok', 'error', 'shutting_down'] as const;
const INDICATOR_STATUSES = ['up', 'down'] as const;

/** One dependency's state, as terminus reports it. */
export class DependencyHealthResponse {
  @ApiProperty({ enum: INDICATOR_STATUSES, example: 'up' })
  status!: (typeof INDICATOR_STATUSES)[number];

  @ApiProperty({ type: 'integer', description: 'How long the check took, in milliseconds', example: 3 })
  response_time_ms!: number;

  @ApiPropertyOptional({ description: 'Why the dependency is down (absent when it is up)', example: 'timeout of 1500ms exceeded' })
  message?: string;
}

/** The process itself. */
export class ProcessHealthResponse {
  @ApiProperty({ enum: ['up'], example: 'up' })
  status!: 'up';

  @ApiProperty({ type: 'integer', description: 'Seconds since the process started', example: 3600 })
  uptime_seconds!: number;
}

export class LivenessChecksResponse {
  @ApiProperty({ type: ProcessHealthResponse })
  process!: ProcessHealthResponse;
}

/** Every dependency the API needs to serve requests. */
export class ReadinessChecksResponse {
  @ApiProperty({ type: DependencyHealthResponse, description: 'The database (TypeORM: `SELECT 1`)' })
  database!: DependencyHealthResponse;

  @ApiProperty({ type: DependencyHealthResponse, description: 'The job queue (Redis for Bull; the in-process queue when REDIS_URL is unset)' })
  queue!: DependencyHealthResponse;
}

/** Some of the dependencies: those that are up (`info`) or down (`error`). */
export class PartialReadinessChecksResponse {
  @ApiPropertyOptional({ type: DependencyHealthResponse })
  database?: DependencyHealthResponse;

  @ApiPropertyOptional({ type: DependencyHealthResponse })
  queue?: DependencyHealthResponse;
}

/** `GET /health/live`, in the shape of `@nestjs/terminus`. */
export class LivenessResponse {
  @ApiProperty({ enum: HEALTH_STATUSES, example: 'ok' })
  status!: (typeof HEALTH_STATUSES)[number];

  @ApiProperty({ type: LivenessChecksResponse, description: 'The checks that are up' })
  info!: LivenessChecksResponse;

  @ApiProperty({ type: 'object', properties: {}, description: 'The checks that are down (none while the process answers)', example: {} })
  error!: Record<string, never>;

  @ApiProperty({ type: LivenessChecksResponse, description: 'Every check' })
  details!: LivenessChecksResponse;
}

/**
 * `GET /health/ready`, in the shape of `@nestjs/terminus`: `status` is `ok` when every dependency is
 * up, else `error` (answered with 503 and `Retry-After`); `error` names the dependencies that are down.
 */
export class ReadinessResponse {
  @ApiProperty({ enum: HEALTH_STATUSES, example: 'error' })
  status!: (typeof HEALTH_STATUSES)[number];

  @ApiProperty({ type: PartialReadinessChecksResponse, description: 'The dependencies that are up', example: { queue: { status: 'up', response_time_ms: 1 } } })
  info!: PartialReadinessChecksResponse;

  @ApiProperty({
    type: PartialReadinessChecksResponse,
    description: 'The dependencies that are down',
    example: { database: { status: 'down', response_time_ms: 1500, message: 'timeout of 1500ms exceeded' } },
  })
  error!: PartialReadinessChecksResponse;

  @ApiProperty({
    type: ReadinessChecksResponse,
    description: 'Every dependency',
    example: { database: { status: 'down', response_time_ms: 1500, message: 'timeout of 1500ms exceeded' }, queue: { status: 'up', response_time_ms: 1 } },
  })
  details!: ReadinessChecksResponse;
}
