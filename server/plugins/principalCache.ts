import type { Clock } from '../app';
import type { Principal } from './auth';

/** A signed-in session as the auth hook needs it: who it is and when the session ends (ms since the epoch). */
export interface SessionPrincipal {
  principal: Readonly<Principal>;
  expiresAt: number;
}

/**
 * How long a principal is reused without reading the database again. Every change in this process
 * drops it at once (sign-out, password, e-mail confirmation, withdrawal, member removal or edit, plan,
 * subscription and feature changes call forgetToken/forgetAdmin/forgetTenant); another server process
 * sharing the database sees such a change only when its copy ages out, and a copy ages from the moment
 * its read began, so a revoked session, a removed sub-account or a changed role or plan is refused by
 * every process within this time (issue 20: one second). A busy session costs one read a second.
 */
export const PRINCIPAL_TTL_MS = 1_000;
/** The most sessions remembered; the least recently used go first. */
export const PRINCIPAL_CACHE_MAX = 10_000;

interface Entry extends SessionPrincipal {
  /** When the read that produced it began: it may hold nothing newer. */
  readAt: number;
}

/** Taken before reading the database and handed to `set` with what was read. */
export interface LoadTicket {
  readonly generation: number;
  readonly readAt: number;
}

/**
 * The principals of recently seen tokens, keyed by the token's SHA-256 (the raw token is never kept),
 * so that a busy console's requests skip the session, features and subscription queries. A bounded
 * LRU (a Map in use order), aged by the app's clock.
 */
export class PrincipalCache {
  private readonly entries = new Map<string, Entry>();
  /** Bumped by every forget: a load that started before a change must not store what it read. */
  private generation = 0;

  constructor(
    private readonly clock: Clock,
    private readonly ttlMs = PRINCIPAL_TTL_MS,
    private readonly max = PRINCIPAL_CACHE_MAX,
  ) {}

  get(tokenHash: string): SessionPrincipal | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    this.entries.delete(tokenHash);
    const age = this.clock.now().getTime() - entry.readAt;
    // A clock set backwards (tests) counts as expired too.
    if (age < 0 || age >= this.ttlMs) return undefined;
    this.entries.set(tokenHash, entry);
    return entry;
  }

  /** Call before reading the database; pass the answer to `set`. */
  ticket(): LoadTicket {
    return { generation: this.generation, readAt: this.clock.now().getTime() };
  }

  /** Remembers `value` unless something was forgotten since the ticket was taken (the read may predate the change). */
  set(tokenHash: string, value: SessionPrincipal, ticket: LoadTicket): void {
    if (ticket.generation !== this.generation) return;
    this.entries.delete(tokenHash);
    this.entries.set(tokenHash, { ...value, readAt: ticket.readAt });
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }

  /** Sign-out of one session. */
  forgetToken(tokenHash: string): void {
    this.generation++;
    this.entries.delete(tokenHash);
  }

  /** Every session of one account: password, e-mail confirmation, a member edited or removed. */
  forgetAdmin(adminIdx: number): void {
    this.forgetWhere((p) => p.adminIdx === adminIdx);
  }

  /** Every session of a tenant, its sub-accounts too: plan, subscription, features, withdrawal. */
  forgetTenant(tenantIdx: number): void {
    this.forgetWhere((p) => p.tenantIdx === tenantIdx);
  }

  private forgetWhere(match: (p: Readonly<Principal>) => boolean): void {
    this.generation++;
    for (const [key, entry] of this.entries) if (match(entry.principal)) this.entries.delete(key);
  }
}
