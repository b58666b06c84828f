// Owns the owner's profile read (GET /api/profiles) as far as the dashboard shell needs it.
import * as v from 'valibot'
import { apiCall } from './client.ts'

/** The fields the shell shows; the full profile (src/contract/profile.ts) is the profile feature's concern. */
export const ProfileSummarySchema = v.object({
  id: v.string(),
  username: v.string(),
  shareableId: v.string(),
})
export type ProfileSummary = v.InferOutput<typeof ProfileSummarySchema>

export function fetchProfileSummary(signal?: AbortSignal): Promise<ProfileSummary> {
  return apiCall(ProfileSummarySchema, '/profiles', { signal })
}
