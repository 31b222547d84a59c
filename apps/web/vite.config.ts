import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const server = 'http://localhost:3000';

// The server answers these paths outside /api (spec section 7); the dev server forwards only POSTs there so
// that the same paths still render their pages on a GET.
const postOnlyPaths = [
  '/login',
  '/register',
  '/profile/update',
  '/profile/register-game',
  '/resendEmail',
  '/sendForgotPassword',
  '/reset-password',
  '/verifyemail',
];

const postOnly = {
  target: server,
  bypass: (req: { method?: string; url?: string }) => (req.method === 'POST' ? undefined : req.url),
};

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist' },
  server: {
    proxy: {
      '/api': server,
      '/dev': server,
      ...Object.fromEntries(postOnlyPaths.map((path) => [`^${path}(/|$)`, postOnly])),
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
  },
});
