// The owner's personal-data calls: the export document (GET /api/users/me/export) and account deletion
// (DELETE /api/users/me), with their messages, shared by the settings page and the server.
import * as v from 'valibot'

export const ACCOUNT_MESSAGES = {
  deletePasswordRequired: 'Please enter your password to delete your account.',
  deleted: 'Your account and everything stored with it have been deleted.',
  /**
   * A still-valid access token of an account that no longer exists (401): the client ends the session without a
   * refresh, and a deletion whose answer was lost learns from a retry that it went through.
   */
  gone: 'This account has been deleted.',
  exportOffline: 'You are offline. Connect to the internet to export your data.',
  deleteOffline: 'You are offline. Connect to the internet to delete your account.',
} as const

/** 'UTC' spelt out: the server words the date, and the owner's clock may be anywhere. */
const utcMinute = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' })

/** The refusal of a deletion while a take-back link of an email change is alive (decision 202). */
export const deletionHeldUntil = (until: Date) =>
  `Your account cannot be deleted yet: its email address was changed, and the previous address can take the account back until ${utcMinute.format(until)} UTC. You can delete the account after that.`

export const AccountDeleteSchema = v.object({
  currentPassword: v.pipe(v.string(ACCOUNT_MESSAGES.deletePasswordRequired), v.minLength(1, ACCOUNT_MESSAGES.deletePasswordRequired)),
})
export type AccountDeleteInput = v.InferInput<typeof AccountDeleteSchema>

/** Names the document kind and its shape's version, so a later reader knows what it holds. */
export const ACCOUNT_EXPORT_FORMAT = 'qrtee-account-export'
export const ACCOUNT_EXPORT_VERSION = 1

/**
 * The parts of the export every reader may rely on. The server adds one top-level key per kind of data it stores
 * (profile, wishlistItems, purchaseRecords, images, sessions, and later orders and scans); each is documented in
 * docs/decisions/078-personal-data-export-and-deletion.md.
 */
export const AccountExportHeaderSchema = v.looseObject({
  format: v.literal(ACCOUNT_EXPORT_FORMAT),
  version: v.number(),
  exportedAt: v.string(),
  account: v.looseObject({ id: v.string(), username: v.string(), email: v.string(), createdAt: v.string() }),
})

/** The download's file name: qrtee-export-{username}-{YYYY-MM-DD}.json, limited to characters every system accepts. */
export function accountExportFileName(username: string, exportedAt: Date): string {
  const safe = username.replace(/[^A-Za-z0-9_.-]/g, '_').replace(/^\.+/, '_') || 'account'
  return `qrtee-export-${safe}-${exportedAt.toISOString().slice(0, 10)}.json`
}
