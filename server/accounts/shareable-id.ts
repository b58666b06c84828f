// Shareable ids of public profiles: short, URL-safe, easy to read off a shirt, and never a word the app routes itself.
import { randomInt } from 'node:crypto'
import { SHAREABLE_ID_ALPHABET, SHAREABLE_ID_LENGTH } from '../../src/contract/profile.ts'
import { isReservedWord } from '../../src/contract/reserved-words.ts'

// The alphabet lives in the contract, where the service worker reads the id shape too.
export { SHAREABLE_ID_ALPHABET, SHAREABLE_ID_LENGTH, SHAREABLE_ID_PATTERN } from '../../src/contract/profile.ts'
// Usernames may not equal them either (findConflict), so they live in the contract beside the username's own rules.
export { isReservedWord, RESERVED_WORDS } from '../../src/contract/reserved-words.ts'

/** Uniform over the alphabet (crypto.randomInt rejects biased draws): 31^10, about 2^49.5 ids. */
export function randomShareableId(pick: (max: number) => number = randomInt, isReserved = isReservedWord): string {
  for (;;) {
    let id = ''
    for (let i = 0; i < SHAREABLE_ID_LENGTH; i++) id += SHAREABLE_ID_ALPHABET[pick(SHAREABLE_ID_ALPHABET.length)]
    if (!isReserved(id)) return id
  }
}
