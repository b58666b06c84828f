// A real OpenID Connect provider on a local port standing in for Google (oauth2-mock-server): discovery, JWKS,
// authorization code + PKCE S256, signed ID tokens. Tests choose who signs in and can tamper with the next answer.
import { Events, OAuth2Server } from 'oauth2-mock-server'

export type FakeGoogleAccount = { sub: string; email: string; email_verified?: boolean | string; name?: string }

type Payload = Record<string, unknown>

export type OidcProvider = {
  /** `http://127.0.0.1:{port}`: set OIDC_ISSUER to it. */
  issuer: string
  /** Every following sign-in is this Google account, until another is chosen. */
  signInAs: (account: FakeGoogleAccount) => void
  /** Changes the claims of the next ID token only (a wrong nonce, another audience, an expired token). */
  tamperNextIdToken: (change: (payload: Payload) => void) => void
  /** The next visit to the authorization endpoint answers `error=access_denied`, as when the user cancels at Google. */
  denyNext: () => void
  /** How many authorization requests arrived, and the query of the last one (to check scope, PKCE, redirect_uri). */
  authorizeRequests: () => URLSearchParams[]
  stop: () => Promise<void>
}

/** `port`: a fixed one (a test that first finds the provider down); by default any free port. */
export async function startOidcProvider(port = 0): Promise<OidcProvider> {
  const server = new OAuth2Server()
  await server.issuer.keys.generate('RS256')
  await server.start(port, '127.0.0.1')
  server.issuer.url = `http://127.0.0.1:${server.address().port}`

  let account: FakeGoogleAccount = { sub: 'google-default', email: 'default@example.test', email_verified: true }
  const tampers: ((payload: Payload) => void)[] = []
  let deny = false
  const seen: URLSearchParams[] = []

  server.service.on(Events.BeforeTokenSigning, (token: { payload: Payload }) => {
    // The access token carries a scope; the ID token (aud = client id, maybe a nonce) does not.
    if ('scope' in token.payload) return
    Object.assign(token.payload, { sub: account.sub, email: account.email, name: account.name ?? account.email })
    if (account.email_verified !== undefined) token.payload.email_verified = account.email_verified
    tampers.shift()?.(token.payload)
  })
  server.service.on(Events.BeforeAuthorizeRedirect, (redirect: { url: URL }, req: { url?: string }) => {
    seen.push(new URL(req.url ?? '/', 'http://provider').searchParams)
    if (!deny) return
    deny = false
    redirect.url.searchParams.delete('code')
    redirect.url.searchParams.set('error', 'access_denied')
  })

  return {
    issuer: server.issuer.url,
    signInAs: (next) => {
      account = next
    },
    tamperNextIdToken: (change) => void tampers.push(change),
    denyNext: () => {
      deny = true
    },
    authorizeRequests: () => [...seen],
    stop: () => server.stop(),
  }
}
