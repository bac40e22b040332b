import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { AuthenticatedRequest, PUBLIC_ROUTE, REQUIRED_KIND } from './auth.decorators';
import { BasicAuthenticator } from './basic-authenticator';
import { CredentialKind } from './principal';

/** Global guard: every route needs Basic credentials of the route's kind unless marked @Public(). */
@Injectable()
export class BasicAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly authenticator: BasicAuthenticator,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, targets)) return true;
    const kind = this.reflector.getAllAndOverride<CredentialKind>(REQUIRED_KIND, targets) ?? 'dealer';
    const request = context.switchToHttp().getRequest<Request & AuthenticatedRequest>();
    request.principal = await this.authenticator.authenticate(request.headers.authorization, request.ip ?? 'unknown', kind);
    return true;
  }
}
