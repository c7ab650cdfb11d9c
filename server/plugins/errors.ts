import fp from 'fastify-plugin';
import { ApiError } from '../http/errors';
import { MSG } from '../../src/domain/messages';
import type { ApiErrorBody } from '../../src/domain/errors';

/** Every failure leaves as the error envelope of docs/architecture.md (rule 2), with no stack or SQL in it. */
export default fp(async (app) => {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof ApiError) {
      const body: ApiErrorBody = { code: error.code, message: error.message };
      if (error.title) body.title = error.title;
      if (error.errors) body.errors = error.errors;
      return reply.status(error.status).send(body);
    }
    const err = error as { validation?: unknown; statusCode?: number; message?: string };
    if (err.validation) {
      return reply.status(400).send({ code: 'VALIDATION_FAILED', message: MSG.genericErrorMessage } satisfies ApiErrorBody);
    }
    // Fastify's own refusals of a body, in words that say what to fix.
    const fastifyCode = (error as { code?: string }).code;
    if (fastifyCode === 'FST_ERR_CTP_INVALID_JSON_BODY') {
      return reply.status(400).send({ code: 'VALIDATION_FAILED', message: MSG.invalidJsonBody } satisfies ApiErrorBody);
    }
    if (fastifyCode === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send({ code: 'VALIDATION_FAILED', message: MSG.unsupportedMediaType } satisfies ApiErrorBody);
    }
    if (err.statusCode === 413) {
      return reply.status(413).send({ code: 'PAYLOAD_TOO_LARGE', message: MSG.payloadTooLarge } satisfies ApiErrorBody);
    }
    if (err.statusCode === 429) {
      return reply.status(429).send({ code: 'TOO_MANY_REQUESTS', message: MSG.tooManyRequests } satisfies ApiErrorBody);
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.status(err.statusCode).send({ code: 'VALIDATION_FAILED', message: MSG.genericErrorMessage } satisfies ApiErrorBody);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send({ code: 'INTERNAL_ERROR', title: MSG.genericErrorTitle, message: MSG.genericErrorMessage } satisfies ApiErrorBody);
  });
});
