// Owns the shape of the scans a server holds in memory until the flush, shared by the counter and its flush statement.

/**
 * One visitor's (address and agent) scans of one profile on one day, until the flush: when they happened, at least
 * SCAN_REPEAT_MS apart, and the key each report came with. `visitor`: seen on its own day (a late report is not).
 */
export type Visit = { times: number[]; keys: (string | undefined)[]; visitor: boolean }

/**
 * One profile's day in memory: the scans that passed the rules, and its visits (by client address, then agent) until
 * the flush salts and hashes them. Nested rather than one joined key, so a scan builds no string.
 */
export type Pending = { profileId: string; day: string; scans: number; visitors: Map<string, Map<string, Visit>> }
