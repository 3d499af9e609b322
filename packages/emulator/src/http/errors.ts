/**
 * The last line of the HTTP stack: every failure becomes a short JSON body with a fitting status —
 * never an HTML page, never a stack trace.
 */
import type { ErrorRequestHandler, RequestHandler } from 'express';

/** 404 for any path no router answered. */
export const notFoundHandler: RequestHandler = (req, res) => {
  res.status(404).json({ message: `The route ${req.path.slice(0, 200)} could not be found.` });
};

interface HttpishError {
  status?: number;
  statusCode?: number;
  type?: string;
  expose?: boolean;
}

/** Maps body-parser and handler errors to JSON; unexpected errors are logged server-side only. */
export function errorHandler(log: (line: string) => void): ErrorRequestHandler {
  return (err: unknown, _req, res, _next) => {
    if (res.headersSent) {
      res.end();
      return;
    }
    const e = (err ?? {}) as HttpishError;
    const status = e.status ?? e.statusCode ?? 500;
    switch (e.type) {
      case 'entity.parse.failed':
        res.status(400).json({ message: 'The request body is not valid JSON.' });
        return;
      case 'entity.too.large':
        res.status(413).json({ message: 'The request body is too large.' });
        return;
      case 'encoding.unsupported':
      case 'charset.unsupported':
        res.status(415).json({ message: 'The request body encoding is not supported.' });
        return;
      default:
        break;
    }
    if (status >= 400 && status < 500) {
      res.status(status).json({ message: 'The request could not be processed.' });
      return;
    }
    log(`emulator: unexpected error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    res.status(500).json({ message: 'Server Error' });
  };
}
