// Entry of the visitor's document (profile.html). The server's HTML is already the whole page, so the script that
// makes it interactive waits until the page's own content (the first photo above all) has loaded: on a phone network
// the picture comes first and the Purchase buttons a moment later, instead of both arriving late (decision 062).
// The stylesheet is imported here, not in the bootstrap, so that it is linked from the HTML (the server inlines it).
import './features/public-profile/public-profile.css'

/** However slow a photo is, the page becomes interactive by then. */
const LATEST_START_MS = 3000

let started = false
function start() {
  if (started) return
  started = true
  void import('./visitor-main.tsx')
}

if (document.readyState === 'complete') start()
else {
  window.addEventListener('load', start, { once: true })
  setTimeout(start, LATEST_START_MS)
}
