// The owner's marker cookie's name: a pure leaf (no DOM) shared by the page's writer, the server's scan rules and the
// contract, which re-exports it (src/contract/scans.ts).

/**
 * The owner app's first-party marker for its own profile: `qrtee_owner=<shareableId>` (Path=/, SameSite=Lax), set while
 * signed in and cleared at logout. A request or report carrying the marker of the profile it opens is not counted. It
 * holds nothing a visitor sends and identifies no visitor; forging it only keeps one's own scans out of the count.
 */
export const SCAN_OWNER_COOKIE = 'qrtee_owner'
