// Owns the rule for where sign-in may send the user back to: a path on this origin, never another site.
import * as v from 'valibot'

export const DEFAULT_AFTER_SIGN_IN = '/dashboard'

/**
 * True for "/dashboard?view=order" and the like; false for "//evil", "/\\evil", "https://evil", "javascript:" and
 * anything with control characters, which browsers strip and could turn into another origin.
 */
export function isSameOriginPath(value: string): boolean {
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return false
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return false
  try {
    const base = 'https://same.invalid'
    return new URL(value, base).origin === base
  } catch {
    return false
  }
}

/** The `redirect` search param of /login and /register: kept when it is a same-origin path, dropped otherwise. */
export const RedirectParamSchema = v.optional(
  v.pipe(
    v.unknown(),
    v.transform((value) => (typeof value === 'string' && isSameOriginPath(value) ? value : undefined)),
  ),
)

/** Search params of /login and /register. */
export const AuthSearchSchema = v.object({ redirect: RedirectParamSchema })
