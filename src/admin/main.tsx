/**
 * The admin app's entry. MUI styles are inserted at run time by emotion; the server's per-answer CSP
 * nonce (a <meta> in index.html) is given to emotion so those <style> tags are allowed.
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';

const nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
const cache = createCache({ key: 'adm', nonce, prepend: true });

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <CacheProvider value={cache}>
        <App />
      </CacheProvider>
    </StrictMode>,
  );
