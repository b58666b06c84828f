// Owns /demo/wishlist: the demo owner's wishlist as a visitor sees it (whole gifts, no funding: decision 149), and the
// call to create a free profile. The gifts are those of the seeded demo profile (server/accounts/seed-demo.ts).
import type { ReactNode } from 'react'
import { formatEuro } from '../../lib/money.ts'
import { DEFAULT_DEMO_USERNAME } from './landing-page.tsx'
import { PublicFooter, PublicHeader } from './public-header.tsx'

type DemoGoal = { name: string; brand: string; price: number; description: string; colors: [string, string] }

export const DEMO_GOALS: DemoGoal[] = [
  { name: 'Pour-over coffee set', brand: 'Hario', price: 39.9, colors: ['#c26a3d', '#f2d0a4'], description: 'A glass dripper, a gooseneck kettle and a bag of good beans for slow Sunday mornings.' },
  { name: 'Trail running shoes', brand: 'Salomon', price: 129, colors: ['#2f9e44', '#d3f9d8'], description: 'Size 43, any colour but orange. For the forest loop behind the house.' },
  { name: 'Instant camera', brand: 'Fujifilm', price: 89.5, colors: ['#1c7ed6', '#d0ebff'], description: 'Little printed photos for the fridge door, plus a pack or two of film.' },
  { name: 'Climbing gym pass', brand: 'Boulderhaus', price: 55, colors: ['#ae3ec9', '#f3d9fa'], description: 'Ten entries to the bouldering gym: come along for the first one!' },
]

export function DemoWishlistPage({ themeSwitch, demoUsername = DEFAULT_DEMO_USERNAME }: { themeSwitch?: ReactNode; demoUsername?: string }) {
  return (
    <>
      <PublicHeader themeSwitch={themeSwitch} />
      <main className="ps-main ps-page">
        <h1>Demo wishlist</h1>
        <p className="ps-lead">
          This is what friends see when they scan a QR Tee that points at a wishlist: the gifts its wearer would love. A friend
          picks one, and it shows as bought, so nobody gives it twice.
        </p>
        <section className="ps-card ps-owner" aria-labelledby="demo-owner">
          <h2 id="demo-owner">@{demoUsername}</h2>
          <p>Hi, I am the demo profile! This is what people see when they scan a QR Tee. Pick a gift and make my day.</p>
        </section>
        <ul className="ps-grid ps-grid-2 ps-wishlist">
          {DEMO_GOALS.map((goal) => (
            <li key={goal.name}>
              <article className="ps-card ps-gift" aria-labelledby={`gift-${slug(goal.name)}`}>
                <div className="ps-gift-picture" aria-hidden style={{ background: `linear-gradient(160deg, ${goal.colors[1]} 55%, ${goal.colors[0]} 55%)` }} />
                <h2 id={`gift-${slug(goal.name)}`} className="ps-gift-name">
                  {goal.name}
                </h2>
                <p className="ps-dim">{goal.brand}</p>
                <p>{goal.description}</p>
                <p className="ps-gift-price">{formatEuro(goal.price)}</p>
              </article>
            </li>
          ))}
        </ul>
        <section className="ps-section ps-cta" aria-labelledby="demo-cta">
          <h2 id="demo-cta">Want a wishlist like this on your shirt?</h2>
          <a className="ps-button ps-button-large" href="/register">
            Create Free Profile
          </a>
          <p>
            Or <a href={`/profile/${encodeURIComponent(demoUsername)}`}>open the live demo profile</a>, the one the landing page's QR code shows.
          </p>
        </section>
      </main>
      <PublicFooter />
    </>
  )
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-')
