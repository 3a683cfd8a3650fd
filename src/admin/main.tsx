/**
 * The admin app's entry. MUI styles are inserted at run time by emotion; the server's per-answer CSP
 * nonce (a <meta> in index.html) is given to emotion so those <style> tags are allowed.
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { GlobalStyles } from '@mui/material';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';

const nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
const cache = createCache({ key: 'adm', nonce, prepend: true });

/**
 * The rules tiptap would inject itself (rich-text.ts turns that off: its <style> has no nonce), given through
 * emotion instead. Without white-space: pre-wrap ProseMirror warns on the console and loses spaces.
 */
const EDITOR_STYLES = {
  '.ProseMirror': { position: 'relative', whiteSpace: 'pre-wrap', wordWrap: 'break-word' },
  '.ProseMirror [contenteditable="false"]': { whiteSpace: 'normal' },
  '.ProseMirror [contenteditable="false"] [contenteditable="true"]': { whiteSpace: 'pre-wrap' },
  '.ProseMirror pre': { whiteSpace: 'pre-wrap' },
  '.ProseMirror-hideselection *::selection': { background: 'transparent' },
  '.ProseMirror-hideselection': { caretColor: 'transparent' },
  '.ProseMirror-separator': {
    display: 'inline !important',
    border: 'none !important',
    margin: '0 !important',
  },
  'img.ProseMirror-separator': {
    display: 'inline !important',
    border: 'none !important',
    margin: '0 !important',
  },
} as const;

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <CacheProvider value={cache}>
        <GlobalStyles styles={EDITOR_STYLES} />
        <App />
      </CacheProvider>
    </StrictMode>,
  );
