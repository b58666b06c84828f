// The demo owner that the landing page's "scan live demo" QR opens: created once, with a small friendly wishlist.
import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import sharp from 'sharp'
import { createAccount } from './accounts.ts'
import { hashPassword } from './passwords.ts'
import type { Db } from '../db/client.ts'
import { users } from '../db/schema.ts'
import { processImage } from '../images/image-processing.ts'
import { storeImage } from '../images/image-store.ts'
import { updateProfile } from '../profiles/profile-writes.ts'
import { createItem } from '../profiles/wishlist-writes.ts'

const DEMO_ITEMS = [
  { name: 'Pour-over coffee set', brand: 'Hario', price: 39.9, colors: ['#c26a3d', '#f2d0a4'], description: 'A glass dripper, a gooseneck kettle and a bag of good beans for slow Sunday mornings.' },
  { name: 'Trail running shoes', brand: 'Salomon', price: 129, colors: ['#2f9e44', '#d3f9d8'], description: 'Size 43, any colour but orange. For the forest loop behind the house.' },
  { name: 'Instant camera', brand: 'Fujifilm', price: 89.5, colors: ['#1c7ed6', '#d0ebff'], description: 'Little printed photos for the fridge door, plus a pack or two of film.' },
  { name: 'Climbing gym pass', brand: 'Boulderhaus', price: 55, colors: ['#ae3ec9', '#f3d9fa'], description: 'Ten entries to the bouldering gym: come along for the first one!' },
] as const

/** A simple illustration drawn from our own SVG (no fonts needed): two colours, a sun and a hill. */
function illustration([dark, light]: readonly [string, string]): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
    <rect width="800" height="600" fill="${light}"/>
    <circle cx="580" cy="190" r="90" fill="${dark}" opacity="0.55"/>
    <path d="M0 470 Q 220 300 420 440 T 800 400 V 600 H 0 Z" fill="${dark}"/>
  </svg>`
  return sharp(Buffer.from(svg)).png().toBuffer()
}

/**
 * Creates the demo owner when no user of that name exists (case-insensitive). The account has a random password
 * nobody knows, so it can be visited but never signed in to. Answers whether it created anything.
 */
export async function seedDemoProfile(db: Db, username: string, now: Date = new Date()): Promise<boolean> {
  const [existing] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = lower(${username})`).limit(1)
  if (existing) return false
  const created = await createAccount(
    db,
    { username, email: `${username.toLowerCase()}@demo.invalid`, passwordHash: await hashPassword(randomBytes(32).toString('base64url')) },
    now,
  )
  // Another process seeded it between our check and insert: that one wins.
  if (!created.ok) return false
  const { userId, profileId } = created
  await updateProfile(
    db,
    userId,
    {
      description: 'Hi, I am the demo profile! This is what people see when they scan a QR Tee. Pick a gift and make my day.',
      contactInfo: 'demo@example.com',
      socialLinks: [
        { id: 1, platform: 'instagram', url: 'https://instagram.com/qrtee' },
        { id: 2, platform: 'website', url: 'https://example.com' },
      ],
    },
    now,
  )
  for (const item of DEMO_ITEMS) {
    const image = await processImage(new Uint8Array(await illustration(item.colors)), 1600)
    const storedImageId = await storeImage(db, userId, image, Number.POSITIVE_INFINITY)
    const { name, brand, price, description } = item
    await createItem(db, userId, profileId, { name, brand, price, description, storedImageId }, now)
  }
  return true
}
