import { loadConfig } from './config';

describe('mail configuration', () => {
  it('keeps mail in the local outbox unless SMTP_URL is set', () => {
    expect(loadConfig({}).mailProvider).toBe('local');
  });

  it('sends through SMTP from MAIL_FROM when SMTP_URL is set', () => {
    const config = loadConfig({ SMTP_URL: 'smtps://user:secret@mail.example.com:465', MAIL_FROM: '파트너 콘솔 <no-reply@example.com>' });
    expect(config).toEqual(expect.objectContaining({ mailProvider: 'smtp', smtpUrl: 'smtps://user:secret@mail.example.com:465', mailFrom: '파트너 콘솔 <no-reply@example.com>' }));
  });

  it('refuses to start with SMTP_URL but no MAIL_FROM', () => {
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example.com' })).toThrow(/MAIL_FROM/);
  });
});

describe('deployment mode', () => {
  it('is production only when NODE_ENV says so', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).production).toBe(true);
    expect(loadConfig({}).production).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).production).toBe(false);
  });
});

describe('job intervals', () => {
  it('runs renewals hourly unless RENEWAL_JOB_INTERVAL_MS says otherwise, and refuses a bad value', () => {
    expect(loadConfig({}).renewalJobIntervalMs).toBe(3_600_000);
    expect(loadConfig({ RENEWAL_JOB_INTERVAL_MS: '250' }).renewalJobIntervalMs).toBe(250);
    for (const bad of ['0', '-5', '1.5', 'soon']) expect(() => loadConfig({ RENEWAL_JOB_INTERVAL_MS: bad })).toThrow(/RENEWAL_JOB_INTERVAL_MS/);
  });
});

describe('the seller on receipts (issue 23 item 14)', () => {
  it('is the demo seller unless SELLER_BUSINESS_NUMBER and SELLER_NAME say otherwise', () => {
    expect(loadConfig({}).seller).toEqual({ businessNumber: '1234567891', name: '파트너 콘솔 (데모)' });
    expect(loadConfig({ SELLER_BUSINESS_NUMBER: '220-81-12341', SELLER_NAME: '주식회사 예시' }).seller).toEqual({ businessNumber: '2208112341', name: '주식회사 예시' });
  });

  it('refuses a business number that fails the check digit', () => {
    for (const bad of ['1234567890', '12345', 'abc']) expect(() => loadConfig({ SELLER_BUSINESS_NUMBER: bad })).toThrow(/SELLER_BUSINESS_NUMBER/);
  });
});

describe('the messaging provider (issue 25)', () => {
  it('keeps messages in the local outbox unless MESSAGE_PROVIDER=solapi, which needs its key and secret', () => {
    expect(loadConfig({}).messageProvider).toBe('local');
    expect(() => loadConfig({ MESSAGE_PROVIDER: 'solapi' })).toThrow(/SOLAPI_API_KEY and SOLAPI_API_SECRET/);
    expect(() => loadConfig({ MESSAGE_PROVIDER: 'nhn' })).toThrow(/MESSAGE_PROVIDER/);
    const c = loadConfig({
      MESSAGE_PROVIDER: 'solapi', SOLAPI_API_KEY: 'k', SOLAPI_API_SECRET: 's', SOLAPI_SENDER_NUMBER: '02-999-8888', SOLAPI_TEMPLATE_IDS: '{"GUARANTEE_ISSUED":"KA01TP1"}',
    });
    expect(c.solapi).toEqual({ apiKey: 'k', apiSecret: 's', baseUrl: undefined, senderNumber: '029998888', pfId: undefined, templateIds: { GUARANTEE_ISSUED: 'KA01TP1' }, bmsTargeting: 'I' });
    expect(() => loadConfig({ MESSAGE_PROVIDER: 'solapi', SOLAPI_API_KEY: 'k', SOLAPI_API_SECRET: 's', SOLAPI_TEMPLATE_IDS: '[1]' })).toThrow(/SOLAPI_TEMPLATE_IDS/);
    expect(() => loadConfig({ MESSAGE_PROVIDER: 'solapi', SOLAPI_API_KEY: 'k', SOLAPI_API_SECRET: 's', SOLAPI_BMS_TARGETING: 'X' })).toThrow(/SOLAPI_BMS_TARGETING/);
  });
});
