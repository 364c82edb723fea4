/** The hours' limits, without the contracts: the editor offers them before (or without) loading zod. */

/** Enough for a year of holidays and special days; past ones are dropped on save. */
export const MAX_EXCEPTIONS = 100;
export const PAUSE_MINUTES = [15, 30, 60] as const;
/** Longer breaks are a closed exception, which the public page can show ahead of time. */
export const MAX_PAUSE_HOURS = 24;
