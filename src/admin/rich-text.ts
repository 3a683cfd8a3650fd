/**
 * The rich-text editor's settings (tiptap via ra-input-rich-text). tiptap would inject a <style> of its
 * own without our CSP nonce; its few rules are given through emotion instead (EDITOR_STYLES in main.tsx). The server sanitises the HTML.
 */
import { DefaultEditorOptions } from 'ra-input-rich-text';

export const editorOptions = { ...DefaultEditorOptions, injectCSS: false };
