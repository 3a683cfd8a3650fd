/**
 * The Subaru South Africa new-car range as plain facts: models, variants, outputs, gearboxes,
 * 2026 list prices (rands) and paint colours with their factory names. range.ts turns these
 * into table rows and file names; keeping the facts here makes them easy to check and update.
 */
import type { BodyType, Colour } from './common.ts';

interface VariantSpec {
  variant: string;
  description: string;
  power: number; // kW
  torque: number; // Nm
  transmission: number; // speeds; Lineartronic CVT counts its 8 stepped ratios
  transmission_type: string;
  fuel_type: 'Petrol' | 'Hybrid' | 'Electric';
  engine: string;
  price: number;
  extras: string[]; // features on top of the model's standard list
}

export interface ModelSpec {
  model: string;
  body: BodyType;
  drivetrain?: string; // default 'Symmetrical AWD'
  tagline: string;
  description: string;
  standard: string[];
  colours: Colour[];
  variants: VariantSpec[];
}

const c = (name: string, hex: string): Colour => ({ name, hex });
const WHITE = c('Crystal White Pearl', '#f4f4f2');
const BLACK = c('Crystal Black Silica', '#111214');
const GREY = c('Magnetite Grey Metallic', '#5a5e62');
const SILVER = c('Ice Silver Metallic', '#c7c9cb');
const SAPPHIRE = c('Sapphire Blue Pearl', '#1f3f7a');
const WR_BLUE = c('WR Blue Pearl', '#1e4da1');

const CVT = 'Lineartronic CVT';
const BOXER_20 = '2.0-litre horizontally-opposed 4-cylinder Boxer';
const BOXER_25 = '2.5-litre horizontally-opposed 4-cylinder Boxer';

// biome-ignore format: one variant per entry keeps the range table scannable
export const RANGE: readonly ModelSpec[] = [
  {
    model: 'Impreza', body: 'hatch',
    tagline: 'The everyday hatch with all-wheel drive as standard',
    description:
      'The Impreza is the compact five-door that brings Symmetrical AWD and EyeSight driver assist to the hatchback class. A stiff Subaru Global Platform and a low-slung Boxer engine give it a planted, quiet ride on the daily commute and the long weekend away.',
    standard: ['Symmetrical AWD', 'EyeSight driver assist', '11.6-inch multimedia touchscreen', 'Apple CarPlay and Android Auto', 'Reverse camera'],
    colours: [WHITE, SILVER, GREY, BLACK, SAPPHIRE, c('Sunrise Yellow', '#e3a823')],
    variants: [
      { variant: '2.0i', power: 115, torque: 196, transmission: 8, transmission_type: CVT, fuel_type: 'Petrol', engine: BOXER_20, price: 529_000,
        description: 'The entry to the Impreza range pairs the 2.0-litre Boxer with a smooth Lineartronic CVT. It is the sensible all-wheel-drive hatch for city streets and wet Highveld afternoons.',
        extras: ['17-inch alloy wheels', 'Dual-zone climate control'] },
      { variant: '2.0i-S ES', power: 115, torque: 196, transmission: 8, transmission_type: CVT, fuel_type: 'Petrol', engine: BOXER_20, price: 609_000,
        description: 'The flagship Impreza adds leather, a power driver seat and Subaru Rear Vehicle Detection. It keeps the same frugal Boxer but feels a class above in comfort and equipment.',
        extras: ['18-inch alloy wheels', 'Leather seats', 'Power driver seat', 'Blind-spot monitoring'] },
    ],
  },
  {
    model: 'Crosstrek', body: 'suv',
    tagline: 'Compact crossover, 220 mm of ground clearance',
    description:
      'The Crosstrek is a compact crossover built for gravel roads and city parking alike, with 220 mm of ground clearance and X-MODE. It replaces the XV and now offers an e-Boxer hybrid for lower fuel use in traffic.',
    standard: ['Symmetrical AWD', 'X-MODE', '220 mm ground clearance', 'EyeSight driver assist', 'Apple CarPlay and Android Auto'],
    colours: [WHITE, GREY, BLACK, c('Horizon Blue Pearl', '#6c8fb0'), c('Sun Blaze Pearl', '#d3622a'), c('Oasis Blue', '#4f86a0')],
    variants: [
      { variant: '2.0i', power: 115, torque: 196, transmission: 8, transmission_type: CVT, fuel_type: 'Petrol', engine: BOXER_20, price: 579_000,
        description: 'The Crosstrek 2.0i brings rugged looks and real all-wheel-drive ability at an accessible price. Roof rails, cladding and X-MODE make it ready for the farm road to the weekend cottage.',
        extras: ['17-inch alloy wheels', 'Roof rails'] },
      { variant: '2.0i-S ES', power: 115, torque: 196, transmission: 8, transmission_type: CVT, fuel_type: 'Petrol', engine: BOXER_20, price: 659_000,
        description: 'The 2.0i-S ES adds leather, a sunroof and 18-inch wheels to the Crosstrek recipe. It is the one to choose when the commute matters as much as the adventure.',
        extras: ['18-inch alloy wheels', 'Electric sunroof', 'Leather seats'] },
      { variant: '2.0 e-Boxer S ES', power: 110, torque: 196, transmission: 8, transmission_type: CVT, fuel_type: 'Hybrid', engine: `${BOXER_20} with 12.3 kW electric motor (e-Boxer)`, price: 699_000,
        description: 'The Crosstrek e-Boxer adds an electric motor to the Boxer engine for smoother pull-away and lower consumption in stop-start traffic. It charges itself while you drive, so there is nothing to plug in.',
        extras: ['Self-charging hybrid', '18-inch alloy wheels', 'Leather seats'] },
    ],
  },
  {
    model: 'Forester', body: 'suv',
    tagline: 'Family SUV with proper all-wheel-drive credentials',
    description:
      'The Forester is the family SUV that does not mind a muddy campsite. A big glasshouse, a flat load floor and Symmetrical AWD with X-MODE make it as practical on the school run as on a Drakensberg pass.',
    standard: ['Symmetrical AWD', 'X-MODE with hill descent control', 'EyeSight driver assist', 'Power tailgate', 'Roof rails'],
    colours: [WHITE, GREY, SAPPHIRE, BLACK, c('Autumn Green Metallic', '#4b5a3c'), c('Brilliant Bronze Metallic', '#7a5a3a')],
    variants: [
      { variant: '2.5i', power: 136, torque: 239, transmission: 8, transmission_type: CVT, fuel_type: 'Petrol', engine: BOXER_25, price: 649_000,
        description: 'The Forester 2.5i gives you the full Subaru SUV experience: 2.5-litre Boxer, X-MODE and EyeSight. It is the practical choice for growing families.',
        extras: ['17-inch alloy wheels', 'Cloth seats with water-repellent finish'] },
      { variant: '2.5i Sport', power: 136, torque: 239, transmission: 8, transmission_type: CVT, fuel_type: 'Petrol', engine: BOXER_25, price: 719_000,
        description: 'The Forester Sport adds orange accents, dark 18-inch wheels and Dual-Function X-MODE for deeper snow and mud. It is the most outdoorsy Forester in the range.',
        extras: ['18-inch dark alloy wheels', 'Dual-Function X-MODE', 'Sport accents'] },
      { variant: '2.5i-S ES', power: 136, torque: 239, transmission: 8, transmission_type: CVT, fuel_type: 'Petrol', engine: BOXER_25, price: 779_000,
        description: 'The 2.5i-S ES is the luxury Forester with Nappa leather, a panoramic sunroof and a Harman Kardon sound system. Every comfort feature Subaru offers comes standard.',
        extras: ['Nappa leather seats', 'Panoramic sunroof', 'Harman Kardon audio'] },
      { variant: '2.5 e-Boxer S ES', power: 144, torque: 270, transmission: 8, transmission_type: 'e-CVT', fuel_type: 'Hybrid', engine: `${BOXER_25} strong hybrid (e-Boxer)`, price: 829_000,
        description: 'The Forester e-Boxer pairs the 2.5-litre Boxer with a strong hybrid system for brisk, quiet progress and noticeably lower fuel use. It keeps full Symmetrical AWD and towing ability.',
        extras: ['Strong hybrid', 'Nappa leather seats', 'Panoramic sunroof'] },
    ],
  },
  {
    model: 'Outback', body: 'wagon',
    tagline: 'The original adventure wagon',
    description:
      'The Outback combines estate-car comfort with 213 mm of ground clearance and a cabin built for long distances. It is at home on the N1 and on the gravel road that follows the last town.',
    standard: ['Symmetrical AWD', 'X-MODE', 'EyeSight driver assist', '11.6-inch multimedia touchscreen', 'Power tailgate', 'Roof rails with integrated crossbars'],
    colours: [WHITE, GREY, BLACK, c('Brilliant Bronze Metallic', '#7a5a3a'), c('Autumn Green Metallic', '#4b5a3c'), c('Abyss Blue Pearl', '#1e2f45')],
    variants: [
      { variant: '2.5i Field', power: 138, torque: 245, transmission: 8, transmission_type: CVT, fuel_type: 'Petrol', engine: BOXER_25, price: 769_000,
        description: 'The Outback Field is the rugged one, with water-repellent upholstery and green accents. It has the full Outback cabin space at the most approachable price.',
        extras: ['Water-repellent seats', '18-inch alloy wheels'] },
      { variant: '2.5i-S ES Premium', power: 138, torque: 245, transmission: 8, transmission_type: CVT, fuel_type: 'Petrol', engine: BOXER_25, price: 849_000,
        description: 'The Premium adds Nappa leather, ventilated front seats and a sunroof to the Outback. It is a genuine long-distance cruiser for the whole family.',
        extras: ['Nappa leather seats', 'Ventilated front seats', 'Electric sunroof'] },
      { variant: '2.4T Touring XT', power: 194, torque: 375, transmission: 8, transmission_type: CVT, fuel_type: 'Petrol', engine: '2.4-litre turbocharged horizontally-opposed 4-cylinder Boxer', price: 929_000,
        description: 'The Touring XT brings a 2.4-litre turbocharged Boxer with 194 kW for effortless overtaking and towing. It is the most powerful and best-equipped Outback.',
        extras: ['Turbocharged engine', 'Harman Kardon audio', 'Heated steering wheel'] },
    ],
  },
  {
    model: 'WRX', body: 'sedan',
    tagline: 'Turbocharged, all-wheel-drive performance sedan',
    description:
      'The WRX is Subaru’s rally-bred performance sedan, with a 2.4-litre turbocharged Boxer and Symmetrical AWD. It turns an ordinary drive into an occasion, rain or shine.',
    standard: ['Symmetrical AWD', '2.4-litre turbo Boxer', 'Recaro-style sports seats', '18-inch alloy wheels', 'Apple CarPlay and Android Auto'],
    colours: [WR_BLUE, WHITE, SILVER, GREY, BLACK, c('Solar Orange Pearl', '#e0621b')],
    variants: [
      { variant: '2.4T', power: 202, torque: 350, transmission: 6, transmission_type: '6-speed manual', fuel_type: 'Petrol', engine: '2.4-litre turbocharged horizontally-opposed 4-cylinder Boxer', price: 799_000,
        description: 'The WRX with a six-speed manual is the purist’s choice, with a short-throw shifter and a limited-slip centre differential. It rewards a good road like few cars at its price.',
        extras: ['Limited-slip centre differential', 'Short-throw shifter'] },
      { variant: 'tS 2.4T', power: 202, torque: 350, transmission: 8, transmission_type: 'Subaru Performance Transmission', fuel_type: 'Petrol', engine: '2.4-litre turbocharged horizontally-opposed 4-cylinder Boxer', price: 879_000,
        description: 'The WRX tS adds adaptive dampers, drive modes and the Subaru Performance Transmission with quick eight-step shifts. It also brings EyeSight for relaxed everyday driving.',
        extras: ['Adaptive dampers', 'Drive mode select', 'EyeSight driver assist'] },
    ],
  },
  {
    model: 'BRZ', body: 'coupe', drivetrain: 'Rear-wheel drive',
    tagline: 'Lightweight rear-wheel-drive sports coupe',
    description:
      'The BRZ is a lightweight rear-wheel-drive coupe with a low centre of gravity and a naturally aspirated 2.4-litre Boxer. It is built for driving pleasure rather than lap times.',
    standard: ['Rear-wheel drive', 'Torsen limited-slip differential', '18-inch alloy wheels', 'Digital instrument cluster', 'Apple CarPlay and Android Auto'],
    colours: [WR_BLUE, WHITE, SILVER, GREY, BLACK, c('Ignition Red', '#c01a1f')],
    variants: [
      { variant: '2.4 Manual', power: 174, torque: 250, transmission: 6, transmission_type: '6-speed manual', fuel_type: 'Petrol', engine: '2.4-litre horizontally-opposed 4-cylinder Boxer', price: 689_000,
        description: 'The manual BRZ is the driver’s car of the range, with a slick six-speed gearbox and a free-revving Boxer. It is pure, simple and fun.',
        extras: ['Track mode', 'Sports pedals'] },
      { variant: '2.4 Automatic EyeSight', power: 174, torque: 250, transmission: 6, transmission_type: '6-speed automatic', fuel_type: 'Petrol', engine: '2.4-litre horizontally-opposed 4-cylinder Boxer', price: 729_000,
        description: 'The automatic BRZ keeps the balance and the sound, with a six-speed auto with paddle shifters. It adds EyeSight for everyday peace of mind.',
        extras: ['Paddle shifters', 'EyeSight driver assist'] },
    ],
  },
  {
    model: 'Solterra', body: 'suv', drivetrain: 'Dual-motor AWD',
    tagline: 'All-electric SUV with Subaru all-wheel drive',
    description:
      'The Solterra is Subaru’s first all-electric SUV, with a motor on each axle for true all-wheel drive and X-MODE. It charges at up to 150 kW on a DC fast charger.',
    standard: ['Dual-motor all-wheel drive', 'X-MODE with Grip Control', '71.4 kWh battery', 'DC fast charging up to 150 kW', 'EyeSight driver assist'],
    colours: [WHITE, SILVER, BLACK, c('Harbor Mist Grey Pearl', '#9aa3a8'), c('Cosmic Blue Pearl', '#1d3557')],
    variants: [
      { variant: 'AWD', power: 160, torque: 337, transmission: 1, transmission_type: 'Single-speed reduction gear', fuel_type: 'Electric', engine: 'Dual electric motors, 71.4 kWh lithium-ion battery', price: 1_049_000,
        description: 'The Solterra AWD gives you silent, instant electric torque and a real-world range of about 450 km. It keeps the ground clearance and traction Subaru owners expect.',
        extras: ['20-inch alloy wheels', 'Heat pump'] },
      { variant: 'AWD Touring', power: 160, torque: 337, transmission: 1, transmission_type: 'Single-speed reduction gear', fuel_type: 'Electric', engine: 'Dual electric motors, 71.4 kWh lithium-ion battery', price: 1_099_000,
        description: 'The Touring adds a panoramic glass roof, Harman Kardon audio and a 360-degree camera. It is the most comfortable way to go electric with Subaru.',
        extras: ['Panoramic glass roof', 'Harman Kardon audio', '360-degree camera'] },
    ],
  },
];
