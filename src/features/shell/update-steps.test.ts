import { describe, expect, it } from 'vitest'
import { isStaleChunkError, reloadStep, STALE_RELOAD_GAP_MS, staleChunkStep } from './update-steps.ts'

describe('reloadStep', () => {
  it.each([
    { waiting: true, controllerChanged: false, step: 'hand-over' },
    // Another tab took the update first: nothing waits, or the controller already changed.
    { waiting: false, controllerChanged: false, step: 'reload-now' },
    { waiting: false, controllerChanged: true, step: 'reload-now' },
    { waiting: true, controllerChanged: true, step: 'reload-now' },
  ] as const)('waiting $waiting, controller changed $controllerChanged -> $step', ({ step, ...tab }) => {
    expect(reloadStep(tab)).toBe(step)
  })
})

describe('staleChunkStep', () => {
  const now = 1_000_000
  it.each([
    { lastReloadAt: null, online: true, controlled: true, step: 'reload' },
    { lastReloadAt: null, online: true, controlled: false, step: 'reload' },
    { lastReloadAt: null, online: false, controlled: true, step: 'reload' },
    { lastReloadAt: null, online: false, controlled: false, step: 'explain' },
    { lastReloadAt: now - 5_000, online: true, controlled: true, step: 'explain' },
    { lastReloadAt: now - STALE_RELOAD_GAP_MS + 1, online: true, controlled: true, step: 'explain' },
    { lastReloadAt: now - STALE_RELOAD_GAP_MS, online: true, controlled: true, step: 'reload' },
    // A clock set back must not block the reload for good.
    { lastReloadAt: now + 3_600_000, online: true, controlled: true, step: 'reload' },
  ] as const)('last reload $lastReloadAt, online $online, controlled $controlled -> $step', ({ step, ...tab }) => {
    expect(staleChunkStep({ now, ...tab })).toBe(step)
  })
})

describe('isStaleChunkError', () => {
  it.each([
    ['Failed to fetch dynamically imported module: http://x/assets/edit-C3rO2d4Z.js', true],
    ['error loading dynamically imported module: http://x/assets/edit.js', true],
    ['Importing a module script failed.', true],
    ['Unable to preload CSS for /assets/dashboard.css', true],
    ['Network request failed', false],
  ])('%s -> %s', (message, stale) => {
    expect(isStaleChunkError(new Error(message))).toBe(stale)
  })

  it('is false for what is not an Error', () => {
    expect(isStaleChunkError('Failed to fetch dynamically imported module')).toBe(false)
  })
})
