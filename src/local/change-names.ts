// Owns the words for what an outbox entry changes ('Description, 5 new social links'): its card and Discard's question.
import type { OutboxEntry } from './db.ts'

const LABELS: Record<string, string> = {
  name: 'Name',
  brand: 'Brand',
  description: 'Description',
  price: 'Price',
  imageUrl: 'Image address',
  productUrl: 'Product link',
  storedImageId: 'Image',
  removeStoredImage: 'Image removal',
  profileType: 'Profile type',
  customText: 'Custom text',
  redirectUrl: 'Redirect URL',
  contactInfo: 'Contact info',
  socialLinks: 'Social links',
  profileImageId: 'Profile photo',
  isPublic: 'Visibility',
  emailOnGift: 'Gift mails',
  emailOnOrder: 'Order mails',
}

/** A field by its form label ('Price'); an unknown key as it is. */
export const fieldLabel = (key: string): string => LABELS[key] ?? key

const counted = (count: number, what: string) => `${count} ${what} social link${count === 1 ? '' : 's'}`

/**
 * What the entry's body changes, in the form's words, in body order: each field by its label, link changes counted
 * (decision 157: 'n new', 'n changed', 'n removed'). The item's id is not a change. Derived from the body, not from
 * `target.fields` (which also names local-only fields), so it says exactly what Discard would drop.
 */
export function changeNames(entry: Pick<OutboxEntry, 'body'>): string[] {
  const body = entry.body
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return []
  return Object.entries(body).flatMap(([key, value]): string[] => {
    if (value === undefined || key === 'id') return []
    if (key !== 'socialLinkChanges') return [fieldLabel(key)]
    const changes = (value ?? {}) as { add?: unknown[]; edit?: unknown[]; remove?: unknown[] }
    const parts: [number, string][] = [
      [changes.add?.length ?? 0, 'new'],
      [changes.edit?.length ?? 0, 'changed'],
      [changes.remove?.length ?? 0, 'removed'],
    ]
    return parts.flatMap(([count, what]) => (count > 0 ? [counted(count, what)] : []))
  })
}
