import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

/**
 * Helmet's standard security headers on every answer (decisions.md 12). Two content security
 * policies: the API answers JSON that no browser should render or frame (`default-src 'none'`);
 * Swagger UI under `docsPath` is an HTML page that loads its own scripts, styles and images, so it
 * gets helmet's default policy (same-origin scripts, inline styles, data: images) without
 * `upgrade-insecure-requests`, which would send its assets to https:// on a plain-HTTP deployment.
 * The operator's queue board (`pagePaths` after the first) is such a page too.
 */
export function securityHeaders(...pagePaths: string[]): RequestHandler {
  const api = helmet({ contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } } });
  const docs = helmet({ contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } } });
  return (req: Request, res: Response, next: NextFunction) => {
    const path = req.path.toLowerCase();
    return (pagePaths.some((page) => path === page || path.startsWith(`${page}/`)) ? docs : api)(req, res, next);
  };
}
