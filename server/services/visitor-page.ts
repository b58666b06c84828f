// Owns the HTML of a visitor's first scan: the visitor app (src/features/public-profile) rendered to a string from the
// public profile, inside the built visitor document (dist/profile.html) with its small stylesheet inlined, so the
// page paints from the first response alone; the browser then hydrates the same tree (decision 062).
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import type { PublicProfile } from '../../src/contract/profile.ts'
import { VisitorApp } from '../../src/features/public-profile/visitor-app.tsx'

export type VisitorPage = {
  profile: PublicProfile
  canonicalUrl: string
  /** The page is served over https: remote http images are upgraded, as in the browser. */
  secure: boolean
}

/** `<` is escaped so profile text can never close the script element it sits in. */
export function jsonForScript(json: string): string {
  return json.replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)
}

/**
 * Replaces the template's own stylesheet links with their contents: one request fewer before the first paint on a
 * phone network. Links whose file is unknown stay as they are.
 */
export function inlineStylesheets(html: string, readAsset: (urlPath: string) => string | undefined): string {
  return html.replace(/<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g, (link, href: string) => {
    const css = readAsset(href)
    return css === undefined ? link : `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`
  })
}

const DEFAULT_DESCRIPTION = 'A QR Tee profile: the wishlist, text or links its owner chose to share.'

/** The visitor document for one profile: title, description and canonical address, the JSON, and the markup. */
export function renderVisitorPage(template: string, { profile, canonicalUrl, secure }: VisitorPage): string {
  const markup = renderToString(createElement(VisitorApp, { shareableId: profile.shareableId, embedded: profile, secure }))
  const title = escapeHtml(`${profile.username} · QR Tee`)
  const description = escapeHtml(profile.description.trim().slice(0, 160) || DEFAULT_DESCRIPTION)
  const canonical = escapeHtml(canonicalUrl)
  const data = `<script type="application/json" id="profile-data">${jsonForScript(JSON.stringify(profile))}</script>`
  return template
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
    .replace(/(<meta name="description" content=")[^"]*(")/, `$1${description}$2`)
    .replace(/(<link rel="canonical" href=")[^"]*(")/, `$1${canonical}$2`)
    .replace(/(<meta property="og:url" content=")[^"]*(")/, `$1${canonical}$2`)
    .replace(/(<meta property="og:title" content=")[^"]*(")/, `$1${title}$2`)
    .replace('</head>', `${data}</head>`)
    .replace('<div id="root"></div>', `<div id="root">${markup}</div>`)
}
