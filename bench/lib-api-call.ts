// One JSON call to the bench's app server over real HTTP, shared by the benches' data seeding.

export type Json = Record<string, unknown>

/** Sends `body` as JSON (with the owner's bearer token when given); throws with the server's answer on a non-2xx. */
export async function apiCall(baseUrl: string, method: string, urlPath: string, token: string | undefined, body?: unknown): Promise<Json> {
  const response = await fetch(`${baseUrl}${urlPath}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`${method} ${urlPath}: ${response.status} ${text}`)
  return text ? (JSON.parse(text) as Json) : {}
}
