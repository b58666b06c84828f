// Owns the sample profiles the public-profile tests build on; each test gets a fresh copy it may change.
import * as v from 'valibot'
import type { PublicWishlistItem } from '../../contract/profile.ts'
import { type VisitorProfile, VisitorProfileSchema } from './load-profile.ts'

export function sampleItem(overrides: Partial<PublicWishlistItem> = {}): PublicWishlistItem {
  return {
    id: '3f1c1f7e-2f5b-4c59-9a4e-0d4b1e9b6a01',
    name: 'Espresso grinder',
    brand: 'Baratza',
    description: 'A grinder for good coffee.',
    imageUrl: null,
    productUrl: null,
    price: 129.5,
    isPurchased: false,
    ...overrides,
  }
}

/** A wishlist profile; every field it does not name reads as an absent one does (the page's schema fills it). */
export function sampleProfile(overrides: Partial<VisitorProfile> = {}): VisitorProfile {
  const named = { username: 'alice', description: 'Coffee and climbing.', profileType: 'WISHLIST', shareableId: 'aB3dE5gH', wishlist: [sampleItem()] }
  return { ...v.parse(VisitorProfileSchema, named), ...overrides }
}
