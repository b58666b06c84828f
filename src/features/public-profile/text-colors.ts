// Owns the visitor page's text colours that must pass WCAG AA contrast (4.5:1) in both colour schemes.

/**
 * Secondary text. Mantine's 'dimmed' is gray.6 on light (3.3:1 on white) and dark.2 on dark (about 4:1 on the dark
 * body), both below 4.5:1; gray.7 (8:1) and dark.1 (7.8:1) keep the quieter look and pass.
 */
export const SECONDARY_TEXT = 'light-dark(var(--mantine-color-gray-7), var(--mantine-color-dark-1))'

/** Text on a light-variant badge: the badge's own shade 9 green measured 3.8:1 on its tint; body text passes. */
export const BADGE_TEXT = 'var(--mantine-color-text)'
