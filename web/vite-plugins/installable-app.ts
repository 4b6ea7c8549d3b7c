import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * The web app manifest and a Workbox service worker that precaches the app shell and every built
 * asset: a second visit starts without the network, and a new build takes over on the next load
 * (the new worker activates at once and claims the open pages). The app's own API reads (GET by
 * fetch) go to the network first; their last answers are kept, and served only when the network
 * gives none, so a signed-in user who reopens the app offline sees their last data
 * (docs/architecture.md: Offline). The session and CSRF answers are never kept (the app must
 * learn that it is offline), nor the sockets. The page empties the cache on logout.
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
      runtimeCaching: [
        {
          // Serialized into the worker: it must not refer to anything outside itself.
          urlPattern: ({ url, request, sameOrigin }) =>
            sameOrigin &&
            request.method === 'GET' &&
            request.destination === '' &&
            url.pathname.startsWith('/api/') &&
            url.pathname !== '/api/session/' &&
            url.pathname !== '/api/csrf/',
          handler: 'NetworkFirst',
          options: {
            // The page deletes this cache on logout (web/src/lib/offline-data.ts: API_CACHE).
            cacheName: 'studium-api',
            cacheableResponse: { statuses: [200] },
            expiration: { maxEntries: 300 },
          },
        },
      ],
      navigateFallback: '/',
      navigateFallbackDenylist: [/^\/api\//, /^\/ws\//],
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      skipWaiting: true,
    },
  });
}
