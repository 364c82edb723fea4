/** The request's language, from Accept-Language: Arabic or English (the default). */
import type { Lang } from '@domain/errors';

export function languageFromHeader(header: string | undefined): Lang {
  if (!header) return 'en';
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { lang: tag.toLowerCase().split('-')[0], q: q ? Number(q.slice(2)) || 0 : 1 };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const entry of ranked) {
    if (entry.lang === 'ar' || entry.lang === 'en') return entry.lang;
  }
  return 'en';
}
