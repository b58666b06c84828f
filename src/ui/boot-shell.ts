// Owns the end of the boot shell (index.html, shown by public/boot.js on an owner screen): it goes in the commit that
// paints the app's own page, or once the router has rendered any other page (a redirect to /login, an error).
import { useLayoutEffect } from 'react'

export function removeBootShell(): void {
  document.getElementById('boot-shell')?.remove()
  document.documentElement.removeAttribute('data-boot-shell')
}

/** For the owner's frames: the shell leaves before the frame's first paint, so no frame shows both or neither. */
export function useBootShellRemoved(): void {
  useLayoutEffect(removeBootShell, [])
}
