import type { Middleware } from 'koa';
import { ScoringStoppedError } from '../../pipeline/score/scoring-stopped-error.ts';
import { AppError, RateLimitError, RestartingError } from '../errors.ts';
import { isApiPath } from './is-api-path.ts';

interface HttpishError {
  status?: number;
  statusCode?: number;
  expose?: boolean;
  type?: string;
  code?: string;
  message?: string;
}

const UNIQUE_VIOLATION = '23505';

const STATUS_CODES: Record<number, [string, string]> = {
  404: ['not_found', 'Not found'],
  405: ['method_not_allowed', 'Method not allowed'],
  501: ['not_implemented', 'Not implemented'],
};

function fromForeignError(error: HttpishError): AppError | null {
  if (error instanceof ScoringStoppedError) return new RestartingError();
  if (error.code === UNIQUE_VIOLATION) return new AppError(409, 'conflict', 'This record already exists');
  const status = error.status ?? error.statusCode;
  if (status === 413 || error.type === 'entity.too.large') return new AppError(413, 'payload_too_large', 'Request body is too large (limit 100 kB)');
  if (error.type === 'entity.parse.failed') return new AppError(400, 'invalid_json', 'Request body is not valid JSON');
  if (status && status >= 400 && status < 500 && error.expose) return new AppError(status, 'bad_request', error.message ?? 'Bad request');
  return null;
}

/** The one place errors become HTTP answers: `{ error, message }`, never a stack trace or SQL. */
export function errorHandler(): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (isApiPath(ctx.path) && ctx.status >= 400 && (ctx.body === undefined || typeof ctx.body === 'string')) {
        const [code, text] = STATUS_CODES[ctx.status] ?? ['error', 'Request failed'];
        const message = ctx.status === 404 ? `No API route ${ctx.method} ${ctx.path}` : text;
        const status = ctx.status;
        ctx.body = { error: code, message };
        ctx.status = status;
      }
    } catch (caught) {
      const error = caught instanceof AppError ? caught : fromForeignError(caught as HttpishError);
      if (!error) {
        ctx.state.log?.error({ err: caught, requestId: ctx.state.requestId }, 'unhandled error');
        ctx.status = 500;
        ctx.body = { error: 'internal_error', message: `Something went wrong on our side (request ${ctx.state.requestId ?? 'unknown'})` };
        return;
      }
      if (error instanceof RateLimitError || error instanceof RestartingError) ctx.set('Retry-After', String(error.retryAfterSeconds));
      ctx.status = error.status;
      ctx.body = { error: error.code, message: error.message, ...error.details };
    }
  };
}
