// Owns money in whole cents for the print provider: parsing its decimal strings and showing amounts in its currency.

/** "13.60" -> 1360, "5" -> 500, "0.5" -> 50; anything else (a third decimal, a sign, text) is null. */
export function parseCents(decimal: string | number): number | null {
  const textValue = typeof decimal === 'number' ? (Number.isFinite(decimal) ? decimal.toFixed(2) : '') : decimal.trim()
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(textValue)
  if (!match) return null
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
}

/** 1360 -> "13.60", the provider's own form. */
export function centsToDecimal(cents: number): string {
  const whole = Math.trunc(Math.abs(cents) / 100)
  const rest = String(Math.abs(cents) % 100).padStart(2, '0')
  return `${cents < 0 ? '-' : ''}${whole}.${rest}`
}

/** In the provider's currency: euro as the spec's other prices ('€13.60'), others by their ISO code ('$13.60', 'CA$…'). */
export function formatCents(cents: number, currency: string): string {
  const code = /^[A-Z]{3}$/.test(currency) ? currency : 'EUR'
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: code, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    Math.round(cents) / 100 || 0,
  )
}
