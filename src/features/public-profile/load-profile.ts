// Owns how a visitor's page gets its profile: the copy the server embedded in the HTML, then GET /api/profiles/{id}.
import * as v from 'valibot'
import { apiPaths } from '../../contract/api-paths.ts'
import { EMBEDDED_PROFILE_ELEMENT_ID, SAVED_COPY_HEADER } from '../../contract/names.ts'
import { NEW_PROFILE_FIELDS, ProfileSchema, PublicWishlistItemSchema, VISITOR_FIELDS, type VisitorField } from '../../contract/profile.ts'

const fields = ProfileSchema.entries

type ShownField = Exclude<VisitorField, 'profileType'>
/** Each field a visitor may see, read as a new account's value when the answer leaves it out (its type does not show it). */
const shownFields = Object.fromEntries(
  VISITOR_FIELDS.filter((key) => key !== 'profileType').map((key) => [key, v.optional(fields[key], () => structuredClone(NEW_PROFILE_FIELDS[key]))]),
) as { [K in ShownField]: v.OptionalSchema<(typeof fields)[K], () => v.InferOutput<(typeof fields)[K]>> }

/**
 * The public profile as one flat shape for the page: the server sends only the fields of the active type, and the
 * others read as empty. `profileType` stays open, so a type this build does not know yet reaches the page's
 * 'Unsupported profile type' branch instead of failing validation as a broken profile.
 */
export const VisitorProfileSchema = v.object({
  username: fields.username,
  shareableId: fields.shareableId,
  profileType: v.string(),
  ...shownFields,
  profileImageUrl: v.optional(fields.profileImageUrl, null),
  wishlist: v.optional(v.array(PublicWishlistItemSchema), () => []),
})
export type VisitorProfile = v.InferOutput<typeof VisitorProfileSchema>

export type ProfileFetch =
  | { kind: 'loaded'; profile: VisitorProfile; savedCopyAt: Date | null }
  /** 404: missing or switched off by its owner. */
  | { kind: 'not-found' }
  /** No answer at all ('network': offline, or nothing reached the server), or a server error / unreadable answer. */
  | { kind: 'failed'; cause: 'network' | 'server' }

/** The profile page is reachable by shareable ID and by username (the landing demo links /profile/{username}). */
export function matchesId(profile: Pick<VisitorProfile, 'shareableId' | 'username'>, id: string): boolean {
  return profile.shareableId === id || profile.username.toLowerCase() === id.toLowerCase()
}

/** The embedded profile if its JSON is valid and belongs to this id; anything else is ignored, never trusted. */
export function parseEmbeddedProfile(json: string | null | undefined, id: string): VisitorProfile | null {
  if (!json) return null
  let data: unknown
  try {
    data = JSON.parse(json)
  } catch {
    return null
  }
  const parsed = v.safeParse(VisitorProfileSchema, data)
  return parsed.success && matchesId(parsed.output, id) ? parsed.output : null
}

export function readEmbeddedProfile(id: string, doc: Document | undefined = globalThis.document): VisitorProfile | null {
  const element = doc?.getElementById(EMBEDDED_PROFILE_ELEMENT_ID)
  if (!element || element.getAttribute('type') !== 'application/json') return null
  return parseEmbeddedProfile(element.textContent, id)
}

/** The time the saved copy was cached, or null when the answer came from the network (or the stamp is unreadable). */
export function parseSavedCopyHeader(value: string | null): Date | null {
  if (!value) return null
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}

/** GET /api/profiles/{id} with plain fetch: the visitor's bundle carries no API client, no Dexie, no sync. */
export async function fetchPublicProfile(id: string, signal?: AbortSignal, fetchImpl: typeof fetch = fetch): Promise<ProfileFetch> {
  let response: Response
  try {
    // no-cache revalidates with the ETag, so an unchanged profile costs a 304 and no body.
    response = await fetchImpl(apiPaths.publicProfile(id), { headers: { Accept: 'application/json' }, cache: 'no-cache', signal })
  } catch (error) {
    if (signal?.aborted) throw error
    return { kind: 'failed', cause: 'network' }
  }
  if (response.status === 404) return { kind: 'not-found' }
  if (!response.ok) return { kind: 'failed', cause: 'server' }
  let body: unknown
  try {
    body = await response.json()
  } catch {
    return { kind: 'failed', cause: 'server' }
  }
  const parsed = v.safeParse(VisitorProfileSchema, body)
  if (!parsed.success) return { kind: 'failed', cause: 'server' }
  return { kind: 'loaded', profile: parsed.output, savedCopyAt: parseSavedCopyHeader(response.headers.get(SAVED_COPY_HEADER)) }
}
