import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError, errorBody, toAppError } from './app-error.ts';

describe('the error model', () => {
  it('turns an unknown failure into internal error with a request id and no internals (G13)', () => {
    const error = toAppError(new Error('connection to 10.0.0.5 refused at db.ts:42'));
    assert.equal(error.code, 'internal');
    assert.equal(error.httpStatus, 500);
    assert.deepEqual(errorBody(error, 'req-1'), {
      error: true,
      message: 'internal error',
      request_id: 'req-1',
    });
  });

  it('keeps the meaning of framework faults', () => {
    assert.equal(toAppError({ code: 'FST_ERR_CTP_INVALID_JSON_BODY', message: 'x' }).httpStatus, 400);
    assert.equal(toAppError({ code: 'FST_ERR_CTP_BODY_TOO_LARGE' }).httpStatus, 413);
    assert.equal(toAppError({ code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE' }).httpStatus, 415);
  });

  it('answers a SQLite lock error with a retryable 503, never a 500', () => {
    const error = toAppError(Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' }));
    assert.equal(error.code, 'database_busy');
    assert.equal(error.httpStatus, 503);
    assert.equal(error.headers['retry-after'], '1');
    assert.deepEqual(errorBody(error, 'r'), { error: true, message: 'database busy, try again shortly' });
    assert.equal(toAppError({ code: 'SQLITE_BUSY_SNAPSHOT' }).code, 'database_busy');
    assert.equal(toAppError({ code: 'SQLITE_CONSTRAINT' }).code, 'internal');
  });

  it('answers validation and business errors with HTTP 200 and the spec body', () => {
    const error = new AppError('not_subscribed');
    assert.equal(error.httpStatus, 200);
    assert.deepEqual(errorBody(error, 'r'), { error: true, message: 'not subscribed to source' });
  });

  it('writes the 401 body as part 7 shows it', () => {
    assert.deepEqual(errorBody(new AppError('unauthenticated', 'invalid API key'), 'r'), {
      error: 'user not found',
      message: 'invalid API key',
    });
  });

  it('writes the account plane 401 body of decisions G31', () => {
    const error = new AppError('unauthorized', 'invalid or expired session token');
    assert.equal(error.httpStatus, 401);
    assert.deepEqual(errorBody(error, 'r'), {
      error: 'unauthorized',
      message: 'invalid or expired session token',
    });
  });
});
