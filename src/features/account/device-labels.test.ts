import { describe, expect, it } from 'vitest'
import { deviceLabels } from './device-labels.ts'

const device = (id: string, name: string, signedInAt: string) => ({ id, name, signedInAt })

describe('deviceLabels', () => {
  const cases: Array<{ name: string; devices: ReturnType<typeof device>[]; labels: Record<string, string> }> = [
    { name: 'distinct names stay as they are', devices: [device('a', 'Chrome on Android', '2026-11-30T10:00:00Z'), device('b', 'Safari on iOS', '2026-11-30T09:00:00Z')], labels: { a: 'Chrome on Android', b: 'Safari on iOS' } },
    {
      name: 'alike names are numbered by when they signed in',
      devices: [device('a', 'Chrome on Android', '2026-11-30T10:00:00Z'), device('b', 'Chrome on Android', '2026-11-29T10:00:00Z'), device('c', 'Firefox on Linux', '2026-11-30T11:00:00Z')],
      labels: { a: 'Chrome on Android 2', b: 'Chrome on Android 1', c: 'Firefox on Linux' },
    },
    {
      name: 'the same minute: the id decides, so the numbers never swap between loads',
      devices: [device('z', 'Chrome on Android', '2026-11-30T10:00:00Z'), device('y', 'Chrome on Android', '2026-11-30T10:00:00Z')],
      labels: { y: 'Chrome on Android 1', z: 'Chrome on Android 2' },
    },
    { name: 'no devices, no labels', devices: [], labels: {} },
  ]
  it.each(cases)('$name', ({ devices, labels }) => {
    expect(Object.fromEntries(deviceLabels(devices))).toEqual(labels)
  })
})
