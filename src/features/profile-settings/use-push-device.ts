// Owns the Notifications section's device side (issue 29): what push can do here, the switches as stored on this
// device, turning one on (the browser's permission is asked then, never at page load) and the test notification.
import { useNetwork } from '@mantine/hooks'
import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useState } from 'react'
import { ApiError } from '../../api/client.ts'
import { browserPushPorts, fetchVapidPublicKey, sendTestPush, subscribeThisDevice } from '../../api/push-subscriptions.ts'
import type { OwnerDatabase } from '../../local/db.ts'
import { choosePushSwitches, PUSH_DEVICE_OFF, readPushDevice, syncPushDevice, type PushDeviceState } from '../../local/push-device.ts'
import { canUsePush, PUSH_TEXTS, pushSupport, readPushEnvironment, type PushSupport } from './push-support.ts'

export type PushSwitch = 'gifts' | 'orders'

export type PushDeviceView = {
  state: PushDeviceState
  support: PushSupport
  /** Why the last attempt did not work (permission not given, no subscription), shown under the switches. */
  problem: string | null
  busy: boolean
  setSwitch: (which: PushSwitch, on: boolean) => Promise<void>
  /** Resolves with the words to show: sent, or why not. */
  sendTest: () => Promise<{ ok: boolean; message: string }>
}

const permissionNow = (): NotificationPermission | null => (typeof Notification === 'undefined' ? null : Notification.permission)

export function usePushDevice(db: OwnerDatabase): PushDeviceView {
  const { online } = useNetwork()
  const state = useLiveQuery(() => readPushDevice(db), [db]) ?? PUSH_DEVICE_OFF
  const [serverKey, setServerKey] = useState<string | null | undefined>(undefined)
  // Read again after the owner answers the browser's question; the page never asks on its own.
  const [permission, setPermission] = useState(permissionNow)
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    if (!online) return
    let live = true
    fetchVapidPublicKey().then(
      (key) => live && setServerKey(key),
      () => undefined,
    )
    // Switches changed offline apply now (the owner-session watch does it on other pages).
    void syncPushDevice(db, browserPushPorts).catch(() => undefined)
    return () => {
      live = false
    }
  }, [db, online])

  const env = readPushEnvironment(navigator, window, serverKey)
  const support = pushSupport({ ...env, permission: env.notification ? permission : null })

  const setSwitch = async (which: PushSwitch, on: boolean) => {
    setProblem(null)
    const switches = { gifts: state.gifts, orders: state.orders, [which]: on }
    setBusy(true)
    try {
      let subscription = undefined
      if (on) {
        if (!canUsePush(support)) return
        if (Notification.permission !== 'granted') {
          const answer = await Notification.requestPermission()
          setPermission(answer)
          if (answer !== 'granted') {
            setProblem(answer === 'denied' ? PUSH_TEXTS.blocked : PUSH_TEXTS.notAllowed)
            return
          }
        }
        // Offline the subscription is made when the connection is back (syncPushDevice); the permission is kept.
        if (navigator.onLine) {
          subscription = await subscribeThisDevice()
          if (!subscription) {
            setProblem(PUSH_TEXTS.notSetUp)
            return
          }
        }
      }
      await choosePushSwitches(db, switches, subscription)
      await syncPushDevice(db, browserPushPorts)
    } catch {
      setProblem(PUSH_TEXTS.notSetUp)
    } finally {
      setBusy(false)
    }
  }

  const sendTest = async () => {
    const current = await readPushDevice(db)
    if (!current.subscription || !(current.gifts || current.orders)) return { ok: false, message: PUSH_TEXTS.testNeedsPush }
    if (!navigator.onLine) return { ok: false, message: PUSH_TEXTS.testOffline }
    try {
      await syncPushDevice(db, browserPushPorts)
      await sendTestPush(current.subscription.endpoint)
      return { ok: true, message: PUSH_TEXTS.testSent }
    } catch (error) {
      return { ok: false, message: error instanceof ApiError ? error.message : PUSH_TEXTS.testFailed }
    }
  }

  return { state, support, problem, busy, setSwitch, sendTest }
}
