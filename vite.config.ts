import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// A build id baked into the bundle and written to dist/version.json: the app polls the latter and
// shows the update bar when a newer build has been deployed.
const buildId = process.env.BUILD_ID ?? String(Date.now());
const apiTarget = `http://localhost:${process.env.API_PORT ?? 3000}`;

export default defineConfig({
  plugins: [
    react(),
    {
      name: 'touchline-version-file',
      generateBundle() {
        this.emitFile({ type: 'asset', fileName: 'version.json', source: JSON.stringify({ build: buildId }) });
      },
    },
  ],
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 1500 },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, ws: true }, '/user': apiTarget, '/check': apiTarget },
  },
});
