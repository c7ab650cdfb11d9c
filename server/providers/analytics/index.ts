import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import { analyticsEvents, errorReports } from '../../db/schema';
import type { AnalyticsEventKind, AnalyticsUserProperties } from '../../../src/domain/analytics';

/**
 * Analytics and error reports behind providers (issue 27 item 6, docs/architecture.md rule 7): a local
 * default writing tables the operator console reads, and real adapters: PostHog's capture API
 * (`ANALYTICS_PROVIDER=posthog`, `POSTHOG_HOST`, `POSTHOG_API_KEY`) and a Sentry-protocol store
 * endpoint (`ERRORS_DSN`, e.g. self-hosted GlitchTip), each tested against a local fake of its contract.
 */
export interface AnalyticsEvent {
  tenantIdx: number;
  kind: AnalyticsEventKind;
  /** The account's idx, never an e-mail or name. */
  distinctId: string;
  at: Date;
  path: string;
  target: string | null;
  properties: AnalyticsUserProperties;
}
export interface AnalyticsProvider {
  readonly name: string;
  capture(events: AnalyticsEvent[]): Promise<void>;
}

export interface ErrorReport {
  tenantIdx: number;
  kind: 'render' | 'lazyLoad';
  message: string;
  path: string;
  distinctId: string;
  at: Date;
}
export interface ErrorReporter {
  readonly name: string;
  report(report: ErrorReport): Promise<void>;
}

export function localAnalytics(db: Db): AnalyticsProvider {
  return {
    name: 'local',
    async capture(events) {
      if (!events.length) return;
      await db.insert(analyticsEvents).values(events.map((e) => ({
        tenantIdx: e.tenantIdx, at: e.at, event: e.kind, distinctId: e.distinctId, path: e.path, target: e.target, properties: e.properties,
      })));
    },
  };
}

export function localErrors(db: Db): ErrorReporter {
  return {
    name: 'local',
    async report(r) {
      await db.insert(errorReports).values({ tenantIdx: r.tenantIdx, at: r.at, kind: r.kind, message: r.message, path: r.path, distinctId: r.distinctId });
    },
  };
}

const POSTHOG_EVENT: Record<AnalyticsEventKind, string> = { pageview: '$pageview', click: '$autocapture', identify: '$identify' };

/** PostHog's batch capture API (`POST {host}/batch/`): the user properties on every event, and set on the person by `$identify`. */
export function posthogAnalytics(opts: { host: string; apiKey: string; fetch?: typeof fetch }): AnalyticsProvider {
  const doFetch = opts.fetch ?? fetch;
  const url = `${opts.host.replace(/\/+$/, '')}/batch/`;
  return {
    name: 'posthog',
    async capture(events) {
      if (!events.length) return;
      const batch = events.map((e) => ({
        event: POSTHOG_EVENT[e.kind],
        distinct_id: e.distinctId,
        timestamp: e.at.toISOString(),
        properties: {
          $current_url: e.path,
          ...(e.target ? { target: e.target } : {}),
          ...e.properties,
          ...(e.kind === 'identify' ? { $set: e.properties } : {}),
        },
      }));
      const res = await doFetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ api_key: opts.apiKey, batch }) });
      if (!res.ok) throw new Error(`PostHog answered ${res.status}`);
    },
  };
}

/** A Sentry DSN `https://<key>@<host>[:port]/<projectId>` → the store endpoint and its auth header. */
export function parseDsn(dsn: string): { storeUrl: string; auth: string } {
  const u = new URL(dsn);
  const projectId = u.pathname.replace(/^\/+|\/+$/g, '');
  if (!u.username || !projectId) throw new Error('ERRORS_DSN must look like https://<key>@<host>/<projectId>');
  return {
    storeUrl: `${u.protocol}//${u.host}/api/${projectId}/store/`,
    auth: `Sentry sentry_version=7, sentry_client=partner-console/1.0, sentry_key=${u.username}`,
  };
}

/** The Sentry store protocol (Sentry, GlitchTip): one event per report, level error, the account only by its idx. */
export function sentryErrors(opts: { dsn: string; fetch?: typeof fetch }): ErrorReporter {
  const doFetch = opts.fetch ?? fetch;
  const { storeUrl, auth } = parseDsn(opts.dsn);
  return {
    name: 'sentry',
    async report(r) {
      const event = {
        event_id: randomBytes(16).toString('hex'),
        timestamp: r.at.toISOString(),
        platform: 'javascript',
        level: 'error',
        logger: 'console',
        message: r.message,
        tags: { kind: r.kind },
        request: { url: r.path },
        user: { id: r.distinctId },
      };
      const res = await doFetch(storeUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'x-sentry-auth': auth }, body: JSON.stringify(event) });
      if (!res.ok) throw new Error(`The error endpoint answered ${res.status}`);
    },
  };
}

/** From the environment: PostHog when ANALYTICS_PROVIDER=posthog, a Sentry endpoint when ERRORS_DSN is set, else the local tables. */
export function analyticsFromEnv(db: Db, env: NodeJS.ProcessEnv = process.env): { analytics: AnalyticsProvider; errors: ErrorReporter } {
  let analytics: AnalyticsProvider = localAnalytics(db);
  if (env.ANALYTICS_PROVIDER === 'posthog') {
    if (!env.POSTHOG_HOST || !env.POSTHOG_API_KEY) throw new Error('ANALYTICS_PROVIDER=posthog needs POSTHOG_HOST and POSTHOG_API_KEY');
    analytics = posthogAnalytics({ host: env.POSTHOG_HOST, apiKey: env.POSTHOG_API_KEY });
  }
  const errors = env.ERRORS_DSN ? sentryErrors({ dsn: env.ERRORS_DSN }) : localErrors(db);
  return { analytics, errors };
}

declare module 'fastify' {
  interface FastifyInstance {
    analytics: AnalyticsProvider;
    errorReporter: ErrorReporter;
  }
}
