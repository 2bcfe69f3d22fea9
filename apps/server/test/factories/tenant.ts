import type { Permission } from '@vitrina/contract';
import type { Db } from '../../src/db/client.js';
import { DEMO_ROLE_PERMISSIONS } from '../../src/demo/seed.js';
import { createOrgTree, type OrgTree } from './organisations.js';
import { createSignedInUser, type SignedInUser } from './users.js';

const CATALOGUE_MANAGER: readonly Permission[] = [
  'show_products_tag_page',
  'show_products_programmer_page',
  'show_products_storage_page',
  'show_dataset_page',
  'manage_tags',
  'program_tags',
  'manage_dataset',
];

/** The people of a tenant: the demo's roles, in the organisation the demo gives them. */
const PERSONAS = {
  operator: { org: 'main', permissions: DEMO_ROLE_PERMISSIONS.operator },
  courier: { org: 'main', permissions: DEMO_ROLE_PERMISSIONS.courier },
  support: { org: 'main', permissions: DEMO_ROLE_PERMISSIONS.support },
  franchisor: { org: 'krakow', permissions: DEMO_ROLE_PERMISSIONS.franchisor },
  /**
   * Krakow's own operator. The franchisor lacks the catalogue edit permissions, so this is
   * the user who shows that an edit of another organisation's row answers 404, not 403.
   */
  editor: { org: 'krakow', permissions: DEMO_ROLE_PERMISSIONS.operator },
  /** Every tag, storage and dataset permission, in Krakow: 404 rather than 403 for main's rows. */
  catalogueManager: { org: 'krakow', permissions: CATALOGUE_MANAGER },
} as const satisfies Record<string, { org: keyof OrgTree; permissions: readonly Permission[] }>;

export type Persona = keyof typeof PERSONAS;

export type Tenant = {
  org: OrgTree;
  /** The persona's user in this tenant, made on first use. */
  user(persona: Persona): Promise<SignedInUser>;
  token(persona: Persona): Promise<string>;
};

/** A fresh organisation tree (see OrgTree) whose users are made as a test asks for them. */
export async function createTenant(db: Db): Promise<Tenant> {
  const org = await createOrgTree(db);
  const made = new Map<Persona, Promise<SignedInUser>>();
  const user = (persona: Persona) => {
    let signedIn = made.get(persona);
    if (!signedIn) {
      const { org: orgKey, permissions } = PERSONAS[persona];
      signedIn = createSignedInUser(db, { orgId: org[orgKey], permissions });
      made.set(persona, signedIn);
    }
    return signedIn;
  };
  return { org, user, token: async (persona) => (await user(persona)).token };
}
