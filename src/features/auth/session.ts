// Owns the guard's question "may this visitor see a protected page?" (spec section 2, protected routes).
import { ApiError, refreshTokensOnce } from '../../api/client.ts'
import { clearTokens, readTokens } from '../../api/tokens.ts'

/**
 * True with an access token. Without one but with a refresh token, one refresh is tried first. A refused refresh
 * ends the session; a network failure keeps it, because the owner's data is local and the app must open offline.
 */
export async function ensureSession(): Promise<boolean> {
  const { token, refreshToken } = readTokens()
  if (token) return true
  if (!refreshToken) return false
  try {
    await refreshTokensOnce(null)
    return true
  } catch (err) {
    if (err instanceof ApiError) {
      clearTokens()
      return false
    }
    return true
  }
}

export const hasStoredToken = (): boolean => readTokens().token !== null
