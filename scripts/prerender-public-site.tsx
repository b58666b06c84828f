// Build step (run by vite.config.ts after the bundle is written): renders the public pages with the same React tree the
// browser hydrates, into dist/site.html with its stylesheet inlined, and writes one static HTML file per page.
// The site's origin is a placeholder the server replaces with PUBLIC_URL (decision 096).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { canonicalUrl, PRERENDERED_DIR, PUBLIC_SITE_PAGES, PUBLIC_URL_PLACEHOLDER } from '../src/lib/public-site-pages.ts'
import { PublicSiteApp } from '../src/public-site/public-site-app.tsx'

const distDir = path.resolve(process.argv[2] ?? 'dist')
const template = readFileSync(path.join(distDir, 'site.html'), 'utf8')

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

/** The template's own stylesheets, inlined: no request stands between the HTML and the first paint. */
function inlineStylesheets(html: string): string {
  return html.replace(/<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g, (_link, href: string) => {
    const css = readFileSync(path.join(distDir, href), 'utf8')
    return `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`
  })
}

/** Replacement functions, never strings: `$` in a text is then never a pattern. */
const fill = (html: string, slot: RegExp, text: string) => html.replace(slot, (_m, open: string, close: string) => `${open}${text}${close}`)

const base = inlineStylesheets(template)
mkdirSync(path.join(distDir, PRERENDERED_DIR), { recursive: true })
for (const page of PUBLIC_SITE_PAGES) {
  const markup = renderToString(createElement(PublicSiteApp, { page: page.page }))
  const title = escapeHtml(page.title)
  const description = escapeHtml(page.description)
  const canonical = escapeHtml(canonicalUrl(PUBLIC_URL_PLACEHOLDER, page.path))
  let html = base.replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`)
  html = fill(html, /(<meta name="description" content=")[^"]*(")/, description)
  html = fill(html, /(<meta property="og:description" content=")[^"]*(")/, description)
  html = fill(html, /(<meta property="og:title" content=")[^"]*(")/, title)
  html = fill(html, /(<link rel="canonical" href=")[^"]*(")/, canonical)
  html = fill(html, /(<meta property="og:url" content=")[^"]*(")/, canonical)
  html = fill(html, /(<meta property="og:image" content=")[^"]*(")/, `${PUBLIC_URL_PLACEHOLDER}/icon-512.png`)
  html = html.replace('<div id="root"></div>', () => `<div id="root" data-page="${page.page}">${markup}</div>`)
  if (!html.includes(`data-page="${page.page}"`)) throw new Error('site.html has no empty <div id="root"></div> to fill')
  writeFileSync(path.join(distDir, PRERENDERED_DIR, page.file), html)
}
console.log(`Prerendered ${PUBLIC_SITE_PAGES.map((page) => page.path).join(', ')} into ${path.join(distDir, PRERENDERED_DIR)}`)
