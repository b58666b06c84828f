// Owns how many toasts may show at once: a phone keeps its cards, their actions and the tab bar in view.

/** Below this width (Mantine's `sm`, 48em) the screen is a phone's. */
const PHONE_MAX_PX = 768

/**
 * The most toasts shown at once; more wait in Mantine's queue. Five offline saves stacked five toasts over almost all
 * of a 360 px screen, Edit buttons included: on a phone two show, on larger screens three.
 */
export function toastLimit(viewportWidth: number): number {
  return viewportWidth < PHONE_MAX_PX ? 2 : 3
}

/** A saved-change confirmation says its one thing and goes: it must not sit over the cards the owner acts on next. */
export const SAVED_TOAST_MS = 2500
