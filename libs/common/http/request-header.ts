import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';

/**
 * A request header's value, like `@Headers(name)` but invisible to @nestjs/swagger: `@Headers`
 * documents a second, required, lower-case header beside the route's own `@ApiHeader`.
 */
export const RequestHeader = createParamDecorator((name: string, ctx: ExecutionContext): string | undefined => ctx.switchToHttp().getRequest<Request>().header(name));
