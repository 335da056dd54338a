import { resolve } from 'node:path';
import { defineConfig, externalizeDepsPlugin } from 'electron-vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { BACKGROUND_COLOR, BRAND_COLOR, READER_CACHE, SERVER_PATH_PREFIXES } from './src/shared/site';

/**
 * The web UI as an installable app with a service worker (Workbox, generated at build): the built renderer is
 * precached — lazy screens' chunks, CSS, fonts, icons — so once opened online, any screen but the label designer
 * opens with the server away, and a plant's browser station reloads with its queue (kept in IndexedDB) intact.
 * Only the renderer gets it; the desktop shell never registers it (src/renderer/src/pwa/register.ts).
 */
const pwa = VitePWA({
  strategies: 'generateSW',
  // A new release waits for the operator (the 新版本可用 notice), never reloads a station mid-scan (pwa/register.ts).
  registerType: 'prompt',
  // Registered by src/renderer/src/pwa/register.ts, not by an injected script.
  injectRegister: false,
  // The icons are precached with the rest of the build (globPatterns), once.
  includeManifestIcons: false,
  manifest: {
    name: '气瓶追溯平台',
    short_name: '气瓶追溯',
    description: '气瓶全生命周期信息追溯平台',
    lang: 'zh-CN',
    id: '/',
    start_url: '/field',
    scope: '/',
    display: 'standalone',
    theme_color: BRAND_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    // Everything the build leaves in out/renderer except source maps and the desktop's release notes.
    globPatterns: ['**/*.{js,mjs,css,html,wasm,png,jpg,jpeg,svg,ico,gif,webp,woff,woff2,ttf,otf,json}'],
    // Except the label designer (konva, 1.3 MB of the 5.4): an office screen that saves to the server, useless offline;
    // without it the precache stays inside the field app's 5 MB on a phone (issue 37) with room for its own screens.
    // And the ZXing reader's .wasm (1 MB): a phone's Chrome reads codes itself (BarcodeDetector). Where the browser has
    // none, the app stores it at start (stations/barcodeDetector.ts keepReaderOffline) in the cache answered below.
    globIgnores: ['**/LabelDesignerPage-*.js', '**/zxing_reader-*.wasm'],
    // The largest file is a lazy chunk or the ZXing .wasm (~1 MB); a file over the bound would silently not be
    // precached and its screen would not open offline, so the bound is far above them.
    maximumFileSizeToCacheInBytes: 15 * 1024 * 1024,
    // GET / is the server's (its product headers: http/client.ts rootInfo); navigations to it get index.html below.
    directoryIndex: null,
    navigateFallback: '/index.html',
    // Server pages and files are never answered with the app (src/shared/site.ts).
    navigateFallbackDenylist: SERVER_PATH_PREFIXES.map((prefix) => new RegExp(`^${prefix}`)),
    // /api goes to the network as ever, and the stations' offline engine keeps what they need. Only the ZXing reader
    // is answered from a cache of its own (its name carries its hash: a stored copy is never stale).
    runtimeCaching: [{ urlPattern: /\/assets\/zxing_reader-[^/]*\.wasm$/, handler: 'CacheFirst', options: { cacheName: READER_CACHE } }],
    cleanupOutdatedCaches: true,
    // A new release's worker waits until the page asks (the notice's 刷新); the first one controls the page that
    // installed it at once, so its lazy screens load from the precache with the server away, before any reload.
    skipWaiting: false,
    clientsClaim: true,
  },
});

export default defineConfig({
  main: {
    plugins: [externalizeDepsPlugin()],
    build: { rollupOptions: { input: { index: resolve(__dirname, 'src/main/index.ts') } } },
  },
  preload: {
    plugins: [externalizeDepsPlugin()],
    build: {
      rollupOptions: {
        input: { index: resolve(__dirname, 'src/preload/index.ts') },
        // A sandboxed preload must be a single CommonJS file.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src/renderer'),
    base: '/',
    resolve: { alias: { '@renderer': resolve(__dirname, 'src/renderer/src'), '@shared': resolve(__dirname, 'src/shared') } },
    plugins: [react(), pwa],
    build: {
      // electron-vite leaves the renderer unminified; the same files are served to browsers over the network.
      // RENDERER_MINIFY=0 (a build by hand, then `npm start`/a bench): names kept for a readable CPU profile.
      minify: process.env.RENDERER_MINIFY !== '0',
      rollupOptions: { input: { index: resolve(__dirname, 'src/renderer/index.html') } },
    },
    server: { proxy: { '/api': 'http://127.0.0.1:8080', '/objectStorage': 'http://127.0.0.1:8080' } },
  },
});
