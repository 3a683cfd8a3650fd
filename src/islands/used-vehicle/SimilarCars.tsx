/** Up to four similar cars under the vehicle (GET /api/vehicles/{id}/similar), as listing cards. */
import type { VehicleSummary } from '../../contract/index.ts';
import { UsedCard } from '../used-search/UsedCard.tsx';

interface Props {
  cars: VehicleSummary[];
  site: string | null;
}

export function SimilarCars({ cars, site }: Props) {
  return (
    <section className="uv-similar" aria-labelledby="uv-similar-title">
      <h2 id="uv-similar-title">Similar cars</h2>
      <div className="uv-similar-grid">
        {cars.map((car) => (
          <UsedCard key={car.id} car={car} site={site} eager={false} heading="h3" />
        ))}
      </div>
    </section>
  );
}
