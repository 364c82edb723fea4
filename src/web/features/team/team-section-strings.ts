/**
 * The words only the Team section of /truck-info shows (members, the staff settings, invitations, the
 * invite form) come with the section, not with the start-up catalogues (i18n/<lang>/index.ts leaves
 * team-section.json out): every screen carries those, and /menu had no room left under its ceiling
 * (decision 015). Both languages are in the section's chunk (about 1.4 KiB with brotli), so the
 * section needs no request of its own for them. What the shell and the invitation page say stays in
 * team.json.
 */
import ar from '@domain/i18n/ar/team-section.json';
import en from '@domain/i18n/en/team-section.json';
import { addSectionStrings } from '../../i18n/namespaces';

export const TEAM_SECTION_NS = 'team-section';

export function addTeamSectionStrings(): void {
  addSectionStrings(TEAM_SECTION_NS, { en, ar });
}
