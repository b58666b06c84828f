// Owns the names two runtimes must spell alike: HTTP header names, Web Lock names, broadcast channel and page event
// names, and the element ids the server's HTML and the page's script both use. A name lives here once; a typo in one
// runtime would otherwise fail silently (a lock nobody else takes, a header nobody reads).

/** Makes a write safe to resend: the server answers a repeat with the first answer (server/http/idempotency.ts). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key'
/** Asks only for the stored answer of an Idempotency-Key: without one, nothing runs (decision 197). */
export const REPLAY_ONLY_HEADER = 'Idempotency-Replay-Only'
/** The service worker's stamp on an answer it took from its cache, read by the visitor page (sw/saved-copy.ts). */
export const SAVED_COPY_HEADER = 'X-QRTee-Saved-Copy'
/** When the service worker cached an answer; kept on the cached copy, never sent by the server. */
export const CACHED_AT_HEADER = 'X-QRTee-Cached-At'

/** Web Lock held while one tab or the worker refreshes the tokens: a refresh token is spent once. */
export const REFRESH_LOCK = 'qrtee:token-refresh'
/** Web Lock held by the one tab whose sync engine runs. */
export const LEADER_LOCK = 'qrtee:sync-leader'

/** BroadcastChannel on which any tab tells the leading tab's engine to sync (src/contract/messages.ts). */
export const LOCAL_WRITE_CHANNEL = 'qrtee:local-write'
/** Window event: the session ended (a refresh was refused), so the page goes to /login. */
export const LOGOUT_EVENT = 'qrtee:logout'
/** Window event: another tab opened a newer local database version, so this tab must reload. */
export const DATABASE_OUTDATED_EVENT = 'qrtee:database-outdated'
/** Window event: this tab's sync worker did not start (timeout or error), so it let go of leading and must reload. */
export const SYNC_WORKER_FAILED_EVENT = 'qrtee:sync-worker-failed'

/** The element both HTML documents (index.html, profile.html) give React to render into. */
export const ROOT_ELEMENT_ID = 'root'
/** The `<script type="application/json">` the server embeds the visitor's profile in (server/public-profile/visitor-page.ts). */
export const EMBEDDED_PROFILE_ELEMENT_ID = 'profile-data'
