// Owns the Help Center's words: one section per topic, each with its own anchor (/help-center#privacy, ...).

export type HelpSection = { id: string; title: string; paragraphs: string[]; list?: string[] }

export const HELP_SECTIONS: HelpSection[] = [
  {
    id: 'how-it-works',
    title: 'How QR Tee works',
    paragraphs: [
      'QR Tee prints a personal QR code on a t-shirt. The code holds a fixed web address of yours, /profile/ followed by a short random id. Whoever scans it with a phone camera opens your public profile in the browser; no app is needed.',
      'What that address shows is up to you and can change at any time: a wishlist of gifts, a custom text, your social links, or a redirect to any web page.',
    ],
  },
  {
    id: 'ordering',
    title: 'Ordering a shirt',
    paragraphs: [
      'Sign in, open your dashboard and choose Order a T-Shirt. Pick the shirt, its size and colour and the quantity, enter the shipping address and calculate shipping: the available rates are shown with their prices, and the total is the shirts plus the rate you choose.',
      'Your QR code is added to the order automatically, as a high-resolution print file made for your own profile address.',
    ],
  },
  {
    id: 'sizes',
    title: 'Sizes',
    paragraphs: [
      'Our shirts are unisex and cut regular. Measure a shirt that fits you well, lying flat, from armpit to armpit, and compare:',
    ],
    list: ['S: 46 cm chest width', 'M: 51 cm', 'L: 56 cm', 'XL: 61 cm', '2XL: 66 cm', '3XL: 71 cm'],
  },
  {
    id: 'printing-and-shipping',
    title: 'Printing and shipping',
    paragraphs: [
      'Every shirt is printed on demand by our print partner once you order it, usually within 2 to 5 working days. The code is printed at least 10 cm wide with a wide quiet zone, so it scans from a few steps away.',
      'Shipping times depend on the destination and the rate you choose; you see the options and their prices before you confirm. Each shipment gets a tracking number.',
      'If a shirt arrives damaged, misprinted or with a code that does not scan, write to us within 30 days with a photo and we reprint it or refund you.',
    ],
  },
  {
    id: 'changing-your-code',
    title: 'Changing what your code shows',
    paragraphs: [
      'The printed code never changes, but what it opens does. In Profile settings choose the profile type: Wishlist, Custom text, Social links or Redirect, and fill in its fields. The next scan shows the new choice; nothing needs reprinting.',
      'Your wishlist is edited from the dashboard: add gifts with a name, brand, description, price and photo, and remove them when you no longer want them.',
    ],
  },
  {
    id: 'off-switch',
    title: 'The off-switch',
    paragraphs: [
      'In Profile settings, turn off Profile visible to visitors. From then on, anyone who scans your shirt or opens your link sees that the profile is not available. Turn it on again and the same code works as before.',
    ],
  },
  {
    id: 'privacy',
    title: 'Privacy',
    paragraphs: [
      'Visitors see only what you chose to show: your username, your description, and your wishlist, text, links or redirect. They never see your email address, your password, your location or any other account detail. Your contact information is revealed only to a visitor who has bought you a gift.',
      'Profile pages are not listed by search engines: their addresses are random and we ask search engines not to index them. Scans are counted without tracking anyone.',
      'Your data is yours. In Profile settings, under Your data, Export my data downloads everything we store about you as one file, and Delete account removes your account, your profile, your wishlist and your photos for good; your code then opens nothing.',
    ],
  },
  {
    id: 'payments',
    title: 'Payments and fees',
    paragraphs: [
      'Payments go through our card payment provider, with Apple Pay, Google Pay and 3-D Secure when your bank requires it. Card details never reach our servers; the provider processes them over SSL.',
      'The payment provider may charge fees of 1 to 3 percent. We add no hidden fees of our own: the price you see before you confirm is the price you pay.',
    ],
  },
]
