// Owns how a count of this device's unsent changes is said, so /login and /switch-owner say it alike.

/** '1 unsent change', '3 unsent changes' */
export const unsentChanges = (count: number) => (count === 1 ? '1 unsent change' : `${count} unsent changes`)

/** The verb agreeing with the count: 'is' for one, 'are' otherwise. */
export const isOrAre = (count: number) => (count === 1 ? 'is' : 'are')
