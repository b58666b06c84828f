// Google sign-in's OpenID Connect side (openid-client): discovery once per process, the authorization address with
// state, nonce and PKCE (S256), and the code exchange whose ID token is checked for issuer, audience, expiry and nonce.
import * as client from 'openid-client'

export type OidcSettings = {
  issuer: string
  clientId: string
  clientSecret: string
  /** Where the provider sends the browser back: the server's own callback, `{PUBLIC_URL}/api/auth/oauth/google/callback`. */
  redirectUri: string
}

/** What one sign-in must remember until its callback: all three are secrets of this server, never of the browser. */
export type AuthorizationStart = { url: URL; state: string; nonce: string; codeVerifier: string }

/** `authTime`: the ID token's `auth_time`, when the person last proved themselves to the provider. */
export type ProviderIdentity = { subject: string; email: string | undefined; emailVerified: boolean; authTime: Date | undefined }

/** `unavailable`: the provider could not be reached or discovered; `refused`: the answer failed a check. */
export class OidcError extends Error {
  constructor(
    readonly reason: 'unavailable' | 'refused',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options)
  }
}

export const OIDC_SCOPE = 'openid email profile'
const PROVIDER_TIMEOUT_SECONDS = 10

/** Plain http only for a provider on this machine (the local test provider); Google and any real one use https. */
function isLocalHttp(issuer: URL): boolean {
  return issuer.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname)
}

export type OidcClient = {
  /** `fresh`: ask for a new authentication at the provider (`max_age=0`), whatever session it already has. */
  authorizationStart: (options?: { fresh?: boolean }) => Promise<AuthorizationStart>
  /** Exchanges the code of `callbackUrl` (the provider's redirect as received) and returns the verified identity. */
  finish: (callbackUrl: URL, expected: { state: string; nonce: string; codeVerifier: string }) => Promise<ProviderIdentity>
}

export function createOidcClient(settings: OidcSettings): OidcClient {
  const issuer = new URL(settings.issuer)
  let discovered: Promise<client.Configuration> | undefined

  // Discovered at first use and kept; a failed discovery is forgotten so the next sign-in tries again.
  const configuration = (): Promise<client.Configuration> => {
    discovered ??= client
      .discovery(issuer, settings.clientId, settings.clientSecret, undefined, {
        execute: isLocalHttp(issuer) ? [client.allowInsecureRequests] : [],
        timeout: PROVIDER_TIMEOUT_SECONDS,
      })
      .then((config) => {
        config.timeout = PROVIDER_TIMEOUT_SECONDS
        return config
      })
      .catch((error: unknown) => {
        discovered = undefined
        throw new OidcError('unavailable', 'The sign-in provider could not be reached', { cause: error })
      })
    return discovered
  }

  return {
    async authorizationStart(options = {}) {
      const config = await configuration()
      const state = client.randomState()
      const nonce = client.randomNonce()
      const codeVerifier = client.randomPKCECodeVerifier()
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: settings.redirectUri,
        scope: OIDC_SCOPE,
        response_type: 'code',
        state,
        nonce,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        ...(options.fresh ? { max_age: '0' } : {}),
      })
      return { url, state, nonce, codeVerifier }
    },

    async finish(callbackUrl, expected) {
      const config = await configuration()
      let claims: client.IDToken | undefined
      try {
        const tokens = await client.authorizationCodeGrant(
          config,
          callbackUrl,
          { expectedState: expected.state, expectedNonce: expected.nonce, pkceCodeVerifier: expected.codeVerifier, idTokenExpected: true },
          { redirect_uri: settings.redirectUri },
        )
        claims = tokens.claims()
      } catch (error) {
        throw new OidcError('refused', 'The provider did not confirm the sign-in', { cause: error })
      }
      if (!claims || typeof claims.sub !== 'string' || claims.sub === '') throw new OidcError('refused', 'The ID token names no subject')
      const email = typeof claims.email === 'string' && claims.email !== '' ? claims.email : undefined
      // Google sends a boolean; some providers have sent the string "true".
      const verified = claims.email_verified === true || claims.email_verified === 'true'
      const authTime = typeof claims.auth_time === 'number' ? new Date(claims.auth_time * 1000) : undefined
      return { subject: claims.sub, email, emailVerified: verified && email !== undefined, authTime }
    },
  }
}
