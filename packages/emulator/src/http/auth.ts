/**
 * Bearer authentication for the area routers. Each area answers 401 with its own body, as the
 * platform does (realtime: `{success:false,error}`; everything else: `{message:"Unauthenticated."}`).
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { RouterContext } from './context.js';
import { setCurrentUser } from './context.js';

/** The default 401 body (Laravel's). */
export const UNAUTHENTICATED_BODY = Object.freeze({ message: 'Unauthenticated.' });

/** The bearer token of a request, if any. */
export function bearerOf(req: Request): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/** Middleware: authenticate the bearer token or answer 401 with `body`. */
export function requireAuth(ctx: RouterContext, body: unknown = UNAUTHENTICATED_BODY): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const user = ctx.state.accounts.authenticate(bearerOf(req));
    if (!user) {
      res.status(401).json(body);
      return;
    }
    setCurrentUser(req, user);
    next();
  };
}
