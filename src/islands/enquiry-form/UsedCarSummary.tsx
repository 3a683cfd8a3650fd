/** The pre-owned car a used enquiry is about, shown above the form (its make and model are sent along). */
import { formatMileage, formatPrice } from '../../domain/format.ts';
import type { UsedCar } from './config.ts';

export function UsedCarSummary({ car }: { car: UsedCar }) {
  return (
    <div className="used-car-summary">
      <p className="used-car-name">
        {car.year} {car.make} {car.model} {car.variant}
      </p>
      <p className="used-car-facts">
        {formatPrice(car.price)} · {formatMileage(car.mileage)} · {car.dealer_name}
      </p>
      {car.sold && (
        <p className="form-alert">
          This car has been sold. Send us your details anyway and we will help you find a similar one.
        </p>
      )}
    </div>
  );
}
