import { startupPlan } from './startup';
import { loadConfig } from './config';

describe('startup plan', () => {
  it('runs the embedded demo on loopback unless HOST is set', () => {
    expect(startupPlan(loadConfig({}), [])).toEqual({ demo: true, host: '127.0.0.1' });
    expect(startupPlan(loadConfig({ HOST: '0.0.0.0' }), [])).toEqual({ demo: true, host: '0.0.0.0' });
  });

  it('keeps a PostgreSQL demo (--demo) on loopback too', () => {
    expect(startupPlan(loadConfig({ DATABASE_URL: 'postgres://db/app' }), ['--demo'])).toEqual({ demo: true, host: '127.0.0.1' });
  });

  it('listens on every interface for a deployment without the demo', () => {
    expect(startupPlan(loadConfig({ DATABASE_URL: 'postgres://db/app' }), [])).toEqual({ demo: false, host: '0.0.0.0' });
    expect(startupPlan(loadConfig({ DATABASE_URL: 'postgres://db/app', HOST: '10.0.0.5' }), [])).toEqual({ demo: false, host: '10.0.0.5' });
  });
});
