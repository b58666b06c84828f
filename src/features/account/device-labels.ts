// Owns how the devices list names each sign-in: its browser and system, numbered when two read alike.
import type { Device } from '../../contract/devices.ts'

/**
 * Device id -> the name shown and spoken. Two phones of one kind both read 'Chrome on Android'; the earlier sign-in is
 * '… 1', the next '… 2', so 'Sign out Chrome on Android 2' names one of them, also to a screen reader.
 */
export function deviceLabels(devices: readonly Pick<Device, 'id' | 'name' | 'signedInAt'>[]): Map<string, string> {
  const byName = new Map<string, Array<Pick<Device, 'id' | 'signedInAt'>>>()
  for (const device of devices) byName.set(device.name, [...(byName.get(device.name) ?? []), device])
  const labels = new Map<string, string>()
  for (const [name, alike] of byName) {
    if (alike.length === 1) {
      labels.set(alike[0]?.id ?? '', name)
      continue
    }
    const ordered = [...alike].sort((a, b) => a.signedInAt.localeCompare(b.signedInAt) || a.id.localeCompare(b.id))
    ordered.forEach((device, index) => labels.set(device.id, `${name} ${index + 1}`))
  }
  return labels
}
