/** schema.org Car with an Offer for a used vehicle page (in the static HTML of pre-built pages). */
import type { Dealer, VehicleDetail } from '../../contract/index.ts';
import { carTitle } from '../../domain/format.ts';
import { absoluteUrl } from '../../domain/urls.ts';

export function usedCarLd(v: VehicleDetail, pageUrl: string, site: URL | string, seller: Dealer | undefined) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Car',
    name: carTitle(v),
    brand: { '@type': 'Brand', name: v.make },
    model: v.model,
    vehicleConfiguration: v.variant || undefined,
    description: v.description || undefined,
    image: v.images['hydra:member'].map((i) => absoluteUrl(i.uri, site)),
    url: pageUrl,
    sku: v.stock_number,
    vehicleIdentificationNumber: v.vin ?? undefined,
    itemCondition: 'https://schema.org/UsedCondition',
    vehicleModelDate: String(v.year),
    mileageFromOdometer: {
      '@type': 'QuantitativeValue',
      value: v.mileage['hydra:member'][0],
      unitCode: 'KMT',
    },
    fuelType: v.fuel_type,
    vehicleTransmission: v.transmission,
    color: v.exterior_color,
    bodyType: v.body_type,
    offers: {
      '@type': 'Offer',
      price: v.price,
      priceCurrency: 'ZAR',
      availability: v.status === 'sold' ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock',
      itemCondition: 'https://schema.org/UsedCondition',
      url: pageUrl,
      seller: {
        '@type': 'AutoDealer',
        name: v.dealer_name,
        ...(seller ? { telephone: seller.dealer_contact_no, address: seller.address } : {}),
      },
    },
  };
}
