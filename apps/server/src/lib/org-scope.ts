import { forbidden, notFound } from './errors.js';

/**
 * The organisations a caller may see and edit: their own, plus those linked to it as
 * sub-organisations (level 1 view, level 2 view and edit), or all for the platform.
 */
export class OrgScope {
  private constructor(
    readonly ownOrgId: number,
    readonly isAll: boolean,
    private readonly levels: Map<number, number>,
  ) {}

  static all(ownOrgId: number): OrgScope {
    return new OrgScope(ownOrgId, true, new Map([[ownOrgId, 2]]));
  }

  static of(ownOrgId: number, links: { orgId: number; level: number }[]): OrgScope {
    const levels = new Map<number, number>(links.map((link) => [link.orgId, link.level]));
    levels.set(ownOrgId, 2);
    return new OrgScope(ownOrgId, false, levels);
  }

  /** Ids to filter queries by; null means no filter. */
  get visibleIds(): number[] | null {
    return this.isAll ? null : [...this.levels.keys()];
  }

  canSee(orgId: number): boolean {
    return this.isAll || this.levels.has(orgId);
  }

  canEdit(orgId: number): boolean {
    return this.isAll || this.levels.get(orgId) === 2;
  }

  accessLevel(orgId: number): 1 | 2 | null {
    if (this.isAll) return 2;
    const level = this.levels.get(orgId);
    return level === 1 || level === 2 ? level : null;
  }

  /** A row of an organisation the caller cannot see does not exist for them. */
  assertVisible(orgId: number): void {
    if (!this.canSee(orgId)) throw notFound();
  }

  /** Visible but view-only answers 403; invisible answers 404. */
  assertEditable(orgId: number): void {
    this.assertVisible(orgId);
    if (!this.canEdit(orgId)) throw forbidden('errors.view_only');
  }
}
