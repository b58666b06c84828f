// GET /api/users/me/export: everything stored about one owner as one JSON document, secrets left out by construction.
import { asc, eq } from 'drizzle-orm'
import { ACCOUNT_EXPORT_FORMAT, ACCOUNT_EXPORT_VERSION } from '../../src/contract/account.ts'
import { apiPaths } from '../../src/contract/api-paths.ts'
import { PROFILE_FIELD_NAMES, type ProfileFieldName } from '../../src/contract/profile.ts'
import { ITEM_FIELD_NAMES, type ItemFieldName } from '../../src/contract/wishlist.ts'
import type { Db } from '../db/client.ts'
import { images, linkedIdentities, orders, profiles, purchaseRecords, pushSubscriptions, refreshTokens, users, wishlistItems } from '../db/schema.ts'
import { allScanDaysOf } from '../scans/scan-stats.ts'

/** What a section needs besides the database: absolute addresses make the file useful away from the app. */
type ExportContext = { userId: string; publicUrl: string }
type Section = (tx: Db, ctx: ExportContext) => Promise<unknown>

/** The columns of the contract's editable item fields (a field without its column does not compile). */
const ITEM_FIELD_COLUMNS = Object.fromEntries(ITEM_FIELD_NAMES.map((key) => [key, wishlistItems[key]])) as { [K in ItemFieldName]: (typeof wishlistItems)[K] }
/** The same for the profile's editable fields. */
const PROFILE_FIELD_COLUMNS = Object.fromEntries(PROFILE_FIELD_NAMES.map((key) => [key, profiles[key]])) as { [K in ProfileFieldName]: (typeof profiles)[K] }
const originOf = (endpoint: string) => URL.canParse(endpoint) ? new URL(endpoint).origin : ''

const imageAddress = (ctx: ExportContext, imageId: string | null) => (imageId ? `${ctx.publicUrl}${apiPaths.upload(imageId)}` : null)

/**
 * One entry per kind of stored data, in the order the document lists them. Every section names its columns
 * (never `select()` of a whole row), so a secret column added to a table later cannot slip into the file.
 * A new table of the owner (scans, say) is one more entry here.
 */
const SECTIONS = {
  account: async (tx, ctx) => {
    const [row] = await tx
      .select({ id: users.id, username: users.username, email: users.email, createdAt: users.createdAt })
      .from(users)
      .where(eq(users.id, ctx.userId))
    return row ? { ...row, createdAt: row.createdAt.toISOString() } : null
  },
  profile: async (tx, ctx) => {
    const [row] = await tx
      .select({
        id: profiles.id,
        shareableId: profiles.shareableId,
        ...PROFILE_FIELD_COLUMNS,
        updatedAt: profiles.updatedAt,
      })
      .from(profiles)
      .where(eq(profiles.userId, ctx.userId))
    if (!row) return null
    const { profileImageId, updatedAt, ...fields } = row
    return {
      ...fields,
      publicAddress: `${ctx.publicUrl}/profile/${row.shareableId}`,
      profileImageUrl: imageAddress(ctx, profileImageId),
      updatedAt: updatedAt.toISOString(),
    }
  },
  wishlistItems: async (tx, ctx) => {
    const rows = await tx
      .select({
        id: wishlistItems.id,
        ...ITEM_FIELD_COLUMNS,
        storedImageId: wishlistItems.storedImageId,
        isPurchased: wishlistItems.isPurchased,
        purchaseStatus: wishlistItems.purchaseStatus,
        purchasedPrice: wishlistItems.purchasedPrice,
        createdAt: wishlistItems.createdAt,
        updatedAt: wishlistItems.updatedAt,
      })
      .from(wishlistItems)
      .where(eq(wishlistItems.userId, ctx.userId))
      .orderBy(asc(wishlistItems.createdAt), asc(wishlistItems.id))
    return rows.map(({ storedImageId, createdAt, updatedAt, ...item }) => ({
      ...item,
      purchasedPrice: item.purchasedPrice === null ? null : Number(item.purchasedPrice),
      storedImageUrl: imageAddress(ctx, storedImageId),
      createdAt: createdAt.toISOString(),
      updatedAt: updatedAt.toISOString(),
    }))
  },
  purchaseRecords: async (tx, ctx) => {
    const rows = await tx
      .select({
        id: purchaseRecords.id,
        wishlistItemId: purchaseRecords.wishlistItemId,
        priceAtPurchase: purchaseRecords.priceAtPurchase,
        purchasedAt: purchaseRecords.purchasedAt,
        visitorEmail: purchaseRecords.visitorEmail,
        visitorMessage: purchaseRecords.visitorMessage,
        undoneAt: purchaseRecords.undoneAt,
      })
      .from(purchaseRecords)
      .where(eq(purchaseRecords.userId, ctx.userId))
      .orderBy(asc(purchaseRecords.purchasedAt), asc(purchaseRecords.id))
    return rows.map((row) => ({
      ...row,
      priceAtPurchase: Number(row.priceAtPurchase),
      purchasedAt: row.purchasedAt.toISOString(),
      undoneAt: row.undoneAt ? row.undoneAt.toISOString() : null,
    }))
  },
  // Addresses, not bytes: the file stays small, and each URL serves the image as long as the account exists.
  images: async (tx, ctx) => {
    const rows = await tx
      .select({
        id: images.id,
        contentType: images.contentType,
        byteSize: images.byteSize,
        width: images.width,
        height: images.height,
        createdAt: images.createdAt,
      })
      .from(images)
      .where(eq(images.userId, ctx.userId))
      .orderBy(asc(images.createdAt), asc(images.id))
    return rows.map((row) => ({ ...row, url: imageAddress(ctx, row.id), createdAt: row.createdAt.toISOString() }))
  },
  // Sign-in sessions (refresh-token families) by their dates only: token hashes are credentials, never exported.
  sessions: async (tx, ctx) => {
    const rows = await tx
      .select({
        familyId: refreshTokens.familyId,
        createdAt: refreshTokens.createdAt,
        expiresAt: refreshTokens.expiresAt,
        revokedAt: refreshTokens.revokedAt,
      })
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, ctx.userId))
      .orderBy(asc(refreshTokens.createdAt))
    return summarizeSessions(rows)
  },
  // Accounts at other providers that sign in to this one (Google): which, and the address they gave.
  linkedSignIns: async (tx, ctx) => {
    const rows = await tx
      .select({ provider: linkedIdentities.provider, email: linkedIdentities.email, linkedAt: linkedIdentities.linkedAt })
      .from(linkedIdentities)
      .where(eq(linkedIdentities.userId, ctx.userId))
      .orderBy(asc(linkedIdentities.linkedAt))
    return rows.map((row) => ({ ...row, linkedAt: row.linkedAt.toISOString() }))
  },
  // Shirts ordered: the recipient, lines, costs in cents, the provider's status and tracking, and whether the provider
  // keeps its copy (name and address) after this account is deleted.
  orders: async (tx, ctx) => {
    const rows = await tx
      .select({
        id: orders.id,
        provider: orders.provider,
        providerOrderId: orders.providerOrderId,
        status: orders.status,
        recipient: orders.recipient,
        lines: orders.lines,
        shippingName: orders.shippingName,
        subtotalCents: orders.subtotalCents,
        shippingCents: orders.shippingCents,
        totalCents: orders.totalCents,
        currency: orders.currency,
        carrier: orders.carrier,
        trackingNumber: orders.trackingNumber,
        trackingUrl: orders.trackingUrl,
        createdAt: orders.createdAt,
        updatedAt: orders.updatedAt,
      })
      .from(orders)
      .where(eq(orders.userId, ctx.userId))
      .orderBy(asc(orders.createdAt), asc(orders.id))
    return rows.map((row) => ({
      ...row,
      withProvider: withProviderOf(row.provider, row.status),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    }))
  },
  // Push subscriptions by the push service's origin, date and switches: the full endpoint is a capability (whoever has it
  // can push to the device) and the keys are secrets, so neither is in the file.
  pushSubscriptions: async (tx, ctx) => {
    const rows = await tx
      .select({ endpoint: pushSubscriptions.endpoint, gifts: pushSubscriptions.gifts, orders: pushSubscriptions.orders, createdAt: pushSubscriptions.createdAt })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, ctx.userId))
      .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id))
    return rows.map(({ endpoint, createdAt, ...switches }) => ({ pushService: originOf(endpoint), ...switches, createdAt: createdAt.toISOString() }))
  },
  // Every day the profile was scanned: the day's scans and distinct visitors, which is all that is stored (decision 105).
  scans: async (tx, ctx) => allScanDaysOf(tx, ctx.userId),
} satisfies Record<string, Section>

export type AccountExport = {
  format: typeof ACCOUNT_EXPORT_FORMAT
  version: number
  exportedAt: string
} & { [K in keyof typeof SECTIONS]: Awaited<ReturnType<(typeof SECTIONS)[K]>> }

/** Reads every section in one read-only snapshot, so the document never mixes states from before and after a write. */
export async function exportAccount(db: Db, userId: string, publicUrl: string, now: Date): Promise<AccountExport> {
  const ctx: ExportContext = { userId, publicUrl }
  const sections = await db.transaction(
    async (tx) => {
      const out: Record<string, unknown> = {}
      for (const [name, read] of Object.entries(SECTIONS) as [string, Section][]) out[name] = await read(tx, ctx)
      return out as { [K in keyof typeof SECTIONS]: Awaited<ReturnType<(typeof SECTIONS)[K]>> }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  )
  return { format: ACCOUNT_EXPORT_FORMAT, version: ACCOUNT_EXPORT_VERSION, exportedAt: now.toISOString(), ...sections }
}

/**
 * Whether the print provider holds the order after the account is deleted (issue 27, decision 125): the demo catalog
 * sent nothing anywhere; a draft is cancelled by the deletion; anything past draft stays with the provider, which
 * needs it to print, ship or account for the shirt.
 */
export function withProviderOf(provider: string, status: string): 'none' | 'until-account-deletion' | 'kept-by-provider' {
  if (provider === 'demo') return 'none'
  return status === 'draft' ? 'until-account-deletion' : 'kept-by-provider'
}

type TokenRow = { familyId: string; createdAt: Date; expiresAt: Date; revokedAt: Date | null }

/** One entry per family: when the sign-in happened, when it last refreshed, until when it runs, and if it ended. */
export function summarizeSessions(rows: TokenRow[]) {
  const families = new Map<string, { startedAt: Date; lastRefreshedAt: Date; expiresAt: Date; endedAt: Date | null }>()
  for (const row of rows) {
    const family = families.get(row.familyId)
    if (!family) {
      families.set(row.familyId, { startedAt: row.createdAt, lastRefreshedAt: row.createdAt, expiresAt: row.expiresAt, endedAt: row.revokedAt })
      continue
    }
    if (row.createdAt > family.lastRefreshedAt) family.lastRefreshedAt = row.createdAt
    if (row.expiresAt > family.expiresAt) family.expiresAt = row.expiresAt
    if (row.revokedAt && (!family.endedAt || row.revokedAt > family.endedAt)) family.endedAt = row.revokedAt
  }
  return [...families.values()].map((family) => ({
    startedAt: family.startedAt.toISOString(),
    lastRefreshedAt: family.lastRefreshedAt.toISOString(),
    expiresAt: family.expiresAt.toISOString(),
    endedAt: family.endedAt?.toISOString() ?? null,
  }))
}
