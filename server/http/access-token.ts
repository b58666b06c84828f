// Access tokens: HS256 JWTs of 15 minutes, algorithm pinned on verification (no `alg: none`, no other key).
import { jwtVerify, SignJWT } from 'jose'

export const ACCESS_TOKEN_SECONDS = 15 * 60
const ISSUER = 'qr-tee'

export type AccessTokenKey = Uint8Array

export const accessTokenKey = (secret: string): AccessTokenKey => new TextEncoder().encode(secret)

/**
 * `authTime`: when the owner proved who they are (a password, a fresh Google sign-in, a reset link), as the OIDC
 * `auth_time` claim; null for a token a refresh issued, which proves nothing about who holds it (issue 24).
 */
export function signAccessToken(key: AccessTokenKey, userId: string, now: Date, authTime: Date | null = now, sessionId?: string): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000)
  const claims = { ...(authTime ? { auth_time: Math.floor(authTime.getTime() / 1000) } : {}), ...(sessionId ? { sid: sessionId } : {}) }
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_SECONDS)
    .sign(key)
}

/** `sessionId`: the refresh-token family (the device) this token was issued to. */
/** `issuedAt`: the token's `iat`, in whole seconds as signed. */
export type AccessClaims = { userId: string; authTime: Date | undefined; sessionId: string | undefined; issuedAt: Date | undefined }

/** The user id of a valid token, or undefined for anything forged, expired or malformed. */
export async function verifyAccessToken(key: AccessTokenKey, token: string, now: Date): Promise<string | undefined> {
  return (await verifyAccessClaims(key, token, now))?.userId
}

/** The user id and sign-in time of a valid token. */
export async function verifyAccessClaims(key: AccessTokenKey, token: string, now: Date): Promise<AccessClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      currentDate: now,
    })
    if (typeof payload.sub !== 'string') return undefined
    const authTime = typeof payload.auth_time === 'number' ? new Date(payload.auth_time * 1000) : undefined
    const issuedAt = typeof payload.iat === 'number' ? new Date(payload.iat * 1000) : undefined
    return { userId: payload.sub, authTime, sessionId: typeof payload.sid === 'string' ? payload.sid : undefined, issuedAt }
  } catch {
    return undefined
  }
}
