// Owns the canonical link and og:url: both follow the current path, without a trailing slash (spec section 2).
import { useLocation } from '@tanstack/react-router'
import { useEffect } from 'react'

/** "/profile/abc/" -> "https://host/profile/abc"; "/" -> "https://host". Query and hash are not part of a page's identity. */
export function canonicalUrl(origin: string, pathname: string): string {
  return origin + pathname.replace(/\/+$/, '')
}

function upsert(selector: string, create: () => HTMLElement, attribute: string, value: string) {
  let element = document.head.querySelector<HTMLElement>(selector)
  if (!element) {
    element = create()
    document.head.append(element)
  }
  element.setAttribute(attribute, value)
}

export function useCanonicalUrl(): void {
  const pathname = useLocation({ select: (location) => location.pathname })
  useEffect(() => {
    const url = canonicalUrl(window.location.origin, pathname)
    upsert(
      'link[rel="canonical"]',
      () => Object.assign(document.createElement('link'), { rel: 'canonical' }),
      'href',
      url,
    )
    upsert(
      'meta[property="og:url"]',
      () => {
        const meta = document.createElement('meta')
        meta.setAttribute('property', 'og:url')
        return meta
      },
      'content',
      url,
    )
  }, [pathname])
}
