// Owns reading a typed or pasted euro price ('1.299,00 €', '1,299.00', '12,99'): either its exact value or why not.

export type PriceProblem = 'empty' | 'invalid' | 'negative' | 'decimals' | 'ambiguous'

export type PriceReading = { ok: true; value: number } | { ok: false; problem: PriceProblem }

/** The groups after the first of a number written with thousands separators are 3 digits each. */
function grouped(whole: string, separator: string): string | null {
  const groups = whole.split(separator)
  if (!/^\d{1,3}$/.test(groups[0] ?? '') || groups.slice(1).some((group) => !/^\d{3}$/.test(group))) return null
  return groups.join('')
}

function amount(whole: string, decimals: string): PriceReading {
  if (decimals.length > 2) return { ok: false, problem: 'decimals' }
  if (whole === '' && decimals === '') return { ok: false, problem: 'invalid' }
  // Whole cents first: 1.299,00 is exactly 129900 cents, never 1298.9999.
  const cents = Number(whole || '0') * 100 + Number(decimals.padEnd(2, '0'))
  return { ok: true, value: cents / 100 }
}

/**
 * The price the owner meant, with or without € and spaces. With both '.' and ',' the last one marks the decimals and
 * the other groups thousands; one of them repeated groups thousands. A lone '.' is the decimal point; a lone ',' is one
 * too (the common European way), except before exactly 3 digits: '1,299' reads as 1299 in English and as 1.299 in
 * German, '1.000' as 1 in English and as 1000 in German. Ambiguous, so the owner is asked rather than one reading
 * guessed (or refused for a third decimal that was meant as a thousands group).
 */
export function readPrice(text: string): PriceReading {
  const bare = text.replace(/[\s\u00a0\u202f€]/g, '')
  if (bare === '') return { ok: false, problem: 'empty' }
  if (/^[-−]/.test(bare)) return { ok: false, problem: 'negative' }
  if (!/^[\d.,]+$/.test(bare)) return { ok: false, problem: 'invalid' }
  const last = Math.max(bare.lastIndexOf('.'), bare.lastIndexOf(','))
  if (last < 0) return amount(bare, '')
  const mark = bare[last] as '.' | ','
  const other = mark === '.' ? ',' : '.'
  const head = bare.slice(0, last)
  const tail = bare.slice(last + 1)
  if (head.includes(other)) {
    // '1.299,00' and '1,299.00': the other sign groups the whole part.
    if (head.includes(mark)) return { ok: false, problem: 'invalid' }
    const whole = grouped(head, other)
    return whole === null ? { ok: false, problem: 'invalid' } : amount(whole, tail)
  }
  if (head.includes(mark)) {
    // '1.299.000' or '1,299,000': the sign only groups thousands.
    const whole = grouped(bare, mark)
    return whole === null ? { ok: false, problem: 'invalid' } : amount(whole, '')
  }
  if (tail.length === 3 && /^[1-9]\d{0,2}$/.test(head)) return { ok: false, problem: 'ambiguous' }
  return amount(head, tail)
}
