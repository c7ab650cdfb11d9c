import { devRoutesServed, isLoopbackClient } from './demoOnly';

describe('the dev outboxes exist only in the embedded demo', () => {
  it('serves each outbox with its local provider on the embedded database', () => {
    expect(devRoutesServed({ production: false, dbKind: 'pglite', mailProvider: 'local', messagingProvider: 'local' })).toEqual({ outbox: true, messages: true, controls: true });
  });

  it('serves neither on PostgreSQL, whatever the providers', () => {
    expect(devRoutesServed({ production: false, dbKind: 'postgres', mailProvider: 'local', messagingProvider: 'local' })).toEqual({ outbox: false, messages: false, controls: false });
  });

  it('serves no outbox for a real provider, which sends instead of keeping', () => {
    expect(devRoutesServed({ production: false, dbKind: 'pglite', mailProvider: 'smtp', messagingProvider: 'local' })).toEqual({ outbox: false, messages: true, controls: true });
    expect(devRoutesServed({ production: false, dbKind: 'pglite', mailProvider: 'local', messagingProvider: 'kakao' })).toEqual({ outbox: true, messages: false, controls: true });
  });

  it('serves neither in a production deployment, even on the embedded database', () => {
    expect(devRoutesServed({ production: true, dbKind: 'pglite', mailProvider: 'local', messagingProvider: 'local' })).toEqual({ outbox: false, messages: false, controls: false });
  });

  it('answers only the machine itself', () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) expect(isLoopbackClient(address), address).toBe(true);
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip']) expect(isLoopbackClient('127.0.0.1', { [header]: '203.0.113.7' }), header).toBe(false);
    for (const address of ['10.0.0.5', '192.168.0.10', '::ffff:10.0.0.5', '0.0.0.0', '', undefined]) expect(isLoopbackClient(address), String(address)).toBe(false);
  });
});
