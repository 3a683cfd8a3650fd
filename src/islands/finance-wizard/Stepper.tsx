/**
 * Where the visitor is in the five steps (SPEC §2): every step's label on wide screens, below 600 px
 * only the current one (the others stay readable by screen readers). Not clickable: a step is reached by Next, which validates.
 */
interface Props {
  titles: readonly string[];
  current: number;
}

export function Stepper({ titles, current }: Props) {
  return (
    <nav className="stepper" aria-label="Application progress">
      <ol>
        {titles.map((title, i) => (
          <li
            key={title}
            className={i === current ? 'is-current' : i < current ? 'is-done' : undefined}
            aria-current={i === current ? 'step' : undefined}
          >
            <span className="stepper-num" aria-hidden="true">
              {i < current ? '✓' : i + 1}
            </span>
            <span className="stepper-label">
              <span className="visually-hidden">Step {i + 1}: </span>
              {title}
              {i < current && <span className="visually-hidden"> (completed)</span>}
            </span>
          </li>
        ))}
      </ol>
      <p className="stepper-current" aria-hidden="true">
        Step {current + 1} of {titles.length}: {titles[current]}
      </p>
    </nav>
  );
}
