import type { ApiErrorCode } from '../domain/error-codes.ts';

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends AppError {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(400, 'validation_failed', message, field ? { field } : undefined);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'You must be logged in', code: ApiErrorCode = 'unauthorized') {
    super(401, code, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'You are not allowed to do this', code: ApiErrorCode = 'forbidden') {
    super(403, code, message);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found') {
    super(404, 'not_found', message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string, code: ApiErrorCode = 'conflict') {
    super(409, code, message);
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(message = 'Request body is too large (limit 100 kB)') {
    super(413, 'payload_too_large', message);
  }
}

export class RateLimitError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    message = 'Too many requests, please try again later',
  ) {
    super(429, 'rate_limited', message, { retryAfter: retryAfterSeconds });
  }
}

/** The server is stopping (a deploy): the request may be sent again in a minute. */
export class RestartingError extends AppError {
  readonly retryAfterSeconds = 60;

  constructor(message = 'The server is restarting; please try again in a minute') {
    super(503, 'restarting', message);
  }
}

export class BadRequestError extends AppError {
  constructor(message: string, code: ApiErrorCode = 'bad_request') {
    super(400, code, message);
  }
}
