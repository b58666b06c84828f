// Shop pages as real shops write them, shared by the parser's table test, the fake shop server and the preview bench.
const page = (head: string, body = '<p>Welcome to the shop.</p>') => `<!doctype html><html><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`

export const SHOP_PAGES = {
  jsonLd: page(
    `<title>Shop title | Mugs</title>
    <meta property="og:title" content="OG name that loses">
    <script type="application/ld+json">${JSON.stringify({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Enamel Camping Mug',
      brand: { '@type': 'Brand', name: 'Trail & Co' },
      description: 'A sturdy enamel mug for coffee by the fire, 350 ml.',
      image: ['/img/photo.png', '/img/other.png'],
      offers: { '@type': 'Offer', price: '24.90', priceCurrency: 'EUR', availability: 'https://schema.org/InStock' },
    })}</script>`,
  ),
  graph: page(
    `<script type="application/ld+json">${JSON.stringify({
      '@context': 'https://schema.org',
      '@graph': [
        { '@type': 'WebSite', name: 'Shop' },
        { '@type': 'BreadcrumbList', itemListElement: [] },
        {
          '@type': ['Product'],
          name: 'Wool Hiking Socks',
          brand: 'Fjellfot',
          description: 'Merino wool socks that keep feet warm and dry on long hikes.',
          image: { '@type': 'ImageObject', url: 'https://cdn.example/socks.png' },
          offers: [{ '@type': 'Offer', price: 19.5, priceCurrency: 'EUR' }],
        },
      ],
    })}</script>`,
  ),
  microdata: page(
    '<title>Microdata shop</title>',
    `<div itemscope itemtype="https://schema.org/Product">
      <h1 itemprop="name">Cast Iron Pan</h1>
      <div itemprop="brand" itemscope itemtype="https://schema.org/Brand"><span itemprop="name">Ferro</span></div>
      <img itemprop="image" src="/img/pan.png" alt="">
      <p itemprop="description">A 28 cm cast iron pan that lasts for generations.</p>
      <div itemprop="offers" itemscope itemtype="https://schema.org/Offer">
        <meta itemprop="priceCurrency" content="EUR"><span itemprop="price" content="1299.00">1.299,00 €</span>
      </div>
    </div>`,
  ),
  openGraph: page(
    `<meta property="og:title" content="Linen Apron">
    <meta property="og:description" content="A washed linen apron with two deep pockets.">
    <meta property="og:image" content="https://cdn.example/apron.jpg">
    <meta property="product:price:amount" content="39,00">
    <meta property="product:price:currency" content="EUR">`,
  ),
  usd: page(
    `<script type="application/ld+json">${JSON.stringify({
      '@type': 'Product',
      name: 'Trail Headlamp',
      brand: 'Lumen',
      offers: { '@type': 'Offer', price: '49.99', priceCurrency: 'usd' },
    })}</script>`,
  ),
  twitter: page(
    `<meta name="twitter:title" content="Bamboo Cutting Board">
    <meta name="twitter:description" content="A bamboo board with a juice groove.">
    <meta name="twitter:image" content="/img/board.png">`,
  ),
  basics: page('<title>  Plain Teapot\n  </title><meta name="description" content="A simple white porcelain teapot.">'),
  none: '<!doctype html><html><body><p>Nothing to see</p></body></html>',
  brokenJsonLd: page(
    `<script type="application/ld+json">{ not json</script><meta property="og:title" content="Fallback name">`,
  ),
} as const
