// Build of the PWA: the app and the visitor page, file routes (code-split per route), React, and the injectManifest
// service worker with its manifest.
import { spawnSync } from 'node:child_process'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { appModulePreloads } from './scripts/app-module-preloads.ts'
import { themeStylesheet } from './src/lib/theme-css.ts'

const THEME_CSS = 'virtual:qrtee-theme.css'
// A path-like id ending in .css (as UnoCSS's '/__uno.css'), so Vite's CSS pipeline takes the module as a stylesheet.
const THEME_CSS_ID = '/__qrtee-theme.css'

/**
 * The theme's CSS variables and breakpoint classes as a stylesheet built with the app's CSS, instead of the <style>
 * elements Mantine's provider computes and inserts on every start (issue 23 item 12, decision 178).
 */
function themeCss(): Plugin {
  return {
    name: 'qrtee-theme-css',
    resolveId: (source) => (source === THEME_CSS ? THEME_CSS_ID : undefined),
    load: (id) => (id === THEME_CSS_ID ? themeStylesheet() : undefined),
  }
}

/**
 * After the bundle is written: /, /help-center and /demo/wishlist rendered to static HTML by the same React components
 * (scripts/prerender-public-site.tsx, in its own Node process so the components load as on the server).
 */
function prerenderPublicSite(): Plugin {
  let outDir = 'dist'
  return {
    name: 'qrtee-prerender-public-site',
    apply: 'build',
    configResolved: (config) => void (outDir = config.build.outDir),
    closeBundle: {
      sequential: true,
      handler() {
        const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/prerender-public-site.tsx', outDir], { stdio: 'inherit' })
        if (result.status !== 0) throw new Error('Prerendering the public pages failed; see the output above.')
      },
    },
  }
}

// The input name of the owner app's document below: its lazy chunks load without preload links (decision 185).
const appPreloads = appModulePreloads('app')

const THEME_COLOR = '#1864ab'
const BACKGROUND_COLOR = '#ffffff'

export default defineConfig({
  build: {
    // Two documents: the app (index.html) and the visitor's page for /profile/{id} (profile.html), which must not
    // carry the app's router, Mantine, Dexie or sync code (decision 062).
    // The third, site.html, is the public pages' document, prerendered after the bundle is written (decision 096).
    rolldownOptions: { input: { app: 'index.html', profile: 'profile.html', site: 'site.html' } },
    modulePreload: { resolveDependencies: appPreloads.resolveDependencies },
  },
  plugins: [
    // Must run before react(): it generates src/routeTree.gen.ts and splits each route's component into its own chunk.
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routeFileIgnorePrefix: '-' }),
    react(),
    themeCss(),
    appPreloads.plugin,
    prerenderPublicSite(),
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
