// Owns the landing page's words (spec sections 1-3): benefits, steps, use cases, testimonials, the privacy list, the
// promises of section 1 and the FAQ. Kept apart from the markup so the page and its tests read the same texts.

export type Blurb = { title: string; text: string }
export type FaqEntry = { id: 'fees' | 'returns' | 'privacy' | 'scan' | 'change' | 'secure'; question: string; answer: string }
export type Testimonial = { quote: string; author: string; role: string }
/** `goals`: whole gifts with their price; visitors buy whole items, nobody chips in (decision 149). */
export type UseCase = Blurb & { href?: string; goals?: { name: string; price: number }[] }

export const HERO_TEXT =
  'A t-shirt with your own QR code. One scan opens your wishlist, your links or anything you choose, and you can change where it points at any time without reprinting.'

export const BENEFITS: Blurb[] = [
  { title: 'Real Gifts, No Guessing', text: 'Friends scan your shirt and see exactly what you wish for, so every gift is one you actually want.' },
  { title: 'Fun & Connections', text: 'Your tee starts conversations: one scan and people find your socials, your story or a way to say hello.' },
  { title: 'Change It Anytime', text: 'Point your code at a wishlist today and your links tomorrow. The shirt stays the same; no reprint needed.' },
]

export const STEPS: Blurb[] = [
  { title: 'Create your profile', text: 'Sign up for free and add your wishlist, your social links, a message or a link of your choice.' },
  { title: 'Pick your tee', text: 'Choose a shirt, size and colour, and we print your unique QR code on it.' },
  { title: 'Get scanned', text: 'Wear it. Anyone who scans the code opens your profile on their phone, no app needed.' },
]

export const USE_CASES: UseCase[] = [
  {
    title: 'Fund Your Wishlist',
    text: 'Friends and family see the gifts you really want and mark the one they give as bought, so nobody gives it twice.',
    href: '/demo/wishlist',
    goals: [
      { name: 'Instant camera', price: 89.5 },
      { name: 'Trail running shoes', price: 129 },
    ],
  },
  { title: 'Share Your Socials', text: 'One scan shows all your profiles, from Instagram to GitHub, in a tidy list.' },
  { title: 'Custom Content', text: 'Show a message, a poem, your menu for the evening or a link to anywhere on the web.' },
  { title: 'Real Chats', text: 'Visitors who bought you a gift can write to you, so a scan turns into a real conversation.' },
]

export const TESTIMONIALS: Testimonial[] = [
  {
    quote: 'I wore my QR Tee to my birthday party and half the guests scanned it. I finally got gifts I actually use.',
    author: 'Maya K.',
    role: 'Birthday girl and coffee lover',
  },
  {
    quote: 'At conferences people scan my shirt instead of asking for a card. Switching it from my wishlist to my links took a minute.',
    author: 'Jonas B.',
    role: 'Developer and meetup organiser',
  },
]

export const PRIVACY_POINTS: string[] = [
  'No public location data',
  'You control what is visible',
  '1-click off-switch',
  'Payments processed by the card provider over SSL',
  'Change QR destination anytime',
]

/** Spec section 1: what the landing page states about payments, fees and support. */
export const PROMISES: Blurb[] = [
  {
    title: 'Secure card payments',
    text: 'Payments go through our card payment provider, with Apple Pay, Google Pay and 3-D Secure when your bank requires it.',
  },
  { title: 'No hidden fees', text: 'The payment provider may charge fees of 1 to 3 percent. We add no hidden fees of our own.' },
  { title: 'Support within 24 hours', text: 'Write to us with the form below or by email: our support team replies within 24 hours.' },
]

export const FAQ: FaqEntry[] = [
  {
    id: 'fees',
    question: 'Are there any fees?',
    answer:
      'Creating a profile is free. When someone pays for a gift, the card payment provider may charge a fee of 1 to 3 percent; we add no hidden fees. A printed shirt costs the price shown when you order it, with shipping shown before you confirm.',
  },
  {
    id: 'returns',
    question: 'Can I return my shirt?',
    answer:
      'Every shirt is printed to order, so we cannot take back a shirt in the wrong size. If it arrives damaged, misprinted or with a code that does not scan, tell us within 30 days with a photo and we reprint it or refund you.',
  },
  {
    id: 'privacy',
    question: 'What do people see when they scan my code?',
    answer:
      'Only what you chose to show: your username, description and your wishlist, text, links or redirect. Never your email address or location. Your contact details are shown only to someone who has bought you a gift.',
  },
  {
    id: 'scan',
    question: 'Do visitors need an app to scan it?',
    answer:
      'No. Any phone camera reads the code and opens your profile in the browser. The code is printed large with a wide quiet zone, so it scans from a few steps away.',
  },
  {
    id: 'change',
    question: 'Can I change what my code shows after printing?',
    answer:
      'Yes, at any time. The code carries a fixed address of yours; in Profile settings you choose what that address shows: a wishlist, custom text, social links or a redirect. No reprint is needed.',
  },
  {
    id: 'secure',
    question: 'Is my account secure?',
    answer:
      'Passwords are stored only as strong hashes, every connection is encrypted, and you can switch your public profile off with one click. You can export all your data or delete your account from Profile settings.',
  },
]

export const SUPPORT_EMAIL = 'support@qrtee.app'
