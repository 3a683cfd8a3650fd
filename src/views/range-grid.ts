/** How the range grid splits the new models (cars, then motorcycles), and so which card a visitor sees first. */
import type { RangeModel } from '../contract/index.ts';

export function rangeByType(models: readonly RangeModel[]) {
  const cars = models.filter((m) => m.type === 'car');
  const motorcycles = models.filter((m) => m.type === 'motorcycle');
  return { cars, motorcycles, first: cars[0] ?? motorcycles[0] };
}
