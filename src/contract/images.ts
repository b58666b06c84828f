// The images the server takes (decision 024) and the size it stores them at, shared by the upload route and the photo pickers.
// The values live in lib so lib's picked-photo rules need nothing from the contract (lib imports only lib).
export { IMAGE_MAX_SIDE, IMAGE_TYPES } from '../lib/image-formats.ts'
