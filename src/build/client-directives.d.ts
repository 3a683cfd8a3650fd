// `client:painted` (painted-directive.ts), for Astro's type check of component props.
declare module 'astro' {
  interface AstroClientDirectives {
    'client:painted'?: boolean | 'visible';
  }
}

export {};
