import { TEXTS } from '@studium/protocol';

/** Typed errors raised by services; the error handler alone turns them into `{error}` bodies. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
    /** More of the answer beside `error`, for the one client it concerns (a banned user's own ban). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export class Invalid extends AppError {
  constructor(message: string = TEXTS.server.invalidInput, fields?: Record<string, string>) {
    super(400, message, fields);
  }
}

export class Unauthorized extends AppError {
  constructor(message: string = TEXTS.server.notLoggedIn) {
    super(401, message);
  }
}

export class Forbidden extends AppError {
  constructor(message: string = TEXTS.server.forbidden, extra?: Record<string, unknown>) {
    super(403, message, undefined, undefined, extra);
  }
}

export class NotFound extends AppError {
  constructor(message: string = TEXTS.server.notFound) {
    super(404, message);
  }
}

export class Conflict extends AppError {
  constructor(message: string, fields?: Record<string, string>) {
    super(409, message, fields);
  }
}

export class RateLimited extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    text: (seconds: number) => string = TEXTS.server.rateLimited,
  ) {
    super(429, text(retryAfterSeconds), undefined, {
      'retry-after': String(retryAfterSeconds),
    });
  }
}
