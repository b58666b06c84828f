// Owns how many toasts may show at once and where: a phone keeps its cards, their actions and the tab bar in view, a
// larger screen the dashboard banner's buttons.

/** Below this width (Mantine's `sm`, 48em) the screen is a phone's. */
const PHONE_MAX_PX = 768

/**
 * The most toasts shown at once; more wait in Mantine's queue. Five offline saves stacked five toasts over almost all
 * of a 360 px screen, Edit buttons included: on a phone two show, on larger screens three.
 */
export function toastLimit(viewportWidth: number): number {
  return viewportWidth < PHONE_MAX_PX ? 2 : 3
}

/**
 * Where toasts open. On a phone, at the top under the header (the tab bar holds the bottom). From tablets up, top-right
 * put 'Product created' over the banner's 'Add wishlist item' and 'Show QR code' (a pointer resting there paused its
 * closing), and bottom-right over profile settings' Save, right-aligned at the column's end: top-center, under the
 * header, lies over the pages' titles only.
 */
export function toastPosition(viewportWidth: number): 'top-right' | 'top-center' {
  return viewportWidth < PHONE_MAX_PX ? 'top-right' : 'top-center'
}

/** A saved-change confirmation says its one thing and goes: it must not sit over the cards the owner acts on next. */
export const SAVED_TOAST_MS = 2500
