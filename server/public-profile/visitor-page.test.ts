// The visitor page's server rendering: what the first response of a scan carries, per profile type, and that the
// owner's text can never become markup or close the script element that embeds it.
import { describe, expect, it } from 'vitest'
import type { PublicProfile } from '../../src/contract/profile.ts'
import { sampleItem, sampleProfile } from '../../src/features/public-profile/test-profile.ts'
import { escapeHtml, inlineStylesheets, jsonForScript, renderVisitorPage } from './visitor-page.ts'

const TEMPLATE =
  '<html><head><title>QR Tee</title><meta name="description" content="x"><link rel="canonical" href="/">' +
  '<meta property="og:url" content="/"><meta property="og:title" content="QR Tee"></head><body><div id="root"></div></body></html>'

const render = (overrides: Partial<PublicProfile>, secure = false) =>
  renderVisitorPage(TEMPLATE, {
    profile: sampleProfile(overrides) as PublicProfile,
    publicUrl: 'https://qrtee.example',
    secure,
  })

/** React separates adjacent text nodes with empty comments; a reader sees the text without them. */
const visible = (html: string) => html.replace(/<!-- -->/g, '')

const embeddedJson = (html: string) => JSON.parse(/<script type="application\/json" id="profile-data">(.*?)<\/script>/.exec(html)?.[1] ?? 'null')

describe('renderVisitorPage', () => {
  it.each([
    ['a wishlist: cards, euro price, disabled Purchase until hydrated', { wishlist: [sampleItem({ price: 7 })] }, ['<h1>alice</h1>', '<h2>Espresso grinder</h2>', '€7.00', 'disabled="">Purchase</button>', '1 item']],
    ['a purchased gift: the badge, no Purchase', { wishlist: [sampleItem({ isPurchased: true })] }, ['Purchased', '1 purchased']],
    ['an empty wishlist', { wishlist: [] }, ['No products in wishlist']],
    ['custom text, kept as text', { profileType: 'CUSTOM_TEXT', customText: 'Hi <b>you</b>' }, ['Hi &lt;b&gt;you&lt;/b&gt;']],
    ['blank custom text', { profileType: 'CUSTOM_TEXT', customText: '  ' }, ['No custom text is configured for this profile.']],
    ['social links', { profileType: 'SOCIAL_LINKS', socialLinks: [{ id: 1, platform: 'GitHub', url: 'https://github.com/a' }] }, ['My social links', 'href="https://github.com/a"']],
    ['an unknown type', { profileType: 'HOLOGRAM' }, ['Unsupported profile type']],
  ] as const)('%s', (_name, overrides, expected) => {
    const html = visible(render(overrides as Partial<PublicProfile>))
    for (const text of expected) expect(html).toContain(text)
  })

  it("carries what the page's plain code finds before React (decision 176): the item on Purchase, the name on Share", () => {
    const item = sampleItem()
    const html = render({ wishlist: [item] })
    expect(html).toContain(`data-purchase-item="${item.id}" disabled="">Purchase</button>`)
    expect(html).toMatch(/<button [^>]*data-share-title="alice"[^>]*>.*Share<\/button>/)
  })

  it('sets title, description, canonical and og fields, escaped', () => {
    const html = render({ username: 'alice', description: 'Tea & "cake"' })
    expect(html).toContain('<title>alice · QR Tee</title>')
    expect(html).toContain('<meta name="description" content="Tea &#38; &#34;cake&#34;">')
    expect(html).toContain('<link rel="canonical" href="https://qrtee.example/profile/aB3dE5gH">')
    expect(html).toContain('<meta property="og:url" content="https://qrtee.example/profile/aB3dE5gH">')
  })

  it('embeds the profile so the browser hydrates from the same copy, and text cannot close the script element', () => {
    const hostile = 'x</script><script>alert(1)</script>'
    const html = render({ profileType: 'CUSTOM_TEXT', customText: hostile })
    expect(html).not.toContain('</script><script>alert(1)')
    expect(embeddedJson(html)).toMatchObject({ customText: hostile, shareableId: 'aB3dE5gH' })
  })

  it('never names another host for a photo, in an <img> or a preload hint (issue 28: tracking through images)', () => {
    const item = sampleItem({ imageUrl: 'https://tracker.example/pixel.gif' })
    for (const html of [render({ wishlist: [item] }, true), render({ wishlist: [item] }, false)]) {
      expect(html).not.toMatch(/<img[^>]*tracker\.example/)
      expect(html).not.toMatch(/<link rel="preload" as="image"/)
      expect(html).toContain('No image')
    }
  })

  it('loads only the first photo eagerly, with high priority', () => {
    const html = render({ wishlist: [1, 2, 3].map((n) => sampleItem({ id: `id-${n}`, name: `Gift ${n}`, imageUrl: `/api/uploads/${n}` })) })
    expect(html.match(/loading="eager"/g)).toHaveLength(1)
    expect(html.match(/<img[^>]*fetchPriority="high"/g)).toHaveLength(1)
    // React hints the browser to fetch that photo first.
    expect(html).toMatch(/<link rel="preload" as="image" [^>]*imageSrcSet="\/api\/uploads\/1\?w=480 480w, [^"]+"[^>]*fetchPriority="high"\/>/)
    // Each upload offers the server's narrower copies, sized by the card's width in the grid.
    expect(html).toContain('srcSet="/api/uploads/2?w=480 480w, /api/uploads/2?w=720 720w, /api/uploads/2?w=960 960w"')
    expect(html.match(/loading="lazy"/g)).toHaveLength(2)
  })
})

/** The document's tags and attribute names in order, without text, attribute values or React's text separators. */
function skeleton(html: string): string[] {
  return [...html.replace(/<!--[\s\S]*?-->/g, '').matchAll(/<(\/?)([a-zA-Z][\w-]*)([^>]*)>/g)].map(([, close, tag, attrs]) => {
    const names = [...(attrs ?? '').matchAll(/([\w:-]+)(?:="[^"]*")?/g)].map((m) => m[1])
    return `${close}${tag}(${names.join(' ')})`
  })
}

describe("owner text never changes the document's structure", () => {
  // Every replacement pattern of String.replace, both quotes, and the characters HTML gives a meaning.
  const HOSTILE = '$1 $2 $& $` $\' " \' < > &'
  const PLAIN = 'Plain words here'
  const link = (platform: string) => [{ id: 1, platform, url: 'https://example.org/me' }]
  const FIELDS: Array<[string, (text: string) => Partial<PublicProfile>]> = [
    ['name', (text) => ({ username: text })],
    ['description', (text) => ({ description: text })],
    ['custom text', (text) => ({ profileType: 'CUSTOM_TEXT', customText: text, socialLinks: link('Site') })],
    ['item name', (text) => ({ wishlist: [sampleItem({ name: text })] })],
    ['item brand', (text) => ({ wishlist: [sampleItem({ brand: text })] })],
    ['item description', (text) => ({ wishlist: [sampleItem({ description: text })] })],
    ['social link label (list)', (text) => ({ profileType: 'SOCIAL_LINKS', socialLinks: link(text) })],
    ['social link label (icon buttons)', (text) => ({ profileType: 'CUSTOM_TEXT', customText: 'Hello', socialLinks: link(text) })],
  ]

  it.each(FIELDS)('%s', (field, withText) => {
    const plain = render(withText(PLAIN))
    const hostile = render(withText(HOSTILE))
    expect(skeleton(hostile)).toEqual(skeleton(plain))
    expect(hostile.match(/<head>/g)).toHaveLength(1)
    expect(hostile.match(/<\/head>/g)).toHaveLength(1)
    expect(hostile.match(/<meta name="description"/g)).toHaveLength(1)
    // The text is where it belongs, escaped: in the embedded copy exactly, and as the description when it is one.
    expect(JSON.stringify(embeddedJson(hostile))).toContain(JSON.stringify(HOSTILE).slice(1, -1))
    if (field === 'description') expect(/<meta name="description" content="([^"]*)">/.exec(hostile)?.[1]).toBe(escapeHtml(HOSTILE))
  })

  it('the reported attack: a description cannot add a refresh to the head', () => {
    const html = render({ description: '0;url=https://evil.example/$2 http-equiv=$2refresh' })
    expect(html).not.toMatch(/http-equiv="refresh"/)
    expect(html).toContain('<meta name="description" content="0;url=https://evil.example/$2 http-equiv=$2refresh">')
  })
})

describe('jsonForScript', () => {
  it.each([
    ['</script>', '\\u003c/script>'],
    ['a\u2028b\u2029c', 'a\\u2028b\\u2029c'],
    ['plain', 'plain'],
  ])('%j -> %j', (input, output) => expect(jsonForScript(input)).toBe(output))
})

describe('inlineStylesheets', () => {
  const assets: Record<string, string> = { '/assets/a.css': '.a{color:red}', '/assets/evil.css': '.b{}</style><script>' }
  it.each([
    ['a known stylesheet becomes a style element', '<link rel="stylesheet" crossorigin href="/assets/a.css">', '<style>.a{color:red}</style>'],
    ['an unknown one stays a link', '<link rel="stylesheet" href="/assets/missing.css">', '<link rel="stylesheet" href="/assets/missing.css">'],
    ['CSS cannot close its style element', '<link rel="stylesheet" href="/assets/evil.css">', '<style>.b{}<\\/style><script></style>'],
    ['other links are left alone', '<link rel="icon" href="/favicon.svg">', '<link rel="icon" href="/favicon.svg">'],
  ])('%s', (_name, html, expected) => expect(inlineStylesheets(html, (p) => assets[p])).toBe(expected))
})
