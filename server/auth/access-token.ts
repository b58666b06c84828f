// Access tokens: HS256 JWTs of 15 minutes, algorithm pinned on verification (no `alg: none`, no other key).
import { jwtVerify, SignJWT } from 'jose'

export const ACCESS_TOKEN_SECONDS = 15 * 60
const ISSUER = 'qr-tee'

export type AccessTokenKey = Uint8Array

export const accessTokenKey = (secret: string): AccessTokenKey => new TextEncoder().encode(secret)

export function signAccessToken(key: AccessTokenKey, userId: string, now: Date): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000)
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_SECONDS)
    .sign(key)
}

/** The user id of a valid token, or undefined for anything forged, expired or malformed. */
export async function verifyAccessToken(key: AccessTokenKey, token: string, now: Date): Promise<string | undefined> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      currentDate: now,
    })
    return typeof payload.sub === 'string' ? payload.sub : undefined
  } catch {
    return undefined
  }
}
