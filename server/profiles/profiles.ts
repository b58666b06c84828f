// /api/profiles: the signed-in owner's own profile, GET and PUT (the visitor's view lives in routes/public.ts).
import { Hono } from 'hono'
import { ProfileUpdateSchema } from '../../src/contract/profile.ts'
import { requireAuth } from '../http/require-auth.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import { notFound, validate } from '../http/http.ts'
import { idempotency } from '../http/idempotency.ts'
import { mutationOf } from '../changes/client-mutations.ts'
import { updateProfile } from './profile-writes.ts'
import { loadOwnProfile } from './profile-view.ts'

export function profileRoutes(deps: AppDeps) {
  const { db } = deps.database
  // Auth is per route: GET /api/profiles/{shareableId} shares this prefix and needs no token.
  const auth = requireAuth(deps)
  return new Hono<AppEnv>()
    .get('/', auth, async (c) => {
      const profile = await loadOwnProfile(db, c.var.userId)
      if (!profile) throw notFound('Profile not found')
      return c.json(profile, 200)
    })
    .put('/', auth, idempotency(deps), validate('json', ProfileUpdateSchema), async (c) => {
      // This site's visitor pages: the printed origin, and the one the owner reached (a push dispatches on its own).
      const siteOrigins = [deps.config.publicUrl, new URL(c.req.url).origin]
      await updateProfile(db, c.var.userId, c.req.valid('json'), deps.now(), mutationOf(c), siteOrigins)
      const profile = await loadOwnProfile(db, c.var.userId)
      if (!profile) throw notFound('Profile not found')
      return c.json(profile, 200)
    })
}
