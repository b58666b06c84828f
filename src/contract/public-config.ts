// Runtime settings the browser reads from GET /api/public/config, so none of them needs a rebuild.
import * as v from 'valibot'

export const PublicConfigSchema = v.object({
  demoUsername: v.string(),
  googleSignIn: v.boolean(),
  /** Null when no captcha is configured: the support form then sends without one. */
  turnstileSiteKey: v.nullable(v.string()),
  printProvider: v.picklist(['printful', 'demo']),
  /** PUBLIC_URL: the origin printed into QR codes, so every code the browser draws matches the printed one. */
  publicUrl: v.optional(v.string()),
  /** The VAPID public key (base64url) a browser subscribes to push with (issue 29); absent from servers before it. */
  vapidPublicKey: v.optional(v.string()),
  /** Whether the server mails account links (SMTP_URL): without it no reset link can be mailed; absent from older servers. */
  accountMail: v.optional(v.boolean()),
})
export type PublicConfig = v.InferOutput<typeof PublicConfigSchema>
