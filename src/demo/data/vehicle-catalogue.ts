/**
 * Makes and models common on South African used-car lots, with body type, the years they were
 * sold here, an approximate 2026 new price (rands) and typical variants as dealers list them.
 * vehicles.ts draws the 420 demo cars from this list.
 */
import type { BodyType, Silhouette } from './common.ts';

type Trans = 'Automatic' | 'Manual';
type Fuel = 'Petrol' | 'Diesel' | 'Hybrid';

/** [variant text, gearbox, fuel, first and last model year where narrower than the model's]. */
type UsedVariant = readonly [string, Trans, Fuel, number?, number?];

export interface UsedModel {
  model: string;
  body: BodyType;
  /** The drawing's shape when the model looks unlike its body type's default (a Jimny, a Swift). */
  art?: Silhouette;
  from: number; // first model year on sale (>= 2014 for our purposes)
  to?: number; // last model year; open if still sold
  newPrice: number; // rands, 2026 equivalent
  retention: number; // value kept per year of age (bakkies and Jimnys hold value)
  variants: readonly UsedVariant[];
}

export interface UsedMake {
  make: string;
  weight: number; // share of stock; Subaru is over-represented at Subaru dealers
  models: readonly UsedModel[];
}

const A = 'Automatic';
const M = 'Manual';

// biome-ignore format: one model per line reads like a price list
export const USED_CATALOGUE: readonly UsedMake[] = [
  { make: 'Subaru', weight: 23, models: [
    { model: 'Forester', body: 'suv', from: 2014, newPrice: 700_000, retention: 0.89, variants: [['2.0i-S ES CVT', A, 'Petrol'], ['2.5i ES CVT', A, 'Petrol'], ['2.0i-L CVT', A, 'Petrol', 2014, 2018], ['2.5i Sport CVT', A, 'Petrol', 2023]] },
    { model: 'Outback', body: 'wagon', from: 2014, newPrice: 820_000, retention: 0.88, variants: [['2.5i-S ES Premium CVT', A, 'Petrol'], ['2.5i CVT', A, 'Petrol'], ['3.6R-S Premium CVT', A, 'Petrol', 2014, 2020]] },
    { model: 'XV', body: 'suv', art: 'small-suv', from: 2014, to: 2023, newPrice: 540_000, retention: 0.88, variants: [['2.0i CVT', A, 'Petrol'], ['2.0i-S ES CVT', A, 'Petrol'], ['2.0i Hybrid CVT', A, 'Hybrid', 2020]] },
    { model: 'Crosstrek', body: 'suv', art: 'small-suv', from: 2023, newPrice: 600_000, retention: 0.9, variants: [['2.0i CVT', A, 'Petrol'], ['2.0i-S ES CVT', A, 'Petrol'], ['2.0 e-Boxer S ES', A, 'Hybrid', 2025]] },
    { model: 'WRX', body: 'sedan', from: 2014, newPrice: 800_000, retention: 0.88, variants: [['2.0 DIT Premium Lineartronic', A, 'Petrol', 2016, 2021], ['2.0 Premium', M, 'Petrol', 2014, 2021], ['2.4T tS', A, 'Petrol', 2022], ['STI 2.5', M, 'Petrol', 2014, 2020]] },
    { model: 'Impreza', body: 'hatch', from: 2014, newPrice: 530_000, retention: 0.87, variants: [['2.0i CVT', A, 'Petrol'], ['2.0i-S CVT', A, 'Petrol'], ['2.0i-S ES CVT', A, 'Petrol', 2024]] },
    { model: 'BRZ', body: 'coupe', from: 2014, newPrice: 690_000, retention: 0.9, variants: [['2.0 Manual', M, 'Petrol', 2014, 2021], ['2.4 Manual', M, 'Petrol', 2022], ['2.4 Auto', A, 'Petrol', 2022]] },
  ] },
  { make: 'Toyota', weight: 14, models: [
    { model: 'Corolla Cross', body: 'suv', from: 2021, newPrice: 450_000, retention: 0.9, variants: [['1.8 Xi', M, 'Petrol'], ['1.8 XS CVT', A, 'Petrol'], ['1.8 XR CVT', A, 'Petrol'], ['1.8 XR Hybrid', A, 'Hybrid', 2022]] },
    { model: 'Hilux', body: 'bakkie', from: 2014, newPrice: 700_000, retention: 0.92, variants: [['2.8 GD-6 Raised Body Legend D/C Auto', A, 'Diesel', 2016], ['2.4 GD-6 Raider D/C', M, 'Diesel', 2016], ['2.8 GD-6 4x4 Legend RS D/C Auto', A, 'Diesel', 2021], ['3.0 D-4D Raider D/C', M, 'Diesel', 2014, 2016]] },
    { model: 'Fortuner', body: 'suv', art: 'large-suv', from: 2014, newPrice: 760_000, retention: 0.91, variants: [['2.8 GD-6 4x4 Auto', A, 'Diesel', 2016], ['2.4 GD-6 Raised Body', M, 'Diesel', 2016], ['2.8 GD-6 VX Auto', A, 'Diesel', 2021], ['3.0 D-4D 4x4 Auto', A, 'Diesel', 2014, 2016]] },
    { model: 'RAV4', body: 'suv', from: 2014, newPrice: 640_000, retention: 0.89, variants: [['2.0 GX CVT', A, 'Petrol'], ['2.0 GX-R AWD CVT', A, 'Petrol', 2019], ['2.5 VX Hybrid AWD', A, 'Hybrid', 2019]] },
    { model: 'Corolla', body: 'sedan', from: 2014, newPrice: 460_000, retention: 0.87, variants: [['1.8 XS CVT', A, 'Petrol'], ['1.6 Prestige', M, 'Petrol'], ['1.8 Hybrid XR CVT', A, 'Hybrid', 2020]] },
    { model: '86', body: 'coupe', from: 2014, to: 2021, newPrice: 520_000, retention: 0.89, variants: [['2.0 High', M, 'Petrol'], ['2.0 High Auto', A, 'Petrol']] },
  ] },
  { make: 'Volkswagen', weight: 11, models: [
    { model: 'Polo', body: 'hatch', from: 2014, newPrice: 420_000, retention: 0.88, variants: [['1.0 TSI Life DSG', A, 'Petrol', 2019], ['1.0 TSI Comfortline', M, 'Petrol', 2018], ['2.0 TSI GTI DSG', A, 'Petrol'], ['1.2 TSI Highline', M, 'Petrol', 2014, 2017]] },
    { model: 'Polo Vivo', body: 'hatch', art: 'city', from: 2014, newPrice: 300_000, retention: 0.89, variants: [['1.4 Trendline', M, 'Petrol'], ['1.6 Comfortline Auto', A, 'Petrol'], ['1.4 Life', M, 'Petrol', 2022], ['1.0 TSI GT', M, 'Petrol', 2019]] },
    { model: 'Tiguan', body: 'suv', from: 2014, newPrice: 680_000, retention: 0.87, variants: [['1.4 TSI Life DSG', A, 'Petrol', 2021], ['2.0 TDI Highline 4Motion DSG', A, 'Diesel'], ['2.0 TSI R-Line 4Motion DSG', A, 'Petrol', 2017]] },
    { model: 'T-Cross', body: 'suv', art: 'small-suv', from: 2019, newPrice: 450_000, retention: 0.88, variants: [['1.0 TSI Comfortline DSG', A, 'Petrol'], ['1.5 TSI R-Line DSG', A, 'Petrol'], ['1.0 TSI Life', M, 'Petrol', 2023]] },
  ] },
  { make: 'Ford', weight: 8, models: [
    { model: 'Ranger', body: 'bakkie', from: 2014, newPrice: 760_000, retention: 0.91, variants: [['2.0 Bi-Turbo Wildtrak 4x4 D/C Auto', A, 'Diesel', 2019], ['2.0 SiT XL D/C', M, 'Diesel', 2019], ['3.2 TDCi XLT 4x4 D/C Auto', A, 'Diesel', 2014, 2022], ['2.2 TDCi XLS D/C', M, 'Diesel', 2014, 2022]] },
    { model: 'EcoSport', body: 'suv', art: 'small-suv', from: 2014, to: 2022, newPrice: 340_000, retention: 0.86, variants: [['1.0 EcoBoost Titanium', M, 'Petrol'], ['1.5 Ambiente', M, 'Petrol'], ['1.5 Trend Auto', A, 'Petrol']] },
    { model: 'Everest', body: 'suv', art: 'large-suv', from: 2016, newPrice: 880_000, retention: 0.89, variants: [['2.0 Bi-Turbo Sport 4WD Auto', A, 'Diesel', 2023], ['3.2 XLT 4x4 Auto', A, 'Diesel', 2016, 2022], ['2.0 SiT XLT Auto', A, 'Diesel', 2019]] },
  ] },
  { make: 'Hyundai', weight: 6, models: [
    { model: 'Tucson', body: 'suv', from: 2014, newPrice: 600_000, retention: 0.87, variants: [['2.0 Premium Auto', A, 'Petrol'], ['1.6 TGDI Elite DCT', A, 'Petrol', 2016], ['2.0D Executive Auto', A, 'Diesel', 2022]] },
    { model: 'i20', body: 'hatch', art: 'city', from: 2014, newPrice: 340_000, retention: 0.87, variants: [['1.2 Motion', M, 'Petrol'], ['1.4 Fluid Auto', A, 'Petrol'], ['1.0T N-Line DCT', A, 'Petrol', 2021]] },
    { model: 'Creta', body: 'suv', art: 'small-suv', from: 2017, newPrice: 440_000, retention: 0.88, variants: [['1.5 Executive IVT', A, 'Petrol', 2022], ['1.6 Executive Auto', A, 'Petrol'], ['1.5 Premium', M, 'Petrol', 2022]] },
  ] },
  { make: 'Kia', weight: 5, models: [
    { model: 'Sportage', body: 'suv', from: 2014, newPrice: 620_000, retention: 0.87, variants: [['1.6T GT-Line AWD DCT', A, 'Petrol', 2019], ['2.0 EX Auto', A, 'Petrol'], ['2.0CRDi EX Auto', A, 'Diesel']] },
    { model: 'Seltos', body: 'suv', art: 'small-suv', from: 2020, newPrice: 470_000, retention: 0.88, variants: [['1.5 EX+ IVT', A, 'Petrol'], ['1.4T GT-Line DCT', A, 'Petrol'], ['1.5 LX', M, 'Petrol']] },
    { model: 'Picanto', body: 'hatch', art: 'city', from: 2014, newPrice: 240_000, retention: 0.88, variants: [['1.2 Street', M, 'Petrol', 2017], ['1.0 Start', M, 'Petrol'], ['1.2 Style Auto', A, 'Petrol', 2017]] },
  ] },
  { make: 'Nissan', weight: 5, models: [
    { model: 'Navara', body: 'bakkie', from: 2016, newPrice: 700_000, retention: 0.9, variants: [['2.5 DDTi LE 4x4 D/C Auto', A, 'Diesel', 2021], ['2.5 DDTi SE D/C', M, 'Diesel', 2021], ['2.3D Stealth 4x4 D/C Auto', A, 'Diesel']] },
    { model: 'X-Trail', body: 'suv', from: 2014, newPrice: 620_000, retention: 0.86, variants: [['2.5 Acenta 4x4 CVT', A, 'Petrol'], ['1.6dCi Tekna 4x4', M, 'Diesel', 2014, 2021], ['2.5 Acenta Plus CVT', A, 'Petrol', 2018]] },
    { model: 'Magnite', body: 'suv', art: 'small-suv', from: 2021, newPrice: 310_000, retention: 0.88, variants: [['1.0T Acenta Plus CVT', A, 'Petrol'], ['1.0 Visia', M, 'Petrol'], ['1.0T Acenta', M, 'Petrol']] },
  ] },
  { make: 'Mazda', weight: 4, models: [
    { model: 'CX-5', body: 'suv', from: 2014, newPrice: 620_000, retention: 0.88, variants: [['2.0 Active Auto', A, 'Petrol'], ['2.5 Individual AWD Auto', A, 'Petrol'], ['2.2DE Akera AWD Auto', A, 'Diesel']] },
    { model: 'Mazda3', body: 'hatch', from: 2014, newPrice: 490_000, retention: 0.87, variants: [['1.5 Dynamic Auto', A, 'Petrol'], ['2.0 Astina Auto', A, 'Petrol'], ['1.5 Active', M, 'Petrol']] },
    { model: 'CX-30', body: 'suv', art: 'small-suv', from: 2020, newPrice: 540_000, retention: 0.88, variants: [['2.0 Active Auto', A, 'Petrol'], ['2.0 Dynamic Auto', A, 'Petrol'], ['2.0 Carbon Edition Auto', A, 'Petrol', 2023]] },
  ] },
  { make: 'Renault', weight: 4, models: [
    { model: 'Kwid', body: 'hatch', art: 'city', from: 2016, newPrice: 210_000, retention: 0.87, variants: [['1.0 Climber AMT', A, 'Petrol'], ['1.0 Dynamique', M, 'Petrol'], ['1.0 Expression', M, 'Petrol']] },
    { model: 'Duster', body: 'suv', art: 'small-suv', from: 2014, newPrice: 400_000, retention: 0.87, variants: [['1.5 dCi Prestige EDC', A, 'Diesel', 2019], ['1.6 Dynamique', M, 'Petrol'], ['1.5 dCi Intens 4x4', M, 'Diesel', 2019]] },
  ] },
  { make: 'Suzuki', weight: 6, models: [
    { model: 'Swift', body: 'hatch', art: 'city', from: 2014, newPrice: 260_000, retention: 0.9, variants: [['1.2 GL', M, 'Petrol'], ['1.2 GLX AMT', A, 'Petrol', 2018], ['1.2 GA', M, 'Petrol']] },
    { model: 'Jimny', body: 'suv', art: 'jimny', from: 2014, newPrice: 420_000, retention: 0.95, variants: [['1.5 GLX AllGrip', M, 'Petrol', 2019], ['1.5 GLX AllGrip Auto', A, 'Petrol', 2019], ['1.3 GA', M, 'Petrol', 2014, 2018]] },
    { model: 'Vitara Brezza', body: 'suv', art: 'small-suv', from: 2016, newPrice: 310_000, retention: 0.89, variants: [['1.5 GL', M, 'Petrol'], ['1.5 GLX Auto', A, 'Petrol', 2022]] },
  ] },
  { make: 'BMW', weight: 4, models: [
    { model: '3 Series', body: 'sedan', from: 2014, newPrice: 920_000, retention: 0.85, variants: [['320i M Sport Auto', A, 'Petrol'], ['320d Luxury Line Auto', A, 'Diesel'], ['330i M Sport Auto', A, 'Petrol', 2019]] },
    { model: 'X3', body: 'suv', from: 2014, newPrice: 1_100_000, retention: 0.85, variants: [['xDrive20d M Sport', A, 'Diesel'], ['sDrive20i', A, 'Petrol', 2018], ['xDrive30i', A, 'Petrol', 2018]] },
  ] },
  { make: 'Mercedes-Benz', weight: 4, models: [
    { model: 'C-Class', body: 'sedan', from: 2014, newPrice: 960_000, retention: 0.85, variants: [['C200 AMG Line Auto', A, 'Petrol'], ['C220d Avantgarde Auto', A, 'Diesel'], ['C180 Auto', A, 'Petrol']] },
    { model: 'GLC', body: 'suv', from: 2016, newPrice: 1_150_000, retention: 0.85, variants: [['GLC 220d 4Matic', A, 'Diesel'], ['GLC 300 4Matic AMG Line', A, 'Petrol'], ['GLC 200', A, 'Petrol', 2020]] },
  ] },
  { make: 'Haval', weight: 5, models: [
    { model: 'Jolion', body: 'suv', art: 'small-suv', from: 2021, newPrice: 400_000, retention: 0.86, variants: [['1.5T City', M, 'Petrol'], ['1.5T Premium DCT', A, 'Petrol'], ['1.5T Super Luxury DCT', A, 'Petrol'], ['1.5 HEV Ultra Luxury', A, 'Hybrid', 2023]] },
    { model: 'H6', body: 'suv', from: 2017, newPrice: 540_000, retention: 0.85, variants: [['2.0T Luxury DCT', A, 'Petrol', 2021], ['2.0GDIT Super Luxury 4WD DCT', A, 'Petrol', 2021], ['1.5 HEV Ultra Luxury', A, 'Hybrid', 2023], ['1.5T City', M, 'Petrol']] },
  ] },
  { make: 'Honda', weight: 4, models: [
    { model: 'CR-V', body: 'suv', from: 2014, newPrice: 680_000, retention: 0.88, variants: [['2.0 Comfort CVT', A, 'Petrol'], ['1.5T Executive AWD CVT', A, 'Petrol', 2018], ['2.0 Elegance CVT', A, 'Petrol']] },
    { model: 'Ballade', body: 'sedan', from: 2014, to: 2023, newPrice: 360_000, retention: 0.87, variants: [['1.5 Elegance CVT', A, 'Petrol'], ['1.5 Comfort', M, 'Petrol']] },
  ] },
];

/**
 * People carriers, drawn apart from USED_CATALOGUE so adding them left the 420 cars drawn from it (and the
 * ids tests rely on) exactly as they were: vehicles.ts appends these after the main draw, with their own seed.
 */
// biome-ignore format: one model per line reads like a price list
export const MPV_CATALOGUE: readonly UsedMake[] = [
  { make: 'Toyota', weight: 4, models: [
    { model: 'Avanza', body: 'mpv', from: 2014, newPrice: 340_000, retention: 0.89, variants: [['1.5 SX', M, 'Petrol'], ['1.5 S Auto', A, 'Petrol', 2022], ['1.5 TX', M, 'Petrol', 2014, 2021]] },
    { model: 'Rumion', body: 'mpv', from: 2022, newPrice: 330_000, retention: 0.89, variants: [['1.5 S', M, 'Petrol'], ['1.5 TX Auto', A, 'Petrol']] },
  ] },
  { make: 'Suzuki', weight: 4, models: [
    { model: 'Ertiga', body: 'mpv', from: 2019, newPrice: 320_000, retention: 0.9, variants: [['1.5 GL', M, 'Petrol'], ['1.5 GX Auto', A, 'Petrol'], ['1.5 Sport', M, 'Petrol', 2022]] },
  ] },
  { make: 'Mitsubishi', weight: 2, models: [
    { model: 'Xpander', body: 'mpv', from: 2022, newPrice: 380_000, retention: 0.87, variants: [['1.5 Auto', A, 'Petrol'], ['1.5', M, 'Petrol'], ['1.5 Cross Auto', A, 'Petrol', 2024]] },
  ] },
  { make: 'Kia', weight: 2, models: [
    { model: 'Carnival', body: 'mpv', from: 2014, newPrice: 1_000_000, retention: 0.86, variants: [['2.2CRDi EX+ Auto', A, 'Diesel'], ['2.2CRDi SXL Auto', A, 'Diesel', 2021]] },
  ] },
  { make: 'Honda', weight: 1, models: [
    { model: 'BR-V', body: 'mpv', from: 2017, newPrice: 400_000, retention: 0.87, variants: [['1.5 Comfort CVT', A, 'Petrol'], ['1.5 Elegance CVT', A, 'Petrol'], ['1.5 Trend', M, 'Petrol']] },
  ] },
];

/** The drawing's shape of a make and model: its own when it has one, else its body type's. */
export function silhouetteOf(make: string, model: string, body: BodyType): Silhouette {
  const m = [...USED_CATALOGUE, ...MPV_CATALOGUE]
    .filter((mk) => mk.make === make)
    .flatMap((mk) => mk.models)
    .find((md) => md.model === model);
  return m?.art ?? body;
}
