// Entry of the public pages' document (site.html). The prerendered HTML is already the whole page, so the script that
// makes it interactive waits until the page has loaded, or 3 s at the latest (decision 096, as 062 for the visitor).
// The stylesheet is imported here so that it is linked from the HTML, which the prerender step inlines.
import './public-site.css'

const LATEST_START_MS = 3000

let started = false
function start() {
  if (started) return
  started = true
  void import('./public-site-main.tsx')
}

if (document.readyState === 'complete') start()
else {
  window.addEventListener('load', start, { once: true })
  setTimeout(start, LATEST_START_MS)
}
