import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { UnauthenticatedError, UnavailableError } from '../../../../../libs/common/errors/domain-error';
import { AppConfig } from '../../../../config/app-config';
import { SIGNATURE_HEADER, verify } from '../messaging/hmac-signature';

/** After its partner credential: the engine signs its calls like we sign ours, HMAC-SHA256 of the raw body under MESSAGING_ENGINE_SECRET. */
@Injectable()
export class MessagingSignatureGuard implements CanActivate {
  constructor(private readonly config: AppConfig) {}

  canActivate(context: ExecutionContext): boolean {
    const secret = this.config.messaging.engineSecret;
    // The server's configuration is missing, not the caller's right (as for the partner webhook).
    if (!secret) throw new UnavailableError('Inbound messages are disabled: MESSAGING_ENGINE_SECRET is not set', 60, 'messaging.inbound_disabled');
    const request = context.switchToHttp().getRequest<Request & { rawBody?: Buffer }>();
    const signature = request.headers[SIGNATURE_HEADER.toLowerCase()];
    if (!verify(request.rawBody ?? Buffer.alloc(0), typeof signature === 'string' ? signature : undefined, secret)) {
      throw new UnauthenticatedError(`Missing or wrong ${SIGNATURE_HEADER}`, 'messaging.bad_signature');
    }
    return true;
  }
}
