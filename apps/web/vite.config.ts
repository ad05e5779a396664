import { fileURLToPath } from 'node:url';

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const CSP_NONCE_PLACEHOLDER = '__LAUREL_CSP_NONCE__';
const apiTarget = process.env.LAUREL_API_URL ?? 'http://127.0.0.1:3000';

/**
 * Vendor code is grouped by how often it changes and by which screen first needs it, so the
 * sign-in screen loads React, MUI core and the router only; the identity client (aws-amplify)
 * and the icon set arrive with the screens that use them.
 */
const vendorGroups: { name: string; test: RegExp; priority: number }[] = [
  {
    name: 'amplify',
    test: /[\\/]node_modules[\\/](@aws-amplify|aws-amplify|@aws-crypto|@smithy|@aws-sdk|js-cookie)[\\/]/,
    priority: 40,
  },
  { name: 'qrcode', test: /[\\/]node_modules[\\/](qrcode|dijkstrajs|pngjs)[\\/]/, priority: 40 },
  {
    name: 'react',
    test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
    priority: 30,
  },
  {
    name: 'redux',
    test: /[\\/]node_modules[\\/](@reduxjs|redux|react-redux|immer|reselect|redux-thunk|use-sync-external-store)[\\/]/,
    priority: 30,
  },
];

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    // Scripts, styles and images are stored brotli- and gzip-compressed beside the originals, at
    // the highest levels once per build, and the server sends whichever the browser accepts.
    // index.html is left out: the server fills in each page's nonce and compresses it per response.
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(js|css|svg|json|txt)$/,
      threshold: 1024,
      skipIfLargerOrEqual: true,
    }),
  ],
  // The server replaces this with each page's nonce; the style engine reads it from the page's
  // <meta property="csp-nonce"> (apps/server/src/plugins/security-headers.ts).
  html: { cspNonce: CSP_NONCE_PLACEHOLDER },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/identity': { target: apiTarget, changeOrigin: false },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/identity': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Source maps reveal the sources; they are built only on request (WEB_SOURCEMAPS=true).
    sourcemap: /^(true|1|yes)$/i.test(process.env.WEB_SOURCEMAPS ?? ''),
    manifest: true,
    // Fonts stay files (the policy's font-src is 'self', no data: URLs); small images may inline.
    assetsInlineLimit: (file) => (/\.woff2?$/.test(file) ? false : undefined),
    target: 'es2022',
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: vendorGroups,
        },
      },
    },
  },
});
