// The one Drizzle schema shared by PGlite and PostgreSQL; every change ships as a numbered migration in server/db/migrations.
import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' })
const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' })
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow()

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    /** Null for an account that signs in only with Google (migration 0006) until the owner sets a password. */
    passwordHash: text('password_hash'),
    /** Per-user change counter: every write to the user's data takes the next value (the sync cursor). */
    changeSeq: bigint('change_seq', { mode: 'number' }).notNull().default(0),
    /** Tombstones at or below this sequence were pruned; an older cursor must start again from a full pull. */
    tombstoneHorizon: bigint('tombstone_horizon', { mode: 'number' }).notNull().default(0),
    /** Moved when this owner's data is restored from a backup: cursors handed out before get a snapshot (decision 088). */
    syncEpoch: integer('sync_epoch').notNull().default(0),
    /** Set when the owner proved the mailbox (a verification link or a password reset); cleared by an email change. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true, mode: 'date' }),
    /**
     * Access tokens issued before this second are refused (a password reset sets it): "every device is signed out"
     * holds at once, not when each 15-minute token runs out. Null: no such cut.
     */
    sessionsValidFrom: timestamp('sessions_valid_from', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
  ],
)

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    /** The sign-in that started the family; every successor carries it, and the family ends 90 days after it. */
    familyStartedAt: timestamp('family_started_at', { withTimezone: true, mode: 'date' }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    /** The device list's name ('Firefox on Android'), from the User-Agent at sign-in; copied to every successor. */
    deviceName: text('device_name'),
    /** When this token was presented (its successor's issue); the device list shows the family's latest. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    /** 'signed-out': the owner ended this device from another one, so its app can say why (issue 24). */
    revokedReason: text('revoked_reason').$type<'signed-out'>(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash), index('refresh_tokens_family_idx').on(t.familyId)],
)

export type StoredSocialLink = { id: number; platform: string; url: string }

export const profiles = pgTable(
  'profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shareableId: text('shareable_id').notNull(),
    description: text('description').notNull().default(''),
    profileType: text('profile_type').notNull().default('WISHLIST'),
    customText: text('custom_text').notNull().default(''),
    redirectUrl: text('redirect_url').notNull().default(''),
    contactInfo: text('contact_info').notNull().default(''),
    socialLinks: jsonb('social_links').$type<StoredSocialLink[]>().notNull().default([]),
    profileImageId: uuid('profile_image_id'),
    isPublic: boolean('is_public').notNull().default(true),
    /** Mail the owner about gifts / order changes (migration 0017, issue 29); only to a verified address. */
    emailOnGift: boolean('email_on_gift').notNull().default(true),
    emailOnOrder: boolean('email_on_order').notNull().default(true),
    seq: bigint('seq', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('profiles_user_key').on(t.userId), uniqueIndex('profiles_shareable_key').on(t.shareableId)],
)

export const images = pgTable(
  'images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    byteSize: integer('byte_size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('images_user_idx').on(t.userId)],
)

export const wishlistItems = pgTable(
  'wishlist_items',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    brand: text('brand').notNull(),
    description: text('description').notNull(),
    price: money('price').notNull(),
    imageUrl: text('image_url'),
    productUrl: text('product_url'),
    storedImageId: uuid('stored_image_id'),
    isPurchased: boolean('is_purchased').notNull().default(false),
    purchaseStatus: text('purchase_status'),
    purchasedPrice: money('purchased_price'),
    seq: bigint('seq', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('wishlist_items_profile_idx').on(t.profileId, t.createdAt), index('wishlist_items_user_seq_idx').on(t.userId, t.seq)],
)

export const itemTombstones = pgTable(
  'item_tombstones',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.itemId] }), index('item_tombstones_user_seq_idx').on(t.userId, t.seq)],
)

export const purchaseRecords = pgTable(
  'purchase_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    wishlistItemId: uuid('wishlist_item_id').notNull(),
    priceAtPurchase: money('price_at_purchase').notNull(),
    purchasedAt: timestamp('purchased_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    seq: bigint('seq', { mode: 'number' }).notNull().default(0),
    /** The visitor's message after the purchase (decision 148): set once, shown to the owner, exported, deleted with the account. */
    visitorEmail: text('visitor_email'),
    visitorMessage: text('visitor_message'),
    /** The owner put the gift back on the wishlist ('Back on the wishlist'); the record stays so the change syncs. */
    undoneAt: timestamp('undone_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('purchase_records_user_seq_idx').on(t.userId, t.seq),
    // One live purchase per item; undone ones stay beside it.
    uniqueIndex('purchase_records_item_key').on(t.wishlistItemId).where(sql`${t.undoneAt} is null`),
  ],
)

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** The user id, or for calls without a token `public:random-key` (a random key, decision 196) or `public:<HMAC of the address>` (decision 127). */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** Null while the first request is still running. */
    status: integer('status'),
    responseBody: text('response_body'),
    /** The owner whose data the stored answer carries (a visitor purchase reveals contact info), for account deletion. */
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt), index('idempotency_keys_owner_idx').on(t.ownerId)],
)

/**
 * Every public address (a username or a shareableId, lower-cased) and whose it is: the primary key makes a username
 * that equals a shareableId, or a new shareableId that equals a username, impossible even for two writers at once.
 */
export const publicAddresses = pgTable(
  'public_addresses',
  {
    address: text('address').primaryKey(),
    // Null once the owner is deleted: a retired shareableId stays claimed so printed shirts never open another profile.
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').$type<'username' | 'shareable_id'>().notNull(),
  },
  (t) => [index('public_addresses_user_idx').on(t.userId)],
)

/**
 * Contact-support messages, stored before any mail is tried (decision 095). `captcha`: verified, unverified (the
 * widget was blocked) or not-required; `mail_status`: pending (to be mailed), sent, or stored (no mail configured).
 */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    captcha: text('captcha').$type<'verified' | 'unverified' | 'not-required'>().notNull(),
    mailStatus: text('mail_status').$type<'pending' | 'sent' | 'stored'>().notNull(),
    mailAttempts: integer('mail_attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('support_messages_pending_idx').on(t.mailStatus, t.nextAttemptAt)],
)

/** A provider's account (OpenID Connect `sub`) linked to one owner; a subject is never moved to another owner. */
export const linkedIdentities = pgTable(
  'linked_identities',
  {
    provider: text('provider').$type<'google'>().notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The verified email the provider gave when the link was made. */
    email: text('email').notNull(),
    linkedAt: timestamp('linked_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] }), index('linked_identities_user_idx').on(t.userId)],
)

/**
 * One started Google sign-in, keyed by the SHA-256 of its OIDC state: short-lived and deleted when its callback
 * arrives (single use), so any server of the deployment can finish what another started.
 */
export const oauthSignInAttempts = pgTable(
  'oauth_sign_in_attempts',
  {
    stateHash: text('state_hash').primaryKey(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    /** The browser tab's own value, echoed to /oauth/callback (decision 079); never sent to the provider. */
    signInState: text('sign_in_state').notNull(),
    /** SHA-256 of the __Host- cookie set on the browser that started the attempt; the callback must carry it. */
    browserHash: text('browser_hash'),
    /** 'sign-in', 'reauth' (a fresh sign-in, max_age=0) or 'connect' (link to `userId`). */
    intent: text('intent').$type<'sign-in' | 'reauth' | 'connect'>().notNull().default('sign-in'),
    userId: uuid('user_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('oauth_sign_in_attempts_expires_idx').on(t.expiresAt)],
)

/**
 * The last sync-push mutation id applied per owner and device, written in the transaction of the write it stands for
 * (docs/decisions/087-per-device-mutation-ids.md): a resend with an id at or below it is answered without running.
 */
export const clientMutations = pgTable(
  'client_mutations',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    lastMutationId: bigint('last_mutation_id', { mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceId] })],
)

/** One row: the database's change-feed epoch (decision 088); a restore that recreates the table changes its oid too. */
export const syncEpoch = pgTable(
  'sync_epoch',
  {
    id: integer('id').primaryKey().default(1),
    epoch: text('epoch').notNull(),
  },
  (t) => [check('sync_epoch_single_row', sql`${t.id} = 1`)],
)

/**
 * Counters of the shared rate limits (migration 0002, decision 075). rate-limiter-flexible's PostgreSQL store reads and
 * writes this table with its own SQL; it is declared here only so schema.ts describes every table the migrations make.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    points: integer('points').notNull().default(0),
    expire: bigint('expire', { mode: 'number' }),
  },
  (t) => [index('rate_limits_expire_idx').on(t.expire)],
)

/**
 * The owner's print orders (migration 0008, docs/decisions/091-orders-stored-and-synced.md): money in whole cents,
 * status and tracking updated by the provider's webhooks, each change a new `seq` for the change feed.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<'printful' | 'demo'>().notNull(),
    providerOrderId: text('provider_order_id').notNull(),
    externalId: text('external_id').notNull(),
    status: text('status').notNull(),
    recipient: jsonb('recipient').$type<{ name: string; address1: string; city: string; country_code: string; state_code: string; zip: string }>().notNull(),
    lines: jsonb('lines')
      .$type<{ variantId: number; syncVariantId: number | null; productName: string; size: string; quantity: number; unitPriceCents: number }[]>()
      .notNull(),
    shippingRateId: text('shipping_rate_id').notNull(),
    shippingName: text('shipping_name').notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    currency: text('currency').notNull(),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    trackingUrl: text('tracking_url'),
    /** The `created` time of the newest webhook event applied; an older or equal one (a replay) changes nothing. */
    lastEventAt: timestamp('last_event_at', { withTimezone: true, mode: 'date' }),
    seq: bigint('seq', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_provider_order_key').on(t.provider, t.providerOrderId),
    uniqueIndex('orders_external_id_key').on(t.externalId),
    index('orders_user_seq_idx').on(t.userId, t.seq),
  ],
)

/** Scans and distinct visitors per profile and UTC day (migration 0011, decision 105): counts only, nothing per visitor. */
export const scanDays = pgTable(
  'scan_days',
  {
    profileId: uuid('profile_id').notNull(),
    userId: uuid('user_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    scans: integer('scans').notNull().default(0),
    visitors: integer('visitors').notNull().default(0),
  },
  // Migration 0011 let PostgreSQL name the foreign keys; the names are spelled here so both describe one database.
  (t) => [
    primaryKey({ columns: [t.profileId, t.day], name: 'scan_days_pkey' }),
    index('scan_days_user_day_idx').on(t.userId, t.day),
    foreignKey({ name: 'scan_days_profile_id_fkey', columns: [t.profileId], foreignColumns: [profiles.id] }).onDelete('cascade'),
    foreignKey({ name: 'scan_days_user_id_fkey', columns: [t.userId], foreignColumns: [users.id] }).onDelete('cascade'),
  ],
)

/**
 * Today's visitor hashes (per profile, under a salt of the day that only the servers' memory holds, decision 127), so
 * several servers count a visitor once a day and a scan once per 30 minutes; deleted when the day ends.
 */
export const scanVisitors = pgTable(
  'scan_visitors',
  {
    day: date('day', { mode: 'string' }).notNull(),
    hash: bytea('hash').notNull(),
    lastCountedAt: timestamp('last_counted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.day, t.hash], name: 'scan_visitors_pkey' })],
)

/** The keys of scan reports already counted (a resent report counts once, decision 128), until they are too old. */
export const scanReportKeys = pgTable(
  'scan_report_keys',
  {
    key: uuid('key').primaryKey(),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [index('scan_report_keys_day_idx').on(t.day)],
)
/** Single-use mailed tokens (password reset, email verification): only their SHA-256 is kept (migration 0014). */
export const accountTokens = pgTable(
  'account_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<'reset' | 'verify' | 'undo-email-change'>().notNull(),
    /** The address the link was sent to: a verification proves only this one, so an email change voids it. */
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('account_tokens_user_purpose_idx').on(t.userId, t.purpose)],
)

/** Account mail, stored before it is sent and retried with backoff (server/mail/mail-outbox.ts). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    /** What the kind's template needs; a link's token is removed once the mail is sent. */
    payload: jsonb('payload').$type<Record<string, string>>().notNull(),
    status: text('status').$type<'pending' | 'sent'>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_pending_idx').on(t.status, t.nextAttemptAt)],
)

/** A finished Google sign-in waiting for its page to collect the tokens by POST: 60 s, once, from the same browser. */
export const oauthExchangeCodes = pgTable('oauth_exchange_codes', {
  codeHash: text('code_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  browserHash: text('browser_hash').notNull(),
  authTime: timestamp('auth_time', { withTimezone: true, mode: 'date' }).notNull(),
  deviceName: text('device_name'),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  createdAt: createdAt(),
})

/** The owner's proven print file (migration 0012): written when an order is placed, served to the print provider. */
export const printFiles = pgTable('print_files', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The profile address the file encodes; a file for another address is rendered anew. */
  url: text('url').notNull(),
  png: bytea('png').notNull(),
  createdAt: createdAt(),
})

/**
 * Draft orders of deleted accounts still to be cancelled at the print provider (migration 0016, issue 27). No user
 * column: the row outlives the account. Worked off by server/orders/provider-cancellations.ts; a done row is deleted.
 */
export const providerCancellations = pgTable(
  'provider_cancellations',
  {
    provider: text('provider').$type<'printful' | 'demo'>().notNull(),
    providerOrderId: text('provider_order_id').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** Null: due now. Otherwise the next attempt, or the end of a worker's lease on the row. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'provider_cancellations_pkey', columns: [t.provider, t.providerOrderId] }),
    index('provider_cancellations_due_idx').on(t.nextAttemptAt),
  ],
)

/**
 * One browser's push subscription (migration 0017, issue 29): one owner, one device. The endpoint is a capability (who
 * knows it may push to the device): it is never logged, and the export gives only its origin.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    gifts: boolean('gifts').notNull().default(true),
    orders: boolean('orders').notNull().default(true),
    /** The refresh-token family (device sign-in) that posted it; its sign-out removes it, and a revoked one gets nothing. */
    familyId: uuid('family_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId, t.createdAt)],
)

/**
 * What the owner is told about (migration 0017): one row written in the transaction of what caused it (a purchase, a
 * visitor's message, an order's status), fanned out after commit into push deliveries and mail, then kept a day as
 * 'done' so the gift-burst rule can count it (server/notifications/notification-outbox.ts).
 */
export const notificationEvents = pgTable(
  'notification_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'gift' | 'message' | 'order'>().notNull(),
    /** What the texts need (item name, price, message, order status, tracking link): what the owner sees in the app. */
    payload: jsonb('payload').$type<Record<string, string>>().notNull(),
    status: text('status').$type<'pending' | 'done'>().notNull().default('pending'),
    /** The mail this event went into (a single mail or a gift summary); null: none was due. */
    mailId: uuid('mail_id'),
    createdAt: createdAt(),
  },
  (t) => [index('notification_events_pending_idx').on(t.status, t.createdAt), index('notification_events_user_idx').on(t.userId, t.kind, t.createdAt)],
)

/** One push of one event to one subscription, leased by one server, retried with backoff, deleted once delivered. */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    /** The PushPayload (src/contract/notifications.ts) as the service worker will receive it. */
    payload: jsonb('payload').$type<Record<string, string>>().notNull(),
    /** RFC 8030 Topic: a repeat of the same event replaces an undelivered one at the push service. */
    topic: text('topic').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** Null: due now. Otherwise the next attempt (backoff, Retry-After) or the end of a server's lease. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  // By owner too: an account's deletion cascades here, and a test app's scope reads an owner's rows.
  (t) => [
    index('push_deliveries_due_idx').on(t.nextAttemptAt),
    index('push_deliveries_subscription_idx').on(t.subscriptionId),
    index('push_deliveries_user_idx').on(t.userId),
  ],
)
