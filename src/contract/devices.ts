// Signed-in devices (one per refresh-token family, issue 24): what Profile settings lists, and what a device's app is
// told when the owner signed it out from another one.
import * as v from 'valibot'

/** The 401 of a refresh whose device the owner signed out; the app shows it on the login page. */
export const SIGNED_OUT_BY_OWNER = 'This device was signed out from another device. Please sign in again.'

export const DeviceSchema = v.object({
  id: v.string(),
  name: v.string(),
  signedInAt: v.string(),
  lastUsedAt: v.string(),
  current: v.boolean(),
})
export const DevicesSchema = v.object({ devices: v.array(DeviceSchema) })
export type Device = v.InferOutput<typeof DeviceSchema>

export const DEVICE_MESSAGES = {
  notFound: 'This device is already signed out.',
  signedOut: 'The device is signed out. It will be asked to sign in again.',
  othersSignedOut: 'Every other device is signed out.',
} as const
