// Owns the mark the service worker puts on the visitor document it serves from its precache, so the page knows the
// server never saw this opening (and so did not count it as a scan; decision 105).

/** `<meta name="qrtee-served-by" content="service-worker">`: only the worker's copy carries it, never the server's HTML. */
export const SERVED_BY_META_NAME = 'qrtee-served-by'
export const SERVED_BY_WORKER = 'service-worker'

const MARK = `<meta name="${SERVED_BY_META_NAME}" content="${SERVED_BY_WORKER}" />`

/** The document's HTML with the mark as the first element of its head (or unchanged when it has no head). */
export function markServedByWorker(html: string): string {
  if (html.includes(MARK)) return html
  return html.replace(/<head(\s[^>]*)?>/i, (head) => `${head}${MARK}`)
}

/** The part of a Document read here; structural, since the worker's type library has no DOM. */
type Queryable = { querySelector(selector: string): { getAttribute(name: string): string | null } | null }

/** True when `doc` is the worker's marked copy. */
export function servedByWorker(doc: Queryable): boolean {
  return doc.querySelector(`meta[name="${SERVED_BY_META_NAME}"]`)?.getAttribute('content') === SERVED_BY_WORKER
}
