// Test helpers for the local database: a fresh uniquely named database and a seeded profile (tests only).
import { NEW_PROFILE_FIELDS, type Profile } from '../contract/profile.ts'
import { openOwnerDatabase, type LocalProfile, type OwnerDatabase, type OpenOptions } from './db.ts'

let databaseCounter = 0

/** A database no other test shares (fake-indexeddb keeps every name for the life of the worker). */
export function freshDatabase(label = 'test', options?: OpenOptions): OwnerDatabase {
  databaseCounter += 1
  return openOwnerDatabase(`qrtee-${label}-${databaseCounter}-${crypto.randomUUID()}`, options)
}

export function sampleProfile(overrides: Partial<LocalProfile> = {}): LocalProfile {
  // A new account's fields (the contract's), with a description and a contact some tests look for.
  const base: Omit<Profile, 'wishlist'> = {
    ...NEW_PROFILE_FIELDS,
    id: crypto.randomUUID(),
    username: 'owner',
    description: 'Hello',
    contactInfo: 'owner@example.test',
    profileImageUrl: null,
    shareableId: 'abcd1234',
  }
  return { ...base, localImageId: null, ...overrides }
}

export async function seedProfile(db: OwnerDatabase, overrides: Partial<LocalProfile> = {}): Promise<LocalProfile> {
  const profile = sampleProfile(overrides)
  await db.profile.put(profile)
  return profile
}

export const sampleItemFields = (name = 'Blue bike') => ({
  name,
  description: 'A bike that is blue and fast',
  price: 120.5,
  brand: 'Bikes Inc',
})

/**
 * The entries queued so far went out once (their answers lost, say): a later edit then queues an entry of its own
 * instead of being folded into them (decision 083). Tests that need two entries of one item use it.
 */
export async function markSent(db: OwnerDatabase): Promise<void> {
  await db.outbox.toCollection().modify({ sent: true })
}
