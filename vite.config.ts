// Build of the PWA: the app and the visitor page, file routes (code-split per route), React, and the injectManifest
// service worker with its manifest.
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'

const THEME_COLOR = '#1864ab'
const BACKGROUND_COLOR = '#ffffff'

export default defineConfig({
  build: {
    // Two documents: the app (index.html) and the visitor's page for /profile/{id} (profile.html), which must not
    // carry the app's router, Mantine, Dexie or sync code (decision 062).
    rolldownOptions: { input: { app: 'index.html', profile: 'profile.html' } },
  },
  plugins: [
    // Must run before react(): it generates src/routeTree.gen.ts and splits each route's component into its own chunk.
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routeFileIgnorePrefix: '-' }),
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // The app registers the worker itself (workbox-window) so it can offer "A new version is available".
      injectRegister: false,
      registerType: 'prompt',
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,txt}'],
      },
      manifest: {
        name: 'QR Tee',
        short_name: 'QR Tee',
        description: 'Your personal QR code on a t-shirt: a profile and wishlist that friends open with one scan.',
        start_url: '/dashboard',
        scope: '/',
        display: 'standalone',
        theme_color: THEME_COLOR,
        background_color: BACKGROUND_COLOR,
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
    }),
  ],
})
