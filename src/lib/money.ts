// Owns how money is shown and added up: euro with two decimals (spec section 9), sums kept in whole cents.

const EURO = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 })

/** '€12.50', '€1,234.00', '-€3.00'; anything not a finite number shows as '€0.00' rather than 'NaN'. */
export function formatEuro(amount: number): string {
  if (!Number.isFinite(amount)) return EURO.format(0)
  // `|| 0` turns -0 (and amounts that round to it) into 0, so nobody sees '-€0.00'.
  const rounded = Math.round(amount * 100) / 100 || 0
  return EURO.format(rounded)
}

/** Adds euro amounts in whole cents, so 0.1 + 0.2 totals exactly €0.30 however many purchases there are. */
export function sumEuro(amounts: Iterable<number>): number {
  let cents = 0
  for (const amount of amounts) if (Number.isFinite(amount)) cents += Math.round(amount * 100)
  return cents / 100
}
