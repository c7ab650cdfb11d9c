import Fastify from 'fastify';
import { clientIp, compileTrust } from './clientIp';

/** The signed upload's gate counts per-IP limits before Fastify: it must see the client Fastify sees. */
describe('clientIp', () => {
  const cases: { trustProxy: string | null; remoteAddress: string; forwarded?: string; client: string }[] = [
    { trustProxy: null, remoteAddress: '127.0.0.1', forwarded: '203.0.113.9', client: '127.0.0.1' },
    { trustProxy: 'loopback', remoteAddress: '127.0.0.1', forwarded: '203.0.113.9', client: '203.0.113.9' },
    { trustProxy: 'loopback', remoteAddress: '127.0.0.1', forwarded: '198.51.100.1, 203.0.113.9', client: '203.0.113.9' },
    { trustProxy: 'loopback', remoteAddress: '192.0.2.7', forwarded: '203.0.113.9', client: '192.0.2.7' },
    { trustProxy: '10.0.0.0/8, loopback', remoteAddress: '10.1.2.3', forwarded: '198.51.100.1, 127.0.0.1', client: '198.51.100.1' },
    { trustProxy: 'uniquelocal', remoteAddress: '127.0.0.1', client: '127.0.0.1' },
  ];
  it.each(cases)('reads the same address as Fastify\'s request.ip: %o', async ({ trustProxy, remoteAddress, forwarded, client }) => {
    const trust = compileTrust(trustProxy);
    const app = Fastify({ trustProxy: trust ?? false });
    app.get('/', async (request) => ({ fastify: request.ip, gate: clientIp(request.raw, trust) }));
    const res = await app.inject({ url: '/', remoteAddress, headers: forwarded ? { 'x-forwarded-for': forwarded } : {} });
    const { fastify, gate } = res.json();
    expect([fastify, gate]).toEqual([client, client]);
    await app.close();
  });
});
