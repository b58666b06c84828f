// Owns which demo profile the landing page's QR shows: the server's DEMO_USERNAME, 'demo' until it answers.
import { useEffect, useState } from 'react'
import { fetchPublicConfig } from '../../api/public-config.ts'
import { DEFAULT_DEMO_USERNAME } from './landing-page.tsx'

export function useDemoUsername(): string {
  const [demoUsername, setDemoUsername] = useState(DEFAULT_DEMO_USERNAME)
  useEffect(() => {
    const controller = new AbortController()
    fetchPublicConfig(controller.signal).then(
      (config) => setDemoUsername(config.demoUsername),
      // Offline or an old server: the default is what the seed uses, so the card still points somewhere real.
      () => {},
    )
    return () => controller.abort()
  }, [])
  return demoUsername
}
