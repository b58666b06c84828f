// Owns what a password link's page says of this device when it is signed in to another account than the link's
// (decision 203): setting that account's password signs out that account's devices, not this one.

export const otherAccountHere = (username: string) => `This phone is signed in as @${username}, another account. That sign-in is not changed.`
export const stillSignedInHere = (username: string) => `This phone is still signed in as @${username}.`
