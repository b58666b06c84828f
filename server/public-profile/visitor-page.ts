// Owns the HTML of a visitor's first scan: the visitor app (src/features/public-profile) rendered to a string from the
// public profile, inside the built visitor document (dist/profile.html) with its small stylesheet inlined, so the
// page paints from the first response alone; the browser then hydrates the same tree (decision 062).
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import * as v from 'valibot'
import { EMBEDDED_PROFILE_ELEMENT_ID, ROOT_ELEMENT_ID } from '../../src/contract/names.ts'
import type { PublicProfile } from '../../src/contract/profile.ts'
import { VisitorProfileSchema } from '../../src/features/public-profile/load-profile.ts'
import { VisitorApp } from '../../src/features/public-profile/visitor-app.tsx'
import { visitorHead } from '../../src/features/public-profile/document-head.ts'

export type VisitorPage = {
  profile: PublicProfile
  /** The site's public origin (PUBLIC_URL): the canonical address is built from it. */
  publicUrl: string
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

// Replacement *functions*, never replacement strings: in a string, `$&`, `` $` ``, `$'` and `$1` are patterns, so an
// owner's text could copy parts of the document into itself or close the attribute it sits in.

/** `text` between the two groups of `slot` (the attribute's opening and closing quote), which stay as they are. */
function fillSlot(html: string, slot: RegExp, text: string): string {
  return html.replace(slot, (_match, open: string, close: string) => `${open}${text}${close}`)
}

/** `markup` instead of the first `target`. */
function put(html: string, target: string | RegExp, markup: string): string {
  return html.replace(target, () => markup)
}

/** The visitor document for one profile: title, description and canonical address, the JSON, and the markup. */
export function renderVisitorPage(template: string, { profile, publicUrl, secure }: VisitorPage): string {
  // The page reads the same flat shape the browser will parse from the embedded JSON, so hydration matches.
  const visitorProfile = v.parse(VisitorProfileSchema, profile)
  const markup = renderToString(createElement(VisitorApp, { shareableId: profile.shareableId, embedded: visitorProfile, secure }))
  const head = visitorHead(visitorProfile, publicUrl)
  const title = escapeHtml(head.title)
  const description = escapeHtml(head.description)
  const canonical = escapeHtml(head.canonicalUrl)
  const data = `<script type="application/json" id="${EMBEDDED_PROFILE_ELEMENT_ID}">${jsonForScript(JSON.stringify(profile))}</script>`
  let html = put(template, /<title>[^<]*<\/title>/, `<title>${title}</title>`)
  html = fillSlot(html, /(<meta name="description" content=")[^"]*(")/, description)
  html = fillSlot(html, /(<link rel="canonical" href=")[^"]*(")/, canonical)
  html = fillSlot(html, /(<meta property="og:url" content=")[^"]*(")/, canonical)
  html = fillSlot(html, /(<meta property="og:title" content=")[^"]*(")/, title)
  html = put(html, '</head>', `${data}</head>`)
  return put(html, `<div id="${ROOT_ELEMENT_ID}"></div>`, `<div id="${ROOT_ELEMENT_ID}">${markup}</div>`)
}
