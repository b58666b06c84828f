// Which redirect targets lead back into this site's own visitor pages (decision 207): the settings form, the server's
// profile write and the visitor document's redirect all ask it here, so they never disagree on what a loop is.
import { publicProfileIdFromPagePath } from './api-paths.ts'

/** Who a profile is at its public addresses: /profile/{shareableId} and /profile/{username}. */
export type OwnAddresses = { shareableId: string; username: string }

const hostOf = (url: string): string | null => {
  try {
    return new URL(url).host
  } catch {
    return null
  }
}

/**
 * The address (/profile/{address}, decoded) that `url` names on one of `siteOrigins`, or null for any other page or
 * site. Hosts are compared without the scheme: an http address of an https site is the same site one hop later. The
 * path may end in a slash and carry a query or fragment; the server and the app's router answer it all the same.
 */
export function siteProfileAddress(url: string, siteOrigins: readonly string[]): string | null {
  let target: URL
  try {
    target = new URL(url)
  } catch {
    return null
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return null
  if (!siteOrigins.some((origin) => hostOf(origin) === target.host)) return null
  const encoded = publicProfileIdFromPagePath(target.pathname)
  if (encoded === null) return null
  try {
    return decodeURIComponent(encoded)
  } catch {
    return null
  }
}

/** Whether `url` is this profile's own visitor page on this site, by its shareableId or its username, in any case. */
export function isOwnPublicAddress(url: string, siteOrigins: readonly string[], own: OwnAddresses): boolean {
  const address = siteProfileAddress(url, siteOrigins)?.toLowerCase()
  return address !== undefined && (address === own.shareableId.toLowerCase() || address === own.username.toLowerCase())
}

/** Whether `url` is any visitor page (/profile/{address}) on any site: the scan fast path leaves those to the route. */
export function isProfilePageUrl(url: string): boolean {
  const host = hostOf(url)
  return host !== null && siteProfileAddress(url, [`http://${host}`]) !== null
}
