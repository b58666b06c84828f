// Which print provider an app talks to (Printful with a token, the demo catalog without), with its catalog and
// countries cached for an hour and served stale while a refresh runs (docs/decisions/090-print-provider-client.md).
import type { AppDeps } from '../../deps.ts'
import { demoProvider } from './demo.ts'
import { printfulProvider } from './printful.ts'
import type { PrintProvider } from './provider.ts'

export type { PrintProvider } from './provider.ts'

export const CATALOG_TTL_MS = 60 * 60 * 1000

type Slot<T> = { value?: T; at: number; loading?: Promise<T> }

/** One cached read: the first caller waits, later ones get the last value at once and an old one is refreshed behind. */
export function staleWhileRevalidate<T>(load: () => Promise<T>, ttlMs: number, now: () => number = Date.now): () => Promise<T> {
  const slot: Slot<T> = { at: 0 }
  const refresh = () => {
    slot.loading ??= load().then(
      (value) => {
        Object.assign(slot, { value, at: now(), loading: undefined })
        return value
      },
      (err: unknown) => {
        slot.loading = undefined
        throw err
      },
    )
    return slot.loading
  }
  return async () => {
    if (slot.value === undefined) return refresh()
    // A failed refresh keeps serving the old value; the next read tries again.
    if (now() - slot.at > ttlMs) refresh().catch(() => {})
    return slot.value
  }
}

export function withCachedCatalog(provider: PrintProvider, ttlMs = CATALOG_TTL_MS, now: () => number = Date.now): PrintProvider {
  const products = staleWhileRevalidate(() => provider.products(), ttlMs, now)
  const countries = staleWhileRevalidate(() => provider.countries(), ttlMs, now)
  return {
    kind: provider.kind,
    products,
    countries,
    shippingRates: (recipient, items) => provider.shippingRates(recipient, items),
    createDraftOrder: (order) => provider.createDraftOrder(order),
    getOrder: (id) => provider.getOrder(id),
    getOrderByExternalId: (externalId) => provider.getOrderByExternalId(externalId),
    cancelOrder: (id) => provider.cancelOrder(id),
  }
}

const providers = new WeakMap<AppDeps, PrintProvider>()

/** The app's provider: the one the deps carry (tests), else built once from the configuration. */
export function printProviderFor(deps: AppDeps): PrintProvider {
  let provider = providers.get(deps)
  if (!provider) {
    const { config } = deps
    const base =
      deps.printProvider ??
      (config.printfulToken
        ? printfulProvider({ token: config.printfulToken, apiUrl: config.printfulApiUrl, storeId: config.printfulStoreId })
        : demoProvider())
    provider = withCachedCatalog(base)
    providers.set(deps, provider)
  }
  return provider
}
