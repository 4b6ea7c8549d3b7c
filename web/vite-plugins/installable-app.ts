import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * The web app manifest and a Workbox service worker that precaches the app shell and every built
 * asset: a second visit starts without the network, and a new build takes over on the next load
 * (the new worker activates at once and claims the open pages). The API and the sockets are never
 * cached: they are live data.
 */
export function installableApp(productName: string): Plugin[] {
  return VitePWA({
    registerType: 'autoUpdate',
    // main.tsx registers the worker itself, and checks for a new build on every load.
    injectRegister: false,
    manifest: {
      id: '/',
      name: productName,
      short_name: productName,
      description: `${productName}: the study-community chat. Rooms for every course, study partners, tutors.`,
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: '#f7f7f8',
      theme_color: '#ffffff',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
      // KaTeX's fonts come only when a formula is on screen, never with the app.
      globIgnores: ['**/KaTeX_*'],
      // The server only hands out the page at `/` (stamped with its CSP nonce), never /index.html.
      manifestTransforms: [
        async (entries) => ({
          manifest: entries.map((entry) => (entry.url === 'index.html' ? { ...entry, url: '/' } : entry)),
          warnings: [],
        }),
      ],
      navigateFallback: '/',
      navigateFallbackDenylist: [/^\/api\//, /^\/ws\//],
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      skipWaiting: true,
    },
  });
}
