// Owns the address of a card's Edit link: the router's own search string for /dashboard?modal=edit&id=…, built once for
// the grid and reused for every card whose id the router would write as is.

type StringifySearch = (search: Record<string, unknown>) => string

/**
 * An item id as this app makes them (crypto.randomUUID): hex digits and hyphens, which the router's JSON-aware
 * stringify leaves unquoted (a UUID never parses as JSON) and URL encoding leaves alone.
 */
const PLAIN_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const MARK = '00000000-0000-4000-8000-000000000000'

/**
 * 200 cards each asking the router to stringify their search took 10-14 ms of a reload's render at CPU 4x (issue 23
 * item 12): the router's answer for one id, with the id swapped, is the same string. Any other id asks the router.
 */
export function editHrefBuilder(stringifySearch: StringifySearch): (id: string) => string {
  const sample = `/dashboard${stringifySearch({ modal: 'edit', id: MARK })}`
  const at = sample.indexOf(MARK)
  const before = sample.slice(0, at)
  const after = sample.slice(at + MARK.length)
  return (id) => (at >= 0 && PLAIN_ID.test(id) ? `${before}${id}${after}` : `/dashboard${stringifySearch({ modal: 'edit', id })}`)
}
