import * as fs from 'node:fs';
import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import { finalize, Observable } from 'rxjs';

/**
 * Uploads are spooled to a temporary file (memory stays flat); this removes it once the request
 * is over, however it ended (validation failure before the handler included).
 */
@Injectable()
export class UploadCleanupInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<Request>();
    return next.handle().pipe(
      finalize(() => {
        const file = request.file;
        if (file?.path) fs.rm(file.path, { force: true }, () => undefined);
      }),
    );
  }
}
