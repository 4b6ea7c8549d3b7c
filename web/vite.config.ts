import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compression } from 'vite-plugin-compression2';
import { TOAST_DEFAULTS } from '../protocol/src/limits.ts';
import { PRODUCT_NAME_DEFAULT } from '../protocol/src/texts.ts';
import { landingShell } from './vite-plugins/landing-shell.ts';
import { installableApp } from './vite-plugins/installable-app.ts';
import { emojiData } from './vite-plugins/emoji-data.ts';
import { screenChunks } from './vite-plugins/screen-chunks.ts';
import { lazySchemas } from './vite-plugins/lazy-schemas.ts';

const API_TARGET = 'http://127.0.0.1:8000';

/**
 * Rewrites a few exact pieces of a dependency's built file, at build and in development; each
 * piece that is not found (a new version of the package) is reported, so a patch never silently
 * stops applying.
 */
function patchPackage(name: string, file: RegExp, fixes: [from: string | RegExp, to: string][]): Plugin {
  return {
    name: `studium:patch-${name}`,
    enforce: 'pre',
    transform(code, id) {
      if (!file.test(id)) return null;
      let patched = code;
      for (const [from, to] of fixes) {
        const found = typeof from === 'string' ? patched.includes(from) : from.test(patched);
        if (!found) this.warn(`${name} patch did not apply (${String(from)}); check the ${name} version`);
        patched = patched.replace(from, to);
      }
      return { code: patched, map: null };
    },
  };
}

/**
 * sonner injects its stylesheet with a nonce-less <style> element at import time, which the CSP
 * (`style-src 'self' 'nonce-…'`) blocks. We drop that injection and import `sonner/dist/styles.css`
 * instead. sonner 2 also hard-codes a 45 px swipe threshold and has no option for it; a toast
 * goes with a 20 px swipe (TOAST_DEFAULTS.swipeThresholdPx), as web/e2e/toasts.spec.ts checks.
 */
const sonnerCspPatch = () =>
  patchPackage('sonner', /[\\/]sonner[\\/]dist[\\/]index\.m?js$/, [
    ['function __insertCSS(code) {', 'function __insertCSS(code) {\n  return;'],
    [/const SWIPE_THRESHOLD = \d+;/, `const SWIPE_THRESHOLD = ${TOAST_DEFAULTS.swipeThresholdPx};`],
  ]);

/**
 * frimousse (the emoji picker) numbers its grid's rows and columns from 0, where ARIA counts from
 * 1 (axe reports `aria-rowindex="0"` as invalid). The patch numbers them from 1, and shifts the
 * lookup that scrolls the active row into view to match.
 */
const frimousseAriaPatch = () =>
  patchPackage('frimousse', /[\\/]frimousse[\\/]dist[\\/]index\.js$/, [
    ['"aria-rowindex":t?void 0:e', '"aria-rowindex":t?void 0:e+1'],
    ['"aria-colindex":t,', '"aria-colindex":t+1,'],
    ['querySelector(`[aria-rowindex="${R}"]`)', 'querySelector(`[aria-rowindex="${R+1}"]`)'],
  ]);

/**
 * Radix's `useId` takes React's own id and then, in a layout effect, sets it again: a fallback for
 * React versions without `useId` (before 18), where it starts undefined. With React's id that
 * update changes nothing, but an update in a layout effect is a synchronous one: after the app's
 * first commit (a transition) React rendered again at once and ran every passive effect of the
 * page (the data layer's reads starting) in the same task, where they otherwise run in a task of
 * their own. The app runs React 19, so the patch drops the fallback.
 */
const radixIdPatch = () =>
  patchPackage('@radix-ui/react-id', /[\\/]@radix-ui[\\/]react-id[\\/]dist[\\/]index\.m?js$/, [
    [
      '  useLayoutEffect(() => {\n    if (!deterministicId) setId((reactId) => reactId ?? String(count++));\n  }, [deterministicId]);\n',
      '',
    ],
  ]);

/**
 * Radix's `Presence` (the closed state of every dialog, popover and menu) sends its state machine
 * an 'animation ended' event in a layout effect when it mounts without content, which only
 * changes a presence that was animating out: the same synchronous update after the first commit
 * as above, for every closed menu on the page. The patch sends it only in that state.
 */
const radixPresencePatch = () =>
  patchPackage('@radix-ui/react-presence', /[\\/]@radix-ui[\\/]react-presence[\\/]dist[\\/]index\.m?js$/, [
    [
      '    } else {\n      send("ANIMATION_END");\n    }\n  }, [node, send]);',
      '    } else if (state === "unmountSuspended") {\n      send("ANIMATION_END");\n    }\n  }, [node, send]);',
    ],
  ]);

/**
 * `@studium/protocol` is pure (constants, zod schemas, types), but bundlers cannot know that, so
 * its unused zod schemas would pull zod into the first-load bundle. Declaring it side-effect free
 * lets tree-shaking drop what the web app does not import.
 *
 * A feature's index.ts, its public surface, only re-exports: declared side-effect free, an
 * import of one piece brings that piece alone, as an import of its own file would, and not the
 * rest of the surface (the other pieces' components would otherwise land in every chunk that
 * uses any of them).
 */
function protocolSideEffectFree(): Plugin {
  return {
    name: 'studium:protocol-pure',
    transform(_code, id) {
      if (/[\\/]protocol[\\/]src[\\/]/.test(id)) return { moduleSideEffects: false };
      if (/[\\/]src[\\/]features[\\/][\w-]+[\\/]index\.ts$/.test(id)) return { moduleSideEffects: false };
      return null;
    },
  };
}

export default defineConfig({
  plugins: [
    sonnerCspPatch(),
    frimousseAriaPatch(),
    radixIdPatch(),
    radixPresencePatch(),
    protocolSideEffectFree(),
    lazySchemas(),
    react(),
    tailwindcss(),
    landingShell(),
    emojiData(),
    installableApp(process.env.PRODUCT_NAME || PRODUCT_NAME_DEFAULT),
    // Every text asset also as .br and .gz, served as they are by the server (index.html is
    // stamped per request, so the server compresses that one itself).
    compression({ algorithms: ['brotliCompress', 'gzip'], exclude: [/\.html$/] }),
  ],
  // Pre-bundled deps skip plugin transforms; keep the patched packages out so the patches apply in dev too.
  optimizeDeps: { exclude: ['sonner', 'frimousse'] },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/ws': { target: API_TARGET, ws: true, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    // The bundle-size budget test reads which chunks each route loads from here.
    manifest: true,
    rolldownOptions: {
      output: { codeSplitting: { groups: [screenChunks(path.resolve(import.meta.dirname, 'src'))] } },
    },
    // Fonts stay files: the CSP's font-src admits no data: URL (KaTeX has some tiny ones).
    assetsInlineLimit: (file) => (/\.(?:woff2?|ttf)$/.test(file) ? false : undefined),
  },
});
