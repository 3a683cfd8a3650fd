/** Blog posts, part 2: ownership, servicing and buying. */
import type { PostSpec } from './blog.ts';

export const POSTS_2: readonly PostSpec[] = [
  {
    slug: 'subaru-service-intervals',
    title: 'Service intervals: what your Subaru needs and when',
    description:
      'How often to service a Subaru, what happens at a minor and a major service, and why the CVT needs attention too.',
    date: '2025-02-11',
    author: 'Sipho Dlamini',
    keywords: ['service intervals', 'Subaru service', 'service plan', 'CVT', 'maintenance'],
    art: { scene: 'workshop', body: 'suv', color: '#1f3f7a' },
    blocks: [
      [
        'p',
        'Regular servicing keeps your Subaru reliable, protects its resale value and keeps your warranty intact. Here is what to expect.',
      ],
      ['h2', 'How often'],
      [
        'p',
        'Most current Subaru models are serviced every 15 000 km or 12 months, whichever comes first. Cars that tow, spend their lives on dusty gravel or do mostly short trips benefit from shorter intervals; your service advisor can recommend a schedule.',
      ],
      ['h2', 'Minor and major services'],
      [
        'ul',
        [
          'Minor: engine oil and filter, a multi-point inspection and a software check',
          'Major: adds spark plugs, air and cabin filters, brake fluid and a closer look at the drivetrain',
          'Lineartronic CVT fluid is inspected at set intervals and replaced when the schedule calls for it',
        ],
      ],
      ['h2', 'Why genuine parts matter'],
      [
        'p',
        'The Boxer engine and Symmetrical AWD are engineered as a system. Genuine filters and the specified oil grade keep it working as designed, and your service book stamped by an accredited dealer is worth real money when you sell.',
      ],
      ['quote', 'A full dealer service history is one of the first things buyers and banks ask about.'],
    ],
  },
  {
    slug: 'used-car-buying-checklist',
    title: 'Buying a used car: a checklist',
    description:
      'Paperwork, a walk-around, the test drive and finance: what to check before you sign for a pre-owned car.',
    date: '2025-04-16',
    author: 'Thandi Mokoena',
    keywords: ['used car', 'pre-owned', 'buying checklist', 'test drive', 'vehicle finance'],
    art: { scene: 'city', body: 'hatch', color: '#c7c9cb' },
    blocks: [
      [
        'p',
        'A good pre-owned car is one of the best-value purchases you can make, as long as you know what you are buying. Use this checklist at any dealer, including ours.',
      ],
      ['h2', 'Paperwork first'],
      [
        'ul',
        [
          'Registration papers in the seller’s or dealer’s name',
          'Service book with stamps that match the odometer',
          'VIN on the papers matches the car',
          'Balance of any service or maintenance plan in writing',
        ],
      ],
      ['h2', 'The walk-around'],
      [
        'p',
        'Look along each side in good light for ripples and paint that does not match. Check panel gaps, tyre wear (uneven wear can mean alignment problems) and the windscreen for chips in the driver’s line of sight.',
      ],
      ['h2', 'The test drive'],
      [
        'p',
        'Start the engine from cold if you can. Drive on a mix of roads, including a stretch at highway speed. The car should track straight, brake without pulling and change gear smoothly. Listen for knocks over speed bumps.',
      ],
      ['h2', 'Finance and the fine print'],
      [
        'p',
        'Compare the total cost of credit, not only the monthly instalment. A balloon payment lowers instalments but leaves a large amount due at the end of the term.',
      ],
    ],
  },
  {
    slug: 'best-trade-in-value',
    title: 'How to get the best trade-in value for your car',
    description:
      'Simple steps that add real rands to your trade-in offer, from service records to a proper valet.',
    date: '2025-07-01',
    author: 'Thandi Mokoena',
    keywords: ['trade-in', 'car value', 'selling your car', 'valuation', 'pre-owned'],
    art: { scene: 'city', body: 'sedan', color: '#5a5e62' },
    blocks: [
      [
        'p',
        'Your trade-in is often the biggest part of your deposit on the next car. A little effort before the valuation can make a noticeable difference.',
      ],
      ['h2', 'Gather the paperwork'],
      [
        'p',
        'Bring the service book, both keys, the spare wheel and the settlement letter from your bank if the car is still financed. Missing keys alone can cost you a few thousand rand.',
      ],
      ['h2', 'Fix the small things'],
      [
        'ul',
        [
          'Replace blown bulbs and worn wiper blades',
          'Repair windscreen chips before they become cracks',
          'Have a professional valet clean the interior',
        ],
      ],
      ['h2', 'Be realistic about the market'],
      [
        'p',
        'Trade prices are based on recent auction and retail data for the same model, year and mileage. Popular colours and automatic gearboxes usually fetch more; heavily modified cars usually fetch less.',
      ],
      ['quote', 'Our valuations are free, take about twenty minutes and are valid for seven days.'],
    ],
  },
  {
    slug: 'choosing-tyres-for-south-african-roads',
    title: 'Choosing the right tyres for your Subaru',
    description:
      'Highway, all-terrain or performance? How to choose tyres for South African conditions and why AWD needs four matching tyres.',
    date: '2025-11-18',
    author: 'Pieter van der Merwe',
    keywords: ['tyres', 'all-terrain tyres', 'tyre pressure', 'Symmetrical AWD', 'tyre rotation'],
    art: { scene: 'gravel', body: 'suv', color: '#d3622a' },
    blocks: [
      [
        'p',
        'Tyres are the only part of the car that touches the road, so they deserve more thought than the cheapest price on the day.',
      ],
      ['h2', 'Match the tyre to your driving'],
      [
        'ul',
        [
          'Highway terrain: quiet and economical for mostly tar driving',
          'All-terrain: tougher sidewalls for regular gravel and farm roads',
          'Performance: more grip and sharper steering for the WRX and BRZ',
        ],
      ],
      ['h2', 'Four of a kind'],
      [
        'p',
        'All-wheel-drive cars need all four tyres to be the same size, make and model, with similar tread depth. A big difference between front and rear makes the drivetrain work against itself. Rotate tyres at every service to keep wear even.',
      ],
      ['h2', 'Pressure and tread'],
      [
        'p',
        'Check pressures monthly when the tyres are cold. The legal minimum tread depth in South Africa is 1 mm, but wet-weather grip drops well before that; we recommend replacing at 3 mm.',
      ],
    ],
  },
  {
    slug: 'wet-weather-driving-cape-winter',
    title: 'Driving safely through a Cape winter',
    description: 'Rain, wind and early darkness: practical tips for winter driving in the Western Cape.',
    date: '2026-06-10',
    author: 'Lauren Jacobs',
    keywords: ['winter driving', 'rain', 'aquaplaning', 'Cape Town', 'road safety'],
    art: { scene: 'table-mountain', body: 'hatch', color: '#b3121c' },
    blocks: [
      [
        'p',
        'The first winter rains in Cape Town lift months of oil and rubber off the roads, and the surface becomes slippery. A few habits make a real difference.',
      ],
      ['h2', 'See and be seen'],
      [
        'p',
        'Switch on your headlights in rain, not only at night. Replace wiper blades that leave streaks and keep the inside of the windscreen clean to reduce glare from oncoming lights.',
      ],
      ['h2', 'Avoid aquaplaning'],
      [
        'ul',
        [
          'Slow down when water pools on the road',
          'Keep tyre pressures at the recommended level',
          'If the steering goes light, ease off the accelerator and keep the wheel straight',
        ],
      ],
      ['h2', 'Crosswinds'],
      [
        'p',
        'On exposed stretches such as the N2 near Sir Lowry’s Pass, strong gusts can push a tall car across the lane. Hold the wheel firmly with both hands and slow down, especially with a roof box or trailer.',
      ],
      ['quote', 'EyeSight’s following-distance setting is worth increasing in the wet.'],
    ],
  },
];
