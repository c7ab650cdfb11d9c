import Fastify from 'fastify';
import * as yup from 'yup';
import { ApiError, notFound, validationFailed } from './errors';
import { attachRouteInput, headerCheck, sentFields, type RouteInput } from './routeInput';
import { bodyFromYup } from './yupDocs';
import { inputValidatorCompiler } from './inputGuards';

const schema = yup.object({ name: yup.string().trim().required('이름을 입력해 주세요'), count: yup.number().default(1) });

/** A bare app with the input step and an error handler that answers the API's envelope. */
async function appWith(input: RouteInput, body: Record<string, unknown> | undefined = bodyFromYup(schema, '입력'), seen: unknown[] = []) {
  const app = Fastify();
  app.addHook('onRoute', attachRouteInput);
  // The server's own compiler: the input guards' kinds check runs first, as in the app.
  app.setValidatorCompiler(inputValidatorCompiler);
  app.setErrorHandler((err, _request, reply) => {
    const e = err as ApiError;
    return reply.status(e.status ?? 500).send({ code: e.code, message: e.message, errors: e.errors });
  });
  app.post('/things/:idx', { config: { input }, schema: body ? { body } : {} }, async (request) => {
    seen.push({ params: request.params, body: request.body });
    return { ok: true };
  });
  await app.ready();
  return app;
}

describe('config.input', () => {
  it('checks a header before the body, leaves request.headers as sent, and documents the header', async () => {
    const seen: unknown[] = [];
    const key = headerCheck((headers) => {
      if (String(headers['idempotency-key'] ?? '').length > 3) throw validationFailed({ 'Idempotency-Key': '3자까지' });
    }, { 'Idempotency-Key': { type: 'string', maxLength: 3 } });
    const app = await appWith({ headers: key, body: schema }, undefined, seen);
    const bad = await app.inject({ method: 'POST', url: '/things/7', headers: { 'idempotency-key': 'abcd' }, payload: {} });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ 'Idempotency-Key': '3자까지' });
    const ok = await app.inject({ method: 'POST', url: '/things/7', headers: { 'idempotency-key': 'abc' }, payload: { name: 'a' } });
    expect(ok.statusCode).toBe(200);
    expect(seen).toHaveLength(1);
    const route = { method: 'POST', url: '/x', handler: () => null, config: { input: { headers: key } } } as never as Parameters<typeof attachRouteInput>[0];
    attachRouteInput(route);
    expect(route.schema?.headers).toEqual({ type: 'object', properties: { 'Idempotency-Key': { type: 'string', maxLength: 3 } } });
  });

  it('hands the handler the cast values: trimmed, defaulted, unknown keys dropped, the path parsed', async () => {
    const seen: unknown[] = [];
    const app = await appWith({ params: (raw) => ({ idx: Number((raw as { idx: string }).idx) }), body: schema }, undefined, seen);
    const res = await app.inject({ method: 'POST', url: '/things/7', payload: { name: '  a  ', extra: true } });
    expect(res.statusCode).toBe(200);
    expect(seen).toEqual([{ params: { idx: 7 }, body: { name: 'a', count: 1 } }]);
  });

  it('refuses before the handler with 400 and the field\'s message', async () => {
    const seen: unknown[] = [];
    const app = await appWith({ body: schema }, undefined, seen);
    const res = await app.inject({ method: 'POST', url: '/things/7', payload: { name: ' ' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', message: '이름을 입력해 주세요', errors: { name: '이름을 입력해 주세요' } });
    expect(seen).toEqual([]);
  });

  it('checks the path first: a row that cannot exist is its 404 whatever the body', async () => {
    const app = await appWith({ params: () => { throw notFound('없어요'); }, body: schema });
    const res = await app.inject({ method: 'POST', url: '/things/x', payload: {} });
    expect([res.statusCode, res.json().message]).toEqual([404, '없어요']);
  });

  it('fails at start-up when the documented body is not the validated schema', async () => {
    await expect(appWith({ body: schema }, { type: 'object', properties: { name: { type: 'string' } } })).rejects.toThrow(/document it with bodyFromYup/);
  });
});

describe('sentFields', () => {
  it('checks and casts only the fields sent, without defaults for the others', async () => {
    await expect(sentFields(schema)({ name: ' b ' })).resolves.toEqual({ name: 'b' });
    await expect(sentFields(schema)({ count: 3 })).resolves.toEqual({ count: 3 });
    await expect(sentFields(schema)({ name: '' })).rejects.toMatchObject({ status: 400, errors: { name: '이름을 입력해 주세요' } });
  });
});
