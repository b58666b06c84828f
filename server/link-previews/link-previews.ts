// POST /api/link-previews {url}: what a shop page says about its product, for the owner's product form (issue 28).
import { Hono } from 'hono'
import { LinkPreviewRequestSchema } from '../../src/contract/link-preview.ts'
import { LIMITS } from '../../src/contract/limits.ts'
import { requireAuth } from '../http/require-auth.ts'
import { addressKey, clientAddress } from '../http/client-address.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import { validate } from '../http/http.ts'
import { rateLimiterFor, resolveRateLimits, TOO_MANY } from '../http/rate-limit.ts'
import { assertRoomLeft } from '../images/image-store.ts'
import { LinkPreviewer } from './link-previewer.ts'

const previewers = new WeakMap<AppDeps, LinkPreviewer>()

/** One previewer (and so one cache) per app. */
export function linkPreviewerFor(deps: AppDeps): LinkPreviewer {
  let previewer = previewers.get(deps)
  if (!previewer) {
    previewer = new LinkPreviewer({ ...deps.outbound, allowHosts: deps.config.linkPreviewAllowHosts }, () => deps.now().getTime())
    previewers.set(deps, previewer)
  }
  return previewer
}

export function linkPreviewRoutes(deps: AppDeps) {
  const { db } = deps.database
  const limits = resolveRateLimits(deps.rateLimits)
  const limiter = rateLimiterFor(deps)
  const quota = deps.storageQuotaBytes ?? LIMITS.storageQuotaBytes
  return new Hono<AppEnv>().post('/link-previews', requireAuth(deps), validate('json', LinkPreviewRequestSchema), async (c) => {
    const userId = c.var.userId
    await limiter.enforce('link-preview-user', userId, limits.linkPreviewsPerUser, TOO_MANY.linkPreviews)
    await limiter.enforce('link-preview-address', addressKey(clientAddress(c, deps.config.trustProxy)), limits.linkPreviewsPerAddress, TOO_MANY.linkPreviews)
    // Like an upload: an owner with no room left learns it before anything is fetched.
    await assertRoomLeft(db, userId, quota)
    return c.json(await linkPreviewerFor(deps).preview(db, userId, c.req.valid('json').url, quota))
  })
}
