// Errors an owner write can raise, with the text the screen shows; a quota error is never a silent loss.
export class LocalStorageFullError extends Error {
  constructor() {
    super('Your device has no storage space left, so this change was not saved. Free some space and try again.')
    this.name = 'LocalStorageFullError'
  }
}

export class ProfileNotLoadedError extends Error {
  constructor() {
    super('Profile is not loaded. Please try again.')
    this.name = 'ProfileNotLoadedError'
  }
}

export class ItemNotFoundError extends Error {
  constructor() {
    super('Product not found')
    this.name = 'ItemNotFoundError'
  }
}

/** Dexie wraps the browser's DOMException; the quota error can sit on the error itself or on `inner`. */
export function isQuotaError(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    if (typeof current !== 'object') return false
    if ('name' in current && current.name === 'QuotaExceededError') return true
    current = 'inner' in current ? current.inner : undefined
  }
  return false
}

/** Runs a local write and turns a full disk into a message the owner can read. */
export async function surfaceQuotaErrors<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (isQuotaError(error)) throw new LocalStorageFullError()
    throw error
  }
}
