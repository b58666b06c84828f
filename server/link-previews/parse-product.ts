// Reads what a shop page says about its product, most reliable source first: schema.org JSON-LD, microdata, Open Graph
// (with product:price:*), Twitter cards, then <title> and <meta name=description>. Pure: HTML text in, fields out.
import type { AnyNode, Element } from 'domhandler'
import { findAll, getAttributeValue, textContent } from 'domutils'
import { parseDocument } from 'htmlparser2'
import { LIMITS } from '../../src/contract/limits.ts'

export type PageProduct = {
  name?: string
  brand?: string
  description?: string
  price?: number
  currency?: string
  /** Absolute http(s) address of the product image as the page names it (fetched later, through the safe fetcher). */
  image?: string
}

type Source = PageProduct

const FIELDS = ['name', 'brand', 'description', 'price', 'currency', 'image'] as const

/** The fields of every source merged field by field, the first source that has one winning. */
export function parseProductPage(html: string, pageUrl: string): PageProduct {
  const document = parseDocument(html, { decodeEntities: true })
  const elements = findAll(() => true, document.children)
  const sources = [fromJsonLd(elements), fromMicrodata(elements), fromMeta(elements, 'og'), fromMeta(elements, 'twitter'), fromBasics(elements)]
  const merged: PageProduct = {}
  for (const source of sources) {
    for (const field of FIELDS) {
      if (merged[field] === undefined && source[field] !== undefined) (merged as Record<string, unknown>)[field] = source[field]
    }
  }
  // A currency without its price says nothing; a price without one stays without (the owner confirms it, never a guess).
  if (merged.price === undefined) delete merged.currency
  return clean(merged, pageUrl)
}

function clean(product: PageProduct, pageUrl: string): PageProduct {
  const out: PageProduct = {}
  const name = oneLine(product.name, LIMITS.productNameMax)
  if (name) out.name = name
  const brand = oneLine(product.brand, LIMITS.brandMax)
  if (brand) out.brand = brand
  const description = text(product.description, LIMITS.productDescriptionMax)
  if (description) out.description = description
  if (product.price !== undefined) {
    out.price = product.price
    if (product.currency) out.currency = product.currency
  }
  const image = absoluteWebUrl(product.image, pageUrl)
  if (image) out.image = image
  return out
}

const oneLine = (value: string | undefined, max: number) => value?.replace(/\s+/g, ' ').trim().slice(0, max) || undefined
const text = (value: string | undefined, max: number) =>
  value
    ?.replace(/[ \t\f\v\r]+/g, ' ')
    .replace(/\n\s*\n\s*/g, '\n\n')
    .trim()
    .slice(0, max) || undefined

function absoluteWebUrl(value: string | undefined, base: string): string | undefined {
  if (!value) return undefined
  try {
    const url = new URL(value.trim(), base)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined
  } catch {
    return undefined
  }
}

/** '1.299,00', '1,299.00', '19,99', '€ 19.99', 19.99 -> a non-negative amount with at most 2 decimals, within bounds. */
export function parsePrice(raw: unknown): number | undefined {
  if (typeof raw === 'number') return bounded(raw)
  if (typeof raw !== 'string') return undefined
  let digits = raw.replace(/[^\d.,]/g, '')
  if (!/\d/.test(digits)) return undefined
  const lastDot = digits.lastIndexOf('.')
  const lastComma = digits.lastIndexOf(',')
  const decimalAt = Math.max(lastDot, lastComma)
  // The last separator is the decimal one when 1-2 digits follow it; otherwise every separator groups thousands.
  if (decimalAt >= 0 && digits.length - decimalAt - 1 <= 2 && digits.length - decimalAt - 1 > 0) {
    digits = `${digits.slice(0, decimalAt).replace(/[.,]/g, '')}.${digits.slice(decimalAt + 1)}`
  } else {
    digits = digits.replace(/[.,]/g, '')
  }
  return bounded(Number(digits))
}

function bounded(value: number): number | undefined {
  if (!Number.isFinite(value) || value < 0 || value > LIMITS.priceMax) return undefined
  return Math.round(value * 100) / 100
}

const currencyOf = (raw: unknown): string | undefined => (typeof raw === 'string' && /^[A-Za-z]{3}$/.test(raw.trim()) ? raw.trim().toUpperCase() : undefined)

// ---------- JSON-LD ----------

type Json = unknown

function fromJsonLd(elements: Element[]): Source {
  for (const script of elements) {
    if (script.name !== 'script' || !/^application\/ld\+json$/i.test((getAttributeValue(script, 'type') ?? '').trim())) continue
    let data: Json
    try {
      data = JSON.parse(textContent(script))
    } catch {
      continue
    }
    const product = findProduct(data, 0)
    if (product) return productFromJsonLd(product)
  }
  return {}
}

const isObject = (value: Json): value is Record<string, Json> => typeof value === 'object' && value !== null && !Array.isArray(value)
const typesOf = (node: Record<string, Json>) => [node['@type']].flat().filter((t): t is string => typeof t === 'string')

/** The first node typed Product (or ProductGroup) in a document, an array, an @graph, or nested a few levels deep. */
function findProduct(data: Json, depth: number): Record<string, Json> | undefined {
  if (depth > 6) return undefined
  if (Array.isArray(data)) {
    for (const entry of data) {
      const found = findProduct(entry, depth + 1)
      if (found) return found
    }
    return undefined
  }
  if (!isObject(data)) return undefined
  if (typesOf(data).some((type) => /(^|[/:])(Product|ProductGroup|IndividualProduct)$/.test(type))) return data
  if (data['@graph'] !== undefined) return findProduct(data['@graph'], depth + 1)
  if (isObject(data.mainEntity)) return findProduct(data.mainEntity, depth + 1)
  return undefined
}

const stringOf = (value: Json): string | undefined => {
  if (typeof value === 'string') return value
  if (typeof value === 'number') return String(value)
  if (Array.isArray(value)) return stringOf(value[0])
  if (isObject(value)) return stringOf(value.name ?? value.url ?? value['@value'] ?? value.contentUrl)
  return undefined
}

function productFromJsonLd(product: Record<string, Json>): Source {
  const offer = firstOffer(product.offers)
  const price = offer ? parsePrice(offer.price ?? offer.lowPrice ?? priceSpec(offer)?.price) : undefined
  return {
    name: stringOf(product.name),
    brand: stringOf(product.brand) ?? stringOf(product.manufacturer),
    description: stringOf(product.description),
    price,
    currency: offer ? currencyOf(offer.priceCurrency ?? priceSpec(offer)?.priceCurrency) : undefined,
    image: stringOf(product.image),
  }
}

function firstOffer(offers: Json): Record<string, Json> | undefined {
  const list = [offers].flat()
  for (const offer of list) {
    if (!isObject(offer)) continue
    if (typesOf(offer).includes('AggregateOffer') && offer.offers !== undefined && offer.lowPrice === undefined) return firstOffer(offer.offers)
    return offer
  }
  return undefined
}

const priceSpec = (offer: Record<string, Json>) => [offer.priceSpecification].flat().find(isObject)

// ---------- microdata ----------

function fromMicrodata(elements: Element[]): Source {
  const scope = elements.find((el) => el.attribs.itemscope !== undefined && /schema\.org\/Product$/i.test((el.attribs.itemtype ?? '').trim()))
  if (!scope) return {}
  const props = findAll((el) => el.attribs.itemprop !== undefined, scope.children)
  const value = (name: string): string | undefined => {
    const el = props.find((p) => p.attribs.itemprop!.split(/\s+/).includes(name))
    return el ? itemValue(el) : undefined
  }
  const brandScope = props.find((p) => p.attribs.itemprop === 'brand' && p.attribs.itemscope !== undefined)
  const brandName = brandScope ? findAll((el) => el.attribs.itemprop === 'name', brandScope.children)[0] : undefined
  // The product's own name is the first `name` outside a nested scope (the brand's or the offer's).
  const ownName = props.find((p) => p.attribs.itemprop === 'name' && !insideNestedScope(p, scope))
  return {
    name: ownName ? itemValue(ownName) : undefined,
    brand: brandName ? itemValue(brandName) : brandScope ? undefined : value('brand'),
    description: value('description'),
    price: parsePrice(value('price')),
    currency: currencyOf(value('priceCurrency')),
    image: value('image'),
  }
}

function insideNestedScope(el: Element, scope: Element): boolean {
  for (let parent = el.parent; parent && parent !== scope; parent = parent.parent) {
    if ((parent as Element).attribs?.itemscope !== undefined) return true
  }
  return false
}

function itemValue(el: Element): string | undefined {
  if (el.attribs.content !== undefined) return el.attribs.content
  if (['img', 'source'].includes(el.name)) return el.attribs.src
  if (['a', 'link'].includes(el.name)) return el.attribs.href
  if (el.name === 'meta') return el.attribs.content
  return textContent(el as AnyNode)
}

// ---------- Open Graph / Twitter / basics ----------

function metaMap(elements: Element[]): Map<string, string> {
  const map = new Map<string, string>()
  for (const el of elements) {
    if (el.name !== 'meta') continue
    const key = (el.attribs.property ?? el.attribs.name ?? '').trim().toLowerCase()
    const content = el.attribs.content
    if (key && content !== undefined && !map.has(key)) map.set(key, content)
  }
  return map
}

function fromMeta(elements: Element[], prefix: 'og' | 'twitter'): Source {
  const meta = metaMap(elements)
  if (prefix === 'twitter') {
    return { name: meta.get('twitter:title'), description: meta.get('twitter:description'), image: meta.get('twitter:image') ?? meta.get('twitter:image:src') }
  }
  return {
    name: meta.get('og:title'),
    description: meta.get('og:description'),
    image: meta.get('og:image:secure_url') ?? meta.get('og:image') ?? meta.get('og:image:url'),
    brand: meta.get('product:brand') ?? meta.get('og:brand'),
    price: parsePrice(meta.get('product:price:amount') ?? meta.get('og:price:amount')),
    currency: currencyOf(meta.get('product:price:currency') ?? meta.get('og:price:currency')),
  }
}

function fromBasics(elements: Element[]): Source {
  const title = elements.find((el) => el.name === 'title')
  return { name: title ? textContent(title) : undefined, description: metaMap(elements).get('description') }
}
