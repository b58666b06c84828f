// Owns putting the owner on a field a refusal marked: scrolled to the middle of the screen, clear of the bottom tab bar
// and the keyboard, and focused, so the error is seen and read where it is fixed.

/** Frames to wait at most for the field to be there and enabled (React may commit the refusal a frame or two later). */
const MAX_FRAMES = 10

/**
 * Read frame by frame: the field may mount with the same update (the confirmation's password) or still be disabled
 * by the busy state the refusal ends, and a disabled field takes no focus (it then fell to <body>).
 */
export function revealField(ref: { readonly current: HTMLElement | null } | null, frames = MAX_FRAMES): void {
  requestAnimationFrame(() => {
    const field = ref?.current
    if (!field || field.matches(':disabled')) {
      if (frames > 1) revealField(ref, frames - 1)
      return
    }
    field.scrollIntoView({ block: 'center' })
    field.focus({ preventScroll: true })
  })
}
