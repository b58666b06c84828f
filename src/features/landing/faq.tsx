// Owns the landing page's FAQ accordion (spec sections 2 and 4): one item open at a time, and clicking the open one
// closes it. Native <details> with one shared name does exactly that, and works before any script has run.
import { FAQ } from './landing-content.ts'

export function FaqAccordion() {
  return (
    <div className="ps-faq">
      {FAQ.map((entry) => (
        <details key={entry.id} id={`faq-${entry.id}`} name="faq" className="ps-faq-item" data-faq-id={entry.id}>
          <summary>{entry.question}</summary>
          <p>{entry.answer}</p>
        </details>
      ))}
    </div>
  )
}
