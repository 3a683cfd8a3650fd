declare namespace App {
  interface Locals {
    /** The page's site context, set once by src/middleware.ts from its route (src/views/site.ts). */
    siteCtx: import('./views/site.ts').SiteCtx;
  }
}
