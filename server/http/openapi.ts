// GET /api/openapi.json: the owner-data API described from the very valibot schemas the server validates with.
import { toJsonSchema } from '@valibot/to-json-schema'
import { Hono } from 'hono'
import * as v from 'valibot'
import { ProfileSchema, ProfileUpdateSchema, PublicProfileSchema } from '../../src/contract/profile.ts'
import {
  PurchaseRecordSchema,
  UndoPurchaseSchema,
  UploadResultSchema,
  VisitorMessageSchema,
  VisitorPurchaseResultSchema,
  VisitorPurchaseSchema,
} from '../../src/contract/purchase.ts'
import { AuthResponseSchema } from '../../src/contract/auth.ts'
import { AccountDeleteRequestSchema, GoogleConnectSchema, OAuthExchangeSchema, SetPasswordSchema, SignInMethodsSchema } from '../../src/contract/sign-in-methods.ts'
import { EmailChangeSchema, ForgotPasswordSchema, MeSchema, ResetPasswordSchema, UndoEmailChangeSchema, PasswordLinkCheckSchema, PasswordLinkSchema, VerifyEmailSchema } from '../../src/contract/account-recovery.ts'
import { DevicesSchema } from '../../src/contract/devices.ts'
import { ScanReportSchema, ScanStatsSchema } from '../../src/contract/scans.ts'
import { SyncChangesSchema, SyncPushResultSchema, SyncPushSchema } from '../../src/contract/sync.ts'
import { ItemCreateSchema, ItemUpdateSchema, WishlistItemSchema } from '../../src/contract/wishlist.ts'
import type { AppEnv } from '../deps.ts'

type AnySchema = v.GenericSchema
type Operation = {
  summary: string
  auth: boolean
  body?: AnySchema
  multipart?: boolean
  ok: { status: number; schema?: AnySchema }
  params?: string[]
  query?: string[]
}

const ErrorSchema = v.object({ message: v.string() })

// One row per endpoint; the document below is derived, so it cannot drift from what the handlers validate.
const OPERATIONS: Record<string, Partial<Record<'get' | 'post' | 'put' | 'delete', Operation>>> = {
  '/api/profiles': {
    get: { summary: "The owner's profile", auth: true, ok: { status: 200, schema: ProfileSchema } },
    put: { summary: 'Update the profile, or only its photo', auth: true, body: ProfileUpdateSchema, ok: { status: 200, schema: ProfileSchema } },
  },
  '/api/profiles/{shareableId}': {
    get: { summary: 'A public profile by shareableId or username', auth: false, params: ['shareableId'], ok: { status: 200, schema: PublicProfileSchema } },
  },
  '/api/wishlist-items/profile/{profileId}': {
    get: { summary: "The profile's wishlist", auth: true, params: ['profileId'], ok: { status: 200, schema: v.array(WishlistItemSchema) } },
    post: { summary: 'Create a wishlist item', auth: true, params: ['profileId'], body: ItemCreateSchema, ok: { status: 201, schema: WishlistItemSchema } },
  },
  '/api/wishlist-items/{id}': {
    get: { summary: 'One wishlist item', auth: true, params: ['id'], ok: { status: 200, schema: WishlistItemSchema } },
    put: { summary: 'Update a wishlist item', auth: true, params: ['id'], body: ItemUpdateSchema, ok: { status: 200, schema: WishlistItemSchema } },
    delete: { summary: 'Delete a wishlist item and its image', auth: true, params: ['id'], ok: { status: 204 } },
  },
  '/api/wishlist-items/{id}/undo-purchase': {
    post: { summary: "Put a purchased gift back on the wishlist (the purchase record is kept, marked undone)", auth: true, params: ['id'], body: UndoPurchaseSchema, ok: { status: 204 } },
  },
  '/api/uploads': {
    post: { summary: 'Upload an image (field file)', auth: true, multipart: true, query: ['productId', 'profileId'], ok: { status: 201, schema: UploadResultSchema } },
  },
  '/api/uploads/{id}': {
    get: { summary: 'The stored image bytes', auth: false, params: ['id'], ok: { status: 200 } },
    delete: { summary: 'Delete an image', auth: true, params: ['id'], ok: { status: 204 } },
  },
  '/api/purchase-records': {
    get: { summary: "The owner's purchase records", auth: true, ok: { status: 200, schema: v.array(PurchaseRecordSchema) } },
  },
  '/api/purchase-records/{id}': {
    get: { summary: 'One purchase record', auth: true, params: ['id'], ok: { status: 200, schema: PurchaseRecordSchema } },
  },
  '/api/public/profiles/{shareableId}/purchases': {
    post: { summary: "A visitor's simulated purchase; with shown, only while the gift still has that name and price (else 409, reason itemChanged); 409 notWishlist on a profile of another type", auth: false, params: ['shareableId'], body: VisitorPurchaseSchema, ok: { status: 201, schema: VisitorPurchaseResultSchema } },
  },
  '/api/public/profiles/{shareableId}/purchases/{purchaseId}/message': {
    post: { summary: "The buyer's one message, stored with their purchase for the owner", auth: false, params: ['shareableId', 'purchaseId'], body: VisitorMessageSchema, ok: { status: 204 } },
  },
  '/api/public/profiles/{shareableId}/scans': {
    post: {
      summary: 'A scan of a visitor page the service worker served; the body {at, key} may be empty or text/plain (sendBeacon); a resent key counts once',
      auth: false,
      params: ['shareableId'],
      body: ScanReportSchema,
      ok: { status: 204 },
    },
  },
  '/api/stats/scans': {
    get: { summary: "The owner's daily scans and unique visitors, oldest day to today", auth: true, query: ['days'], ok: { status: 200, schema: ScanStatsSchema } },
  },
  '/api/stats/scans/{shareableId}': {
    get: { summary: "One of the owner's profiles' daily scans and visitors", auth: true, params: ['shareableId'], query: ['days'], ok: { status: 200, schema: ScanStatsSchema } },
  },
  '/api/users/me/export': {
    get: { summary: 'Everything stored about the owner, as one JSON attachment', auth: true, ok: { status: 200 } },
  },
  '/api/auth/forgot-password': {
    post: { summary: 'Mail a password reset link (the same answer for any email)', auth: false, body: ForgotPasswordSchema, ok: { status: 202 } },
  },
  '/api/auth/reset-password': {
    post: { summary: "Spend a reset link's token: new password, every session ended, email verified", auth: false, body: ResetPasswordSchema, ok: { status: 200 } },
  },
  '/api/auth/undo-email-change': {
    post: { summary: "Spend the take-back link mailed to the address an email change left: that address back, new password, every session ended", auth: false, body: UndoEmailChangeSchema, ok: { status: 200 } },
  },
  '/api/auth/password-link': {
    post: { summary: "What a password link is for before it is spent: the account's masked email, and to this device's own session whether it is that account", auth: false, body: PasswordLinkCheckSchema, ok: { status: 200, schema: PasswordLinkSchema } },
  },
  '/api/auth/verify-email': {
    post: { summary: "Spend a verification link's token", auth: false, body: VerifyEmailSchema, ok: { status: 200 } },
  },
  '/api/auth/oauth/exchange': {
    post: { summary: "Exchange Google sign-in's one-time code (with the browser's binding cookie) for the token pair", auth: false, body: OAuthExchangeSchema, ok: { status: 200, schema: AuthResponseSchema } },
  },
  '/api/auth/oauth/google/connect': {
    post: { summary: "Start 'Connect Google' for the signed-in owner: answers the provider's address; the callback links that Google account", auth: true, body: GoogleConnectSchema, ok: { status: 200 } },
  },
  '/api/users/me/email': {
    put: { summary: 'Change the email (recent sign-in or current password); mails a verification link', auth: true, body: EmailChangeSchema, ok: { status: 200 } },
  },
  '/api/users/me/verification-email': {
    post: { summary: 'Mail the verification link again (limited)', auth: true, ok: { status: 202 } },
  },
  '/api/users/me/google': {
    delete: { summary: 'Disconnect Google (recent sign-in; the account must have a password)', auth: true, ok: { status: 200 } },
  },
  '/api/users/me/devices': {
    get: { summary: 'Signed-in devices (one per sign-in)', auth: true, ok: { status: 200, schema: DevicesSchema } },
  },
  '/api/users/me/devices/{id}': {
    delete: { summary: 'Sign out one device', auth: true, params: ['id'], ok: { status: 200 } },
  },
  '/api/users/me/devices/sign-out-others': {
    post: { summary: 'Sign out every device but this one', auth: true, ok: { status: 200 } },
  },
  '/api/users/me': {
    get: { summary: 'The account: email, whether it is verified, and the sign-in methods', auth: true, ok: { status: 200, schema: MeSchema } },
    delete: {
      summary: 'Delete the account, its data and images (asks for the password; an account without one, for the username)',
      auth: true,
      body: AccountDeleteRequestSchema,
      ok: { status: 204 },
    },
  },
  '/api/users/me/sign-in-methods': {
    get: { summary: 'Whether the owner has a password and a linked Google account', auth: true, ok: { status: 200, schema: SignInMethodsSchema } },
  },
  '/api/users/me/password': {
    put: { summary: 'Set a first password (accounts made by Google sign-in only)', auth: true, body: SetPasswordSchema, ok: { status: 200, schema: AuthResponseSchema } },
  },
  '/api/sync/changes': {
    get: { summary: 'Changes after a cursor (0 = full snapshot)', auth: true, query: ['cursor', 'limit'], ok: { status: 200, schema: SyncChangesSchema } },
  },
  '/api/sync/push': {
    post: { summary: 'Run up to 100 outbox operations in order', auth: true, body: SyncPushSchema, ok: { status: 200, schema: SyncPushResultSchema } },
  },
}

// Transforms and custom checks have no JSON Schema form; the document shows the input shape and skips them.
const jsonSchema = (schema: AnySchema) => toJsonSchema(schema, { target: 'openapi-3.0', typeMode: 'input', errorMode: 'ignore' })
const json = (schema: AnySchema) => ({ 'application/json': { schema: jsonSchema(schema) } })

function describeOperation(op: Operation) {
  const writes = op.body !== undefined || op.multipart || op.ok.status === 204
  return {
    summary: op.summary,
    ...(op.auth && { security: [{ bearer: [] }] }),
    parameters: [
      ...(op.params ?? []).map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
      ...(op.query ?? []).map((name) => ({ name, in: 'query', required: false, schema: { type: 'string' } })),
      ...(writes ? [{ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', maxLength: 200 } }] : []),
    ],
    ...(op.body && { requestBody: { required: true, content: json(op.body) } }),
    ...(op.multipart && {
      requestBody: {
        required: true,
        content: { 'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] } } },
      },
    }),
    responses: {
      [op.ok.status]: { description: 'Success', ...(op.ok.schema && { content: json(op.ok.schema) }) },
      default: { description: 'Error', content: json(ErrorSchema) },
    },
  }
}

export function buildOpenApiDocument() {
  const paths = Object.fromEntries(
    Object.entries(OPERATIONS).map(([path, methods]) => [
      path,
      Object.fromEntries(Object.entries(methods).map(([method, op]) => [method, describeOperation(op)])),
    ]),
  )
  return {
    openapi: '3.0.3',
    info: { title: 'QR Tee owner data API', version: '1' },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    paths,
  }
}

export function openapiRoutes() {
  let document: string | undefined
  return new Hono<AppEnv>().get('/openapi.json', (c) => {
    document ??= JSON.stringify(buildOpenApiDocument())
    return c.body(document, 200, { 'Content-Type': 'application/json; charset=UTF-8', 'Cache-Control': 'public, max-age=300' })
  })
}
