// The rule every text field of the contract shares: no control characters (issue 25, decision 140). URL fields need
// none: normalizeUrl (src/lib/safe-url.ts) refuses or percent-encodes them.
import * as v from 'valibot'

/** U+0000-U+001F and U+007F: invisible, and PostgreSQL refuses U+0000 in text outright (a 500 before this rule). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const SINGLE_LINE_CONTROL = /[\u0000-\u001f\u007f]/
/** Multi-line text keeps tab and newline (a description, a custom text), nothing else below U+0020. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const MULTI_LINE_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/

/**
 * Half of a surrogate pair: no character at all. It cannot be stored as UTF-8, and PostgreSQL's jsonb refuses its
 * escape (a 500 for a social link's platform before this rule).
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

export const controlCharactersMessage = (label: string) => `${label} must not contain control characters (such as NUL) or broken characters.`

export function hasControlCharacters(text: string, multiLine = false): boolean {
  return (multiLine ? MULTI_LINE_CONTROL : SINGLE_LINE_CONTROL).test(text) || LONE_SURROGATE.test(text)
}

/** A pipe step refusing control characters; `multiLine` lets tab and newline through; `message` words it for a visitor. */
export function noControlCharacters(label: string, { multiLine = false, message = controlCharactersMessage(label) } = {}) {
  return v.check((text: string) => !hasControlCharacters(text, multiLine), message)
}
