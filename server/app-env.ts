// The Hono environment every route and middleware types its context with: a leaf that imports no module which imports
// it back (deps.ts re-exports it).
import type { ClientMutation } from './changes/client-mutations.ts'

/** Hono environment: the auth middleware sets `userId` (authenticated routes only), request logging sets `requestId`. */
export type AppEnv = {
  /**
   * What the caller of app.fetch hands over: the Node adapter its request and response, the sync push the mutation an
   * operation it dispatches belongs to (services/client-mutations.ts). A client cannot set either.
   */
  Bindings: { mutation?: ClientMutation }
  Variables: {
    userId: string
    /** When the bearer token's session proved the owner (access token `auth_time`); undefined after a refresh. */
    authTime?: Date
    /** The refresh-token family (device) of the bearer token (access token `sid`). */
    sessionId?: string
    requestId: string
    /** Set by a visitor route whose answer carries an owner's data, so the stored replay is deleted with that owner. */
    idempotencyOwner?: string
  }
}
