// Owns the landing page (/): header, hero with the animated gradient and the demo card, how it works, use cases,
// testimonials, the call to action, privacy, the promises of spec section 1, help (FAQ, email, form) and the footer.
// Plain React and its own stylesheet, so it is prerendered at build time and hydrated after load (decision 096).
import { formatEuro } from '../../lib/money.ts'
import type { ReactNode } from 'react'
import { DemoQrCard } from './demo-qr-card.tsx'
import { DevNotice } from './dev-notice.tsx'
import { FaqAccordion } from './faq.tsx'
import { BENEFITS, HERO_TEXT, PRIVACY_POINTS, PROMISES, STEPS, SUPPORT_EMAIL, TESTIMONIALS, USE_CASES, type UseCase } from './landing-content.ts'
import { PublicFooter, PublicHeader } from './public-header.tsx'
import { GRADIENT_LOADED_AFTER_MS, useLoadedAfter } from './use-public-page.ts'

/** The seeded demo profile (DEMO_USERNAME's default) until GET /api/public/config names the real one. */
export const DEFAULT_DEMO_USERNAME = 'demo'

type Props = {
  themeSwitch?: ReactNode
  /** The contact-support form, composed by the page's entry from the support feature. */
  contactForm?: ReactNode
  demoUsername?: string
  /** PUBLIC_URL from the runtime config; the demo QR uses this page's origin until it is known. */
  publicUrl?: string | undefined
}

export function LandingPage({ themeSwitch, contactForm, demoUsername = DEFAULT_DEMO_USERNAME, publicUrl }: Props) {
  return (
    <>
      <PublicHeader themeSwitch={themeSwitch} />
      <DevNotice />
      <main className="ps-main">
        <Hero demoUsername={demoUsername} publicUrl={publicUrl} />
        <section className="ps-section" aria-labelledby="how-title">
          <h2 id="how-title">How it works</h2>
          <ol className="ps-steps">
            {STEPS.map((step, index) => (
              <li key={step.title} className="ps-card">
                <span className="ps-step-number" aria-hidden>
                  {index + 1}
                </span>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </section>
        <section className="ps-section" aria-labelledby="uses-title">
          <h2 id="uses-title">One shirt, many uses</h2>
          <ul className="ps-grid ps-grid-4">
            {USE_CASES.map((useCase) => (
              <li key={useCase.title}>
                <UseCaseCard useCase={useCase} />
              </li>
            ))}
          </ul>
        </section>
        <section className="ps-section" aria-labelledby="testimonials-title">
          <h2 id="testimonials-title">What wearers say</h2>
          <div className="ps-grid ps-grid-2">
            {TESTIMONIALS.map((testimonial) => (
              <figure key={testimonial.author} className="ps-card ps-quote">
                <blockquote>“{testimonial.quote}”</blockquote>
                <figcaption>
                  <strong>{testimonial.author}</strong>, {testimonial.role}
                </figcaption>
              </figure>
            ))}
          </div>
        </section>
        <section className="ps-section ps-cta" aria-labelledby="cta-title">
          <h2 id="cta-title">Ready to wear your QR code?</h2>
          <p>Your profile is free. Order a shirt whenever you like.</p>
          <a className="ps-button ps-button-large" href="/register">
            Get Started Free
          </a>
        </section>
        <section className="ps-section ps-split" aria-labelledby="privacy-title">
          <div>
            <h2 id="privacy-title">Privacy & Security</h2>
            <ul className="ps-checklist">
              {PRIVACY_POINTS.map((point) => (
                <li key={point}>{point}</li>
              ))}
            </ul>
            {/* The spec's 'Learn more', with what it is about for screen readers and search engines (link-text). */}
            <a className="ps-more-link" href="/help-center#privacy">
              Learn more<span className="ps-hidden"> about privacy and security</span>
            </a>
          </div>
          <div>
            <h2 id="promises-title">Payments and support</h2>
            <dl className="ps-promises">
              {PROMISES.map((promise) => (
                <div key={promise.title}>
                  <dt>{promise.title}</dt>
                  <dd>{promise.text}</dd>
                </div>
              ))}
            </dl>
          </div>
        </section>
        <section className="ps-section" id="help" aria-labelledby="help-title">
          <h2 id="help-title">Help & Support</h2>
          <div className="ps-split">
            <div>
              <h3>Frequently asked questions</h3>
              <FaqAccordion />
              <p className="ps-help-links">
                <a href={`mailto:${SUPPORT_EMAIL}`}>Email support</a>
                <a href="/help-center">Help Center</a>
              </p>
            </div>
            <div>
              <h3>Contact support</h3>
              {contactForm}
            </div>
          </div>
        </section>
      </main>
      <PublicFooter />
    </>
  )
}

function Hero({ demoUsername, publicUrl }: { demoUsername: string; publicUrl: string | undefined }) {
  const loaded = useLoadedAfter(GRADIENT_LOADED_AFTER_MS)
  return (
    <section className="ps-hero" aria-labelledby="hero-title">
      <div className={loaded ? 'ps-hero-gradient loaded' : 'ps-hero-gradient'} aria-hidden data-testid="hero-gradient" />
      <div className="ps-hero-body">
        <div className="ps-hero-text">
          <h1 id="hero-title">Scan. Wear. Surprise.</h1>
          <p className="ps-lead">{HERO_TEXT}</p>
          <a className="ps-button ps-button-large" href="/register">
            Create Free Profile
          </a>
          <ul className="ps-benefits">
            {BENEFITS.map((benefit) => (
              <li key={benefit.title}>
                <h2 className="ps-benefit-title">{benefit.title}</h2>
                <p>{benefit.text}</p>
              </li>
            ))}
          </ul>
        </div>
        <DemoQrCard demoUsername={demoUsername} publicUrl={publicUrl} />
      </div>
    </section>
  )
}

function UseCaseCard({ useCase }: { useCase: UseCase }) {
  const body = (
    <>
      <h3>{useCase.title}</h3>
      <p>{useCase.text}</p>
      {useCase.goals ? (
        <ul className="ps-goals">
          {useCase.goals.map((goal) => (
            <li key={goal.name}>
              <span>{goal.name}</span>
              <span className="ps-goal-percent">{formatEuro(goal.price)}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  )
  // The spec's other cards link nowhere ('#'); a link to nowhere is no link, so they are plain cards.
  return useCase.href ? (
    <a className="ps-card ps-card-link" href={useCase.href}>
      {body}
    </a>
  ) : (
    <div className="ps-card">{body}</div>
  )
}
