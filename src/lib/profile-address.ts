// Owns the public address of a profile, {PUBLIC_URL}/profile/{shareableId} (spec section 9): the QR dialog, the
// landing demo and the server's print file all build it here, so the printed code and the shown one never differ.

/** `publicUrl` is the server's PUBLIC_URL (its origin, any trailing slash ignored); the landing demo passes a username. */
export function profileAddress(publicUrl: string, shareableIdOrUsername: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/profile/${encodeURIComponent(shareableIdOrUsername)}`
}
