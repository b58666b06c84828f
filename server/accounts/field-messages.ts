// Makes a missing body field fail with that field's own contract message instead of valibot's generic key text.
import * as v from 'valibot'

type ObjectLike = v.GenericSchema & { entries: v.ObjectEntries }

const isRecord = (input: unknown): input is Record<string, unknown> =>
  typeof input === 'object' && input !== null && !Array.isArray(input)

/**
 * valibot reports an absent key as 'Invalid key: Expected "email" ...'; a key that is present but undefined runs
 * the field's schema, whose message is the spec's ('Please enter a valid email address.'). JSON cannot carry
 * undefined, so absent keys are added as undefined before the contract schema runs. A body that is not an object
 * counts as an empty one, so it too is answered with the first field's message.
 */
export function withFieldMessages<T extends ObjectLike>(schema: T) {
  const keys = Object.keys(schema.entries)
  return v.pipe(
    v.unknown(),
    v.transform((input) => {
      const body: Record<string, unknown> = isRecord(input) ? { ...input } : {}
      for (const key of keys) if (!Object.hasOwn(body, key)) body[key] = undefined
      return body
    }),
    schema,
  )
}
