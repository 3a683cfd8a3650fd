/**
 * The one way a page gets its static paths at the root and under every dealer's /dealer/{siteName}
 * twin (DESIGN §9): describe a page's entries for one site context, get `root` and `twin` back.
 */
import { data } from './data.ts';
import { dealerCtx, rootCtx, type SiteCtx } from './site.ts';

export interface Entry<P> {
  params: Record<string, string>;
  props: P;
}
export type PathsFor<P> = (ctx: SiteCtx) => Promise<Entry<P>[]>;

export function route<P extends object>(pathsFor: PathsFor<P>) {
  return {
    root: async () => {
      const ctx = await rootCtx();
      return (await pathsFor(ctx)).map((e) => ({ params: e.params, props: { ...e.props, ctx } }));
    },
    twin: async () => {
      const out: Entry<P & { ctx: SiteCtx }>[] = [];
      for (const dealer of await data.dealers()) {
        const ctx = dealerCtx(dealer);
        for (const e of await pathsFor(ctx)) {
          out.push({ params: { ...e.params, dealer: dealer.siteName }, props: { ...e.props, ctx } });
        }
      }
      return out;
    },
  };
}
