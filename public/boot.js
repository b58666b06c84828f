/* global document, localStorage, location, matchMedia */
// Runs in the owner app's document (index.html) before its first paint, as a plain script (the CSP allows no inline
// one): the stored colour scheme goes on <html> as Mantine's provider sets it later, so the first paint is already in
// the right scheme; and on an owner screen of a signed-in browser, the boot shell is shown until the app has rendered
// (issue 23 item 12, decision 178). Keys: src/lib/theme-storage.ts ('vite-ui-theme'), src/api/tokens.ts.
;(function boot() {
  const root = document.documentElement
  let choice = null
  let signedIn = false
  try {
    choice = localStorage.getItem('vite-ui-theme')
    signedIn = Boolean(localStorage.getItem('token') || localStorage.getItem('refreshToken'))
  } catch {
    // Storage blocked: the default scheme, and no shell (the app decides where this tab goes).
  }
  const systemDark = typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches
  root.setAttribute('data-mantine-color-scheme', choice === 'dark' || (choice === 'system' && systemDark) ? 'dark' : 'light')
  if (signedIn && /^\/(dashboard|products|profile\/edit)(\/|$)/.test(location.pathname)) root.setAttribute('data-boot-shell', '')
})()
