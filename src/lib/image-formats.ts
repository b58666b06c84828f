// The image formats the server takes (decision 024) and the size it stores them at: a pure leaf, re-exported by the
// contract (src/contract/images.ts) and used by the photo pickers' rules in lib.

/** MIME types of the formats the server accepts by their bytes; the pickers offer only these. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const

/** Long side of a stored image: product photos are shown large, profile photos only as an avatar. */
export const IMAGE_MAX_SIDE = { product: 1600, profile: 512 } as const
