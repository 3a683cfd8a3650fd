/** Blog posts, part 1: driving skills and road trips. */
import type { PostSpec } from './blog.ts';

export const POSTS_1: readonly PostSpec[] = [
  {
    slug: 'garden-route-road-trip-checklist',
    title: 'Preparing your Subaru for a road trip along the Garden Route',
    description:
      'A practical checklist for the drive from Mossel Bay to Storms River, from tyre pressures to packing the roof box.',
    date: '2025-01-14',
    author: 'Lauren Jacobs',
    keywords: ['Garden Route', 'road trip', 'holiday driving', 'Subaru Outback', 'car checklist'],
    art: { scene: 'coastal', body: 'wagon', color: '#1e2f45' },
    blocks: [
      [
        'p',
        'The N2 between Mossel Bay and Storms River is one of the most beautiful drives in the country, and in December it is also one of the busiest. A little preparation before you leave Gauteng or the Cape makes the trip safer and a lot more relaxed.',
      ],
      ['h2', 'A week before you leave'],
      [
        'p',
        'Book a pre-holiday check at your dealer. Our technicians look at brakes, tyres, wipers, the battery and all fluids, and tell you about anything that needs attention before it becomes a roadside problem.',
      ],
      [
        'ul',
        [
          'Check tyre tread and pressures, including the spare',
          'Replace wiper blades that smear',
          'Top up windscreen washer fluid',
          'Make sure your licence disc is valid',
        ],
      ],
      ['h2', 'Loading up'],
      [
        'p',
        'Heavy items go low and forward in the boot, close to the rear seat backs. Light, bulky things belong in the roof box. Remember that a loaded roof raises the centre of gravity, so take mountain passes a little slower than usual.',
      ],
      [
        'quote',
        'Set your tyre pressures for a full load: the correct figures are on the sticker inside the driver’s door frame.',
      ],
      ['h2', 'On the road'],
      [
        'p',
        'Plan fuel stops at George, Knysna and Plettenberg Bay, and stop every two hours to stretch your legs. If you have time, take the Seven Passes Road between George and Knysna: it is gravel in places, which is exactly where Symmetrical AWD shines.',
      ],
    ],
  },
  {
    slug: 'why-symmetrical-awd-matters-on-gravel',
    title: 'Why Symmetrical AWD matters on gravel roads',
    description:
      'South Africa has more gravel road than tar. Here is how Subaru’s all-wheel drive keeps you in control when the surface gets loose.',
    date: '2025-03-05',
    author: 'Pieter van der Merwe',
    keywords: ['Symmetrical AWD', 'gravel roads', 'all-wheel drive', 'Subaru Forester', 'traction'],
    art: { scene: 'gravel', body: 'suv', color: '#4b5a3c' },
    blocks: [
      [
        'p',
        'Most of South Africa’s road network is unpaved. Whether it is the road to a Karoo farm stall or the last ten kilometres to a game lodge, gravel is part of driving here, and it behaves very differently from tar.',
      ],
      ['h2', 'What makes it symmetrical'],
      [
        'p',
        'Subaru mounts the Boxer engine and gearbox in a straight line down the middle of the car. The drive shafts to the left and right wheels are the same length, and the weight is balanced side to side. Power goes to all four wheels all the time, not only when a front wheel starts to slip.',
      ],
      ['h2', 'Why that helps on loose surfaces'],
      [
        'ul',
        [
          'All four tyres share the work of accelerating, so each one is less likely to spin',
          'The car stays balanced through corners instead of pushing wide',
          'Braking and stability control have four gripping wheels to work with',
        ],
      ],
      [
        'quote',
        'On gravel the safest car is the one that does what you expect. Predictability is what Symmetrical AWD is really about.',
      ],
      ['h2', 'Drive to the surface'],
      [
        'p',
        'All-wheel drive improves traction, but it does not change the laws of physics. Keep speeds down on corrugations, leave a long following distance because of dust, and slow down before a corner rather than in it.',
      ],
    ],
  },
  {
    slug: 'eyesight-driver-assist-explained',
    title: 'EyeSight explained: how Subaru’s stereo cameras watch the road',
    description:
      'What EyeSight does, how its two cameras judge distance, and how to get the most out of it on South African roads.',
    date: '2025-05-20',
    author: 'Ayesha Patel',
    keywords: [
      'EyeSight',
      'driver assist',
      'adaptive cruise control',
      'pre-collision braking',
      'Subaru safety',
    ],
    art: { scene: 'city', body: 'suv', color: '#f4f4f2' },
    blocks: [
      [
        'p',
        'EyeSight is the driver-assist system fitted to most new Subarus sold in South Africa. Instead of radar, it uses two colour cameras mounted beside the rear-view mirror, much like a pair of human eyes.',
      ],
      ['h2', 'Two cameras, one picture'],
      [
        'p',
        'Because the cameras sit a short distance apart, EyeSight can work out how far away things are from the difference between the two images. Colour vision also lets it recognise brake lights, pedestrians and cyclists.',
      ],
      ['h2', 'What it does for you'],
      [
        'ul',
        [
          'Adaptive cruise control keeps a set gap to the car ahead, down to a stop in traffic',
          'Pre-collision braking warns you and can brake automatically',
          'Lane departure and sway warnings help on long, tiring drives',
          'Lead vehicle start alert tells you when the traffic ahead has moved off',
        ],
      ],
      ['h2', 'Keep the view clear'],
      [
        'p',
        'EyeSight can only see what the cameras see. Keep the windscreen in front of them clean, and expect the system to pause in heavy rain, dense mist or when driving straight into a low sun. It will tell you when it does.',
      ],
      ['quote', 'EyeSight supports an attentive driver; it never replaces one.'],
    ],
  },
  {
    slug: 'western-cape-mountain-passes',
    title: 'Five Western Cape mountain passes to drive in your Subaru',
    description:
      'From the Swartberg to Franschhoek, five passes that reward a well-balanced all-wheel-drive car and a free weekend.',
    date: '2025-08-09',
    author: 'Lauren Jacobs',
    keywords: ['mountain passes', 'Swartberg Pass', 'Western Cape', 'weekend drives', 'Subaru WRX'],
    art: { scene: 'mountain-dusk', body: 'wagon', color: '#7a5a3a' },
    blocks: [
      [
        'p',
        'The Western Cape has some of the most dramatic roads in Africa, many of them built by Thomas Bain in the 1800s. Here are five favourites for a weekend away.',
      ],
      ['h2', 'The list'],
      [
        'ul',
        [
          'Swartberg Pass between Oudtshoorn and Prince Albert: gravel, steep and spectacular',
          'Franschhoek Pass: tar, tight bends and views over the valley',
          'Du Toitskloof Pass: the old road over the mountains beside the tunnel',
          'Bainskloof Pass near Wellington: narrow, historic and lined with rock walls',
          'Sir Lowry’s Pass: the classic approach to the Overberg',
        ],
      ],
      ['h2', 'Gravel passes need patience'],
      [
        'p',
        'The Swartberg is unpaved and has no barriers on many corners. Use a low gear on the way down so the engine does the braking, and keep to the left on blind bends. X-MODE with hill descent control makes the steepest sections calmer.',
      ],
      ['h2', 'Check before you go'],
      [
        'p',
        'Passes close after heavy rain and the occasional winter snowfall. Check the provincial roads department’s updates before you set off, carry water and tell someone your route.',
      ],
    ],
  },
  {
    slug: 'towing-a-caravan-with-your-subaru',
    title: 'Towing a caravan or trailer with your Forester or Outback',
    description:
      'Towing limits, tow bars, licence codes and driving tips for Subaru owners heading off with a caravan or trailer.',
    date: '2025-10-02',
    author: 'Sipho Dlamini',
    keywords: ['towing', 'caravan', 'Subaru Outback', 'Subaru Forester', 'trailer licence'],
    art: { scene: 'mountain-dusk', body: 'suv', color: '#5a5e62' },
    blocks: [
      [
        'p',
        'A Forester or Outback makes a comfortable, stable tow car for a small caravan, a boat or a utility trailer. Before you hitch up, make sure the combination is legal and safe.',
      ],
      ['h2', 'Know your limits'],
      [
        'p',
        'Your owner’s manual and the vehicle licence list the maximum braked and unbraked towing mass. Stay below them with a full caravan, not an empty one, and check the maximum download on the tow ball.',
      ],
      ['h2', 'Licence and paperwork'],
      [
        'ul',
        [
          'A code B licence covers a trailer up to 750 kg; heavier combinations may need code EB',
          'The caravan or trailer needs its own licence disc and roadworthy certificate',
          'Tell your insurer that you tow',
        ],
      ],
      ['h2', 'Driving with a load behind you'],
      [
        'p',
        'Leave twice the usual following distance, brake early, and take corners wider than you would solo. On long downhill stretches select a lower gear with the paddle shifters so the brakes stay cool.',
      ],
      [
        'quote',
        'Our workshops fit genuine Subaru tow bars with the correct wiring, so your trailer lights and the car’s electronics work together.',
      ],
    ],
  },
];
