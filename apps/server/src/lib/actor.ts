import type { Currency, DefaultPage, Locale } from '@vitrina/contract';
import { OrgScope } from './org-scope.js';

/** How a call reached the services: the panel/API, a device message, a scheduled job, a provider webhook. */
export type ActorVia = 'http' | 'device' | 'job' | 'webhook';

export type RoleRef = { id: number; name: string; defaultPage: DefaultPage };

type ActorBase = {
  via: ActorVia;
  /** Where the call came from, when there is an address (HTTP); null for jobs. */
  ip: string | null;
  userAgent: string | null;
  /** Language of messages written for this caller. */
  locale: Locale;
};

/** What a session says about its user; the auth hook loads (and caches) it per token. */
export type SessionUser = {
  sessionId: number;
  userId: number;
  name: string;
  email: string;
  orgId: number;
  orgName: string;
  currency: Currency;
  lang: Locale;
  role: RoleRef | null;
  actingAs: RoleRef | null;
  /** Permissions in force: the acting role's, never more than the user's own. */
  permissions: ReadonlySet<string>;
  /** The user's own permissions, whatever role they act as. */
  ownPermissions: ReadonlySet<string>;
  scope: OrgScope;
};

/** A signed-in user of the panel or the API. */
export type UserActor = ActorBase & SessionUser & { kind: 'user' };

/** A caller without a session: sign-in, registration, password reset, public pages. */
export type AnonymousActor = ActorBase & { kind: 'anonymous' };

/** A customer signed in to the customer app (`/v1/app/…`): their own rows only, no permissions. */
export type CustomerActor = ActorBase & {
  kind: 'customer';
  sessionId: number;
  userId: number;
  name: string;
  phone: string | null;
  orgId: number;
  orgName: string;
};

/** The server acting on its own behalf: a device message, a job, a verified webhook. */
export type SystemActor = ActorBase & {
  kind: 'system';
  /** What acts, for the audit log: a device serial, a job name, a provider. */
  label: string;
  scope: OrgScope;
  permissions: ReadonlySet<string>;
};

export type Actor = UserActor | AnonymousActor | SystemActor;
/** Whoever can change something: a panel caller, the server, or a customer through the customer app. */
export type AnyActor = Actor | CustomerActor;

export function userActor(user: SessionUser, base: ActorBase): UserActor {
  return { ...base, ...user, kind: 'user' };
}

export function anonymousActor(base: ActorBase): AnonymousActor {
  return { ...base, kind: 'anonymous' };
}

/**
 * The server itself, e.g. `systemActor({ via: 'job', label: 'billing' })`. It sees every
 * organisation unless given a narrower scope (a device sees its own organisation).
 */
export function systemActor(options: {
  via: Exclude<ActorVia, 'http'>;
  label: string;
  scope?: OrgScope;
  ip?: string | null;
  locale?: Locale;
}): SystemActor {
  return {
    kind: 'system',
    via: options.via,
    label: options.label,
    ip: options.ip ?? null,
    userAgent: null,
    locale: options.locale ?? 'en',
    scope: options.scope ?? OrgScope.all(0),
    permissions: new Set(),
  };
}

/** The user (or customer) behind an actor, for audit rows and ownership; null for anonymous and system callers. */
export function actorUserId(actor: AnyActor): number | null {
  return actor.kind === 'user' || actor.kind === 'customer' ? actor.userId : null;
}
