/** Page links (real hrefs, so they work before JavaScript and for crawlers); clicks stay in the island. */
import { pageWindow } from '../../domain/used-search.ts';
import { stayInIsland } from './follow.ts';

interface Props {
  page: number;
  pages: number;
  hrefOf: (page: number) => string;
  onPage: (page: number) => void;
}

export function Pagination({ page, pages, hrefOf, onPage }: Props) {
  if (pages <= 1) return null;
  const follow = (n: number) => stayInIsland(() => onPage(n));
  return (
    <nav className="us-pages" aria-label="Pagination">
      <ul>
        <li>
          {page > 1 ? (
            <a href={hrefOf(page - 1)} rel="prev" onClick={follow(page - 1)}>
              Previous<span className="visually-hidden"> page</span>
            </a>
          ) : (
            <span className="us-page-off">Previous</span>
          )}
        </li>
        {/* Phones show this instead of the numbers, so the row never wraps. */}
        <li className="us-page-now">
          Page {page} of {pages}
        </li>
        {pageWindow(page, pages).map((n, i) =>
          n === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
            <li key={`gap-${i}`} className="us-gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n} className="us-num">
              <a
                href={hrefOf(n)}
                aria-current={n === page ? 'page' : undefined}
                aria-label={`Page ${n}`}
                onClick={follow(n)}
              >
                {n}
              </a>
            </li>
          ),
        )}
        <li>
          {page < pages ? (
            <a href={hrefOf(page + 1)} rel="next" onClick={follow(page + 1)}>
              Next<span className="visually-hidden"> page</span>
            </a>
          ) : (
            <span className="us-page-off">Next</span>
          )}
        </li>
      </ul>
    </nav>
  );
}
