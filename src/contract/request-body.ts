// Owns what every JSON request body must be, whatever the route: sent as JSON, nested at most a bounded depth; and the
// messages of the refusals (security.md: huge or deeply nested JSON bodies).
export const JSON_MEDIA_TYPE = 'application/json'

/**
 * Levels of objects and arrays any request body may have. The owner's own bodies use three (socialLinks[0].url); a
 * sync push carries operation bodies (at most PUSH_BODY_DEPTH_MAX) three levels down, well inside this.
 */
export const REQUEST_BODY_DEPTH_MAX = 32

export const REQUEST_BODY_MESSAGES = {
  notJson: `Send the body as JSON (Content-Type: ${JSON_MEDIA_TYPE}).`,
  malformed: 'Malformed JSON in request body',
  tooDeep: `A request body may nest at most ${REQUEST_BODY_DEPTH_MAX} levels of objects and arrays.`,
} as const

/**
 * Whether objects and arrays in `value` nest at most `max` levels deep. Walked with an explicit stack, so a body of
 * thousands of levels is refused instead of overflowing the call stack (as JSON.stringify of it would).
 */
export function nestsAtMost(value: unknown, max: number): boolean {
  const pending: { node: unknown; depth: number }[] = [{ node: value, depth: 0 }]
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (next.node === null || typeof next.node !== 'object') continue
    if (next.depth >= max) return false
    for (const child of Object.values(next.node)) pending.push({ node: child, depth: next.depth + 1 })
  }
  return true
}
