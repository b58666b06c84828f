// Owns the words of the owner-switch page (decision 156): whose unsent changes wait on this device, and how many.
import { isOrAre, unsentChanges } from '../../lib/unsent-changes-words.ts'
import type { PendingOwnerSwitch } from '../../local/owner-switch.ts'

/** '@alice', or 'another account' when the first owner's profile never reached this device. */
export function ownerName(pending: Pick<PendingOwnerSwitch, 'username'>): string {
  return pending.username ? `@${pending.username}` : 'another account'
}

/** '3 unsent changes of @alice are on this device' */
export function unsentChangesOf(pending: PendingOwnerSwitch): string {
  return `${unsentChanges(pending.unsentCount)} of ${ownerName(pending)} ${isOrAre(pending.unsentCount)} on this device`
}

/** The counted confirmation: 'Discard 3 unsent changes of @alice?' */
export function discardQuestion(pending: PendingOwnerSwitch): string {
  return `Discard ${unsentChanges(pending.unsentCount)} of ${ownerName(pending)}?`
}

export function signInAsLabel(pending: PendingOwnerSwitch): string {
  return pending.username ? `Sign in as @${pending.username}` : 'Sign in as that account'
}
