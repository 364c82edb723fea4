/**
 * The words only the Team section of /truck-info shows (members, the staff settings, invitations, the
 * invite form) come with the section, not with the start-up catalogues (i18n/<lang>/index.ts leaves
 * team-section.json out): every screen carries those, and /menu had no room left under its ceiling
 * (decision 015). Both languages are in the section's chunk (about 1.4 KiB with brotli), so the
 * section needs no request of its own for them. What the shell and the invitation page say stays in
 * team.json.
 */
import i18next from 'i18next';
import ar from '@domain/i18n/ar/team-section.json';
import en from '@domain/i18n/en/team-section.json';

export const TEAM_SECTION_NS = 'team-section';

export function addTeamSectionStrings(): void {
  for (const [lang, strings] of Object.entries({ en, ar })) {
    if (!i18next.hasResourceBundle(lang, TEAM_SECTION_NS)) i18next.addResourceBundle(lang, TEAM_SECTION_NS, strings);
  }
}
