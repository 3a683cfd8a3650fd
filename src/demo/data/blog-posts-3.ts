/** Blog posts, part 3: the range and its technology. */
import type { PostSpec } from './blog.ts';

export const POSTS_3: readonly PostSpec[] = [
  {
    slug: 'new-forester-family-suv',
    title: 'Six reasons the new Forester is our favourite family SUV',
    description:
      'Space, visibility, safety and real all-wheel drive: why the sixth-generation Forester suits South African families.',
    date: '2025-09-12',
    author: 'Ayesha Patel',
    keywords: ['Subaru Forester', 'family SUV', 'new Forester', 'EyeSight', 'X-MODE'],
    art: { scene: 'mountain-dusk', body: 'suv', color: '#1f3f7a' },
    blocks: [
      [
        'p',
        'The new Forester arrived in South Africa this year, and after a few thousand kilometres of school runs, holidays and the odd farm road, we have a clear picture of why families love it.',
      ],
      ['h2', 'The six reasons'],
      [
        'ul',
        [
          'A big, square glasshouse that makes it easy to see out and to park',
          'Rear doors that open wide enough for car seats',
          'A flat, wide boot with a power tailgate',
          'Symmetrical AWD and X-MODE as standard on every model',
          'EyeSight driver assist on every model',
          'A new e-Boxer hybrid option for lower fuel use',
        ],
      ],
      ['h2', 'Built for real roads'],
      [
        'p',
        'With 220 mm of ground clearance, the Forester handles gravel, speed bumps and steep driveways without fuss. The suspension is tuned for comfort first, so it stays calm over rough surfaces.',
      ],
      ['quote', 'The Forester feels like a car designed by people who actually go camping.'],
      ['h2', 'Try one'],
      [
        'p',
        'Book a test drive at any of our dealerships and bring the family along. Fitting your own car seats is the best test there is.',
      ],
    ],
  },
  {
    slug: 'crosstrek-e-boxer-hybrid-explained',
    title: 'How the Crosstrek e-Boxer hybrid works',
    description:
      'A self-charging hybrid with all-wheel drive: what the electric motor does and where it saves fuel.',
    date: '2026-02-03',
    author: 'Pieter van der Merwe',
    keywords: ['Crosstrek', 'e-Boxer', 'hybrid', 'fuel economy', 'self-charging hybrid'],
    art: { scene: 'city', body: 'suv', color: '#6c8fb0' },
    blocks: [
      [
        'p',
        'The Crosstrek e-Boxer combines the familiar 2.0-litre Boxer engine with a compact electric motor built into the Lineartronic transmission. There is no plug: the battery charges itself when you slow down.',
      ],
      ['h2', 'Where it helps'],
      [
        'ul',
        [
          'Pulling away: the motor fills in before the engine reaches its best torque',
          'Stop-start traffic: low-speed creeping can be done on electric power',
          'Braking: energy that would be lost as heat goes back into the battery',
        ],
      ],
      ['h2', 'Still a proper Subaru'],
      [
        'p',
        'The hybrid system sits within the same symmetrical layout, so the Crosstrek keeps its balance, its 220 mm ground clearance and full-time all-wheel drive.',
      ],
      ['h2', 'Is it right for you?'],
      [
        'p',
        'If most of your driving is in town or in heavy traffic on the N1 or N3, the hybrid will save the most fuel. For long, steady highway journeys the difference is smaller.',
      ],
    ],
  },
  {
    slug: 'solterra-charging-in-south-africa',
    title: 'Charging an electric Subaru in South Africa',
    description:
      'Home charging, public fast chargers and load-shedding: a practical guide for Solterra owners.',
    date: '2026-04-22',
    author: 'Ayesha Patel',
    keywords: ['Solterra', 'electric vehicle', 'EV charging', 'load shedding', 'wall box'],
    art: { scene: 'table-mountain', body: 'suv', color: '#9aa3a8' },
    blocks: [
      [
        'p',
        'The Solterra is Subaru’s first all-electric SUV. Living with it is easy once you have a charging routine.',
      ],
      ['h2', 'Charge at home'],
      [
        'p',
        'Most owners charge overnight with a 7 kW wall box, which takes an empty battery to full in about eleven hours. A normal wall plug works in an emergency, but it is slow.',
      ],
      ['h2', 'Public charging'],
      [
        'ul',
        [
          'DC fast chargers along the N1, N2 and N3 add around 200 km in half an hour',
          'Shopping-centre AC chargers are handy while you shop',
          'Charging apps show which chargers are working before you arrive',
        ],
      ],
      ['h2', 'Planning around power cuts'],
      [
        'p',
        'Schedule home charging for times when power is most reliable, and keep the battery between 20% and 80% for everyday use. Many owners pair the wall box with a rooftop solar system.',
      ],
      [
        'quote',
        'Think of the battery like a phone: top it up when it is convenient, rather than waiting for it to run flat.',
      ],
    ],
  },
  {
    slug: 'x-mode-explained',
    title: 'X-MODE: what the buttons do',
    description:
      'Subaru’s X-MODE takes over throttle, transmission and brakes for low-grip surfaces. Here is when to use each setting.',
    date: '2026-07-15',
    author: 'Sipho Dlamini',
    keywords: ['X-MODE', 'hill descent control', 'off-road', 'Subaru Outback', 'Subaru Forester'],
    art: { scene: 'gravel', body: 'wagon', color: '#4b5a3c' },
    blocks: [
      [
        'p',
        'X-MODE is a single button on the centre console of the Forester, Outback, Crosstrek and Solterra, with more capability behind it than most drivers realise.',
      ],
      ['h2', 'What it changes'],
      [
        'p',
        'At low speeds X-MODE softens the throttle response, holds the transmission in a lower ratio, strengthens the all-wheel-drive engagement and lets the traction control brake a spinning wheel harder.',
      ],
      ['h2', 'Snow/Dirt and Deep Snow/Mud'],
      [
        'ul',
        [
          'Snow/Dirt: for gravel, sand and wet grass',
          'Deep Snow/Mud: allows a little more wheel spin to dig through deep, soft surfaces',
          'Hill descent control: holds a steady crawl down steep slopes while you steer',
        ],
      ],
      ['h2', 'Good habits'],
      [
        'p',
        'Engage X-MODE before you reach the difficult section, not halfway through it. Walk steep or rocky sections first if you are unsure, and remember that ground clearance, not traction, is usually the limit.',
      ],
    ],
  },
  {
    slug: 'why-subaru-builds-boxer-engines',
    title: 'Why Subaru builds Boxer engines',
    description:
      'Horizontally-opposed pistons, a low centre of gravity and smooth running: the story behind Subaru’s signature engine.',
    date: '2026-10-06',
    author: 'Thandi Mokoena',
    keywords: ['Boxer engine', 'horizontally opposed', 'centre of gravity', 'Subaru history', 'engineering'],
    art: { scene: 'coastal', body: 'coupe', color: '#1e4da1' },
    blocks: [
      [
        'p',
        'Every petrol Subaru sold in South Africa has a Boxer engine, in which the pistons lie flat and move towards and away from each other like a boxer’s fists.',
      ],
      ['h2', 'Lower and smoother'],
      [
        'p',
        'Because the engine is flat, it sits lower in the car, which lowers the centre of gravity and reduces body roll. Opposing pistons also cancel out each other’s vibrations, so the engine runs smoothly without heavy balance shafts.',
      ],
      ['h2', 'Made for all-wheel drive'],
      [
        'p',
        'A short, flat engine lines up neatly with the transmission and the propeller shaft, which is what makes the symmetrical all-wheel-drive layout possible.',
      ],
      [
        'ul',
        [
          'Subaru has built Boxer engines since 1966',
          'Naturally aspirated versions power the Impreza, Crosstrek, Forester and BRZ',
          'Turbocharged versions power the WRX and Outback Touring XT',
        ],
      ],
      ['quote', 'You can hear a Boxer before you see it: that off-beat rumble is part of the character.'],
    ],
  },
];
