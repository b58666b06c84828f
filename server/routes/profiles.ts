// /api/profiles: the signed-in owner's own profile (GET); auth is per route so public profile routes can join later.
import { Hono } from 'hono'
import { requireAuth } from '../auth/require-auth.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import { notFound } from '../http.ts'
import { loadOwnProfile } from '../services/profile-view.ts'

export function profileRoutes(deps: AppDeps) {
  const { db } = deps.database
  return new Hono<AppEnv>().get('/', requireAuth(deps), async (c) => {
    const profile = await loadOwnProfile(db, c.var.userId)
    if (!profile) throw notFound('Profile not found')
    return c.json(profile, 200)
  })
}
