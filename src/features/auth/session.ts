// Owns the guard's question "may this visitor see a protected page?" (spec section 2, protected routes).
import { ApiError, refreshTokensOnce } from '../../api/client.ts'
import { clearTokens, readTokens } from '../../api/tokens.ts'

/** The answers that refuse a refresh (decision 040); a 5xx, 429 or unreadable answer decides nothing. */
const REFUSED_REFRESH = new Set([400, 401, 403])

/**
 * True with an access token. Without one but with a refresh token, one refresh is tried first. Only a refused refresh
 * ends the session; a network failure or a server error (503 while the database is away) keeps it, because the
 * owner's data is local and the app must open offline.
 */
export async function ensureSession(): Promise<boolean> {
  const { token, refreshToken } = readTokens()
  if (token) return true
  if (!refreshToken) return false
  try {
    await refreshTokensOnce(null)
    return true
  } catch (err) {
    if (err instanceof ApiError && REFUSED_REFRESH.has(err.status)) {
      clearTokens()
      return false
    }
    return true
  }
}

export const hasStoredToken = (): boolean => readTokens().token !== null
