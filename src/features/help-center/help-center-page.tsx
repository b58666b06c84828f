// Owns /help-center: real help in sections with their own anchors, and how to reach support (the contact form). The
// header, footer and form are composed in by the page's entry (no feature imports another).
import type { ReactNode } from 'react'
import { HELP_SECTIONS } from './help-content.ts'

type Props = { header?: ReactNode; footer?: ReactNode; contactForm?: ReactNode; supportEmail: string }

export function HelpCenterPage({ header, footer, contactForm, supportEmail }: Props) {
  return (
    <>
      {header}
      <main className="ps-main ps-page">
        <h1>Help Center</h1>
        <p className="ps-lead">Everything about your QR Tee: how it works, ordering, printing, privacy and payments.</p>
        <nav aria-label="Help topics" className="ps-toc">
          <ul>
            {HELP_SECTIONS.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
            <li>
              <a href="#contact">Contacting support</a>
            </li>
          </ul>
        </nav>
        {HELP_SECTIONS.map((section) => (
          <section key={section.id} id={section.id} className="ps-help-section" aria-labelledby={`${section.id}-title`}>
            <h2 id={`${section.id}-title`}>{section.title}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph.slice(0, 40)}>{paragraph}</p>
            ))}
            {section.list ? (
              <ul>
                {section.list.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ) : null}
          </section>
        ))}
        <section id="contact" className="ps-help-section" aria-labelledby="contact-title">
          <h2 id="contact-title">Contacting support</h2>
          <p>
            Write to us with the form below or at <a href={`mailto:${supportEmail}`}>{supportEmail}</a>. Our support team
            replies within 24 hours.
          </p>
          <p id="support-retention">
            We keep your message and the name and email address you sent it with for 180 days, then delete them. To
            have them deleted sooner, write to <a href={`mailto:${supportEmail}`}>{supportEmail}</a> from the same
            address and ask: we delete every message sent from it.
          </p>
          {contactForm}
        </section>
      </main>
      {footer}
    </>
  )
}
