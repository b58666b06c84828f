import { describe, expect, it } from 'vitest'
import { usernameCandidates } from './accounts.ts'

describe('usernameCandidates (Google sign-in)', () => {
  it("starts from the email's local part", () => {
    expect(usernameCandidates('ada.lovelace@example.com', () => 0.5)[0]).toBe('ada.lovelace')
  })

  it('never proposes an app route: edit@example.com gets a number, so /profile/edit stays the editor', () => {
    for (const email of ['edit@example.com', 'New@example.com', 'profile@example.com', 'api@example.com']) {
      const candidates = usernameCandidates(email, () => 0.5)
      expect(candidates.length, email).toBeGreaterThan(0)
      for (const candidate of candidates) expect(candidate.toLowerCase(), email).not.toBe(email.split('@')[0]?.toLowerCase())
    }
  })
})
