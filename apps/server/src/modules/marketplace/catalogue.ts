/**
 * The seeded marketplace (docs/product/marketplace.md): 18 synthetic personas, ids 1–18. Models 5,
 * 11 and 12 are placeholders (n/a attributes, age 0); model 1 is live; the others start with 1 to 3
 * of their 5 licences held. `look` drives the illustrated portraits Muse draws for them.
 */
export type TPortraitLook = {
  skin: string;
  hairColor: string;
  /** Hair styles of the avataaars illustration set. */
  hairStyles: string[];
  /** Clothing colours, one picked per portrait. */
  palette: string[];
  /** Two background gradient stops. */
  backdrop: [string, string];
};

export type TCatalogueModel = {
  id: number;
  name: string;
  age: number;
  hair: string;
  body: string;
  ethnicity: string;
  about: string | null;
  isLive: boolean;
  isBlackedOut: boolean;
  seededClaims: number;
  look: TPortraitLook | null;
};

const available = (
  id: number,
  name: string,
  age: number,
  hair: string,
  body: string,
  ethnicity: string,
  seededClaims: number,
  about: string,
  look: TPortraitLook,
): TCatalogueModel => ({
  id,
  name,
  age,
  hair,
  body,
  ethnicity,
  about,
  isLive: id === 1,
  isBlackedOut: false,
  seededClaims,
  look,
});

const placeholder = (id: number): TCatalogueModel => ({
  id,
  name: 'Coming Soon',
  age: 0,
  hair: 'n/a',
  body: 'n/a',
  ethnicity: 'n/a',
  about: null,
  isLive: false,
  isBlackedOut: true,
  seededClaims: 0,
  look: null,
});

export const MARKETPLACE_CATALOGUE: readonly TCatalogueModel[] = [
  available(
    1,
    'Sienna Vale',
    24,
    'Blonde',
    'Slim',
    'Caucasian',
    3,
    'A sun-kissed lifestyle creator with a soft, editorial look. Sienna shines in golden-hour fashion shoots, café mornings and beach-club stories, and her audience follows her for outfit ideas and slow-living routines.',
    {
      skin: 'ffdbb4',
      hairColor: 'd6b370',
      hairStyles: ['straight01', 'bigHair', 'straightAndStrand'],
      palette: ['ff488e', 'e6e6e6', 'ffafb9'],
      backdrop: ['#3b1d4a', '#c2417a'],
    },
  ),
  available(
    2,
    'Maya Reyes',
    26,
    'Brunette',
    'Athletic',
    'Latina',
    2,
    'Maya is a high-energy fitness persona: gym sessions, running clubs and meal prep. Her content mixes motivation with practical tips, which makes her a natural fit for sportswear and nutrition brands.',
    {
      skin: 'd08b5b',
      hairColor: '4a312c',
      hairStyles: ['longButNotTooLong', 'curvy', 'bun'],
      palette: ['ff5c5c', '262e33', '65c9ff'],
      backdrop: ['#1e2a4a', '#7c3aed'],
    },
  ),
  available(
    3,
    'Aiko Tan',
    23,
    'Black',
    'Petite',
    'East Asian',
    1,
    'A playful tech and gaming creator who unboxes gadgets, streams cosy games and reviews desk setups. Aiko speaks to a young, online audience that loves neon aesthetics and honest recommendations.',
    {
      skin: 'edb98a',
      hairColor: '2c1b18',
      hairStyles: ['bob', 'straight02', 'bun'],
      palette: ['a7ffc4', '5199e4', '262e33'],
      backdrop: ['#0f2a3a', '#2563eb'],
    },
  ),
  available(
    4,
    'Zara Okafor',
    27,
    'Black, curly',
    'Curvy',
    'African',
    2,
    'Zara is a beauty and skincare persona known for bold colour, glowing skin and confident tutorials. She is made for make-up launches, hair care and self-care campaigns.',
    {
      skin: '614335',
      hairColor: '2c1b18',
      hairStyles: ['curly', 'fro', 'froBand'],
      palette: ['ffffb1', 'ff488e', 'e6e6e6'],
      backdrop: ['#3a1a2e', '#db2777'],
    },
  ),
  placeholder(5),
  available(
    6,
    'Lena Novak',
    25,
    'Red',
    'Slim',
    'Caucasian',
    2,
    'A travel storyteller with a camera always in hand: mountain towns, night trains and hidden restaurants. Lena suits travel brands, luggage and outdoor gear with a cinematic, adventurous tone.',
    {
      skin: 'ffdbb4',
      hairColor: 'c93305',
      hairStyles: ['miaWallace', 'straightAndStrand', 'longButNotTooLong'],
      palette: ['25557c', 'e6e6e6', 'a7ffc4'],
      backdrop: ['#132a2a', '#0d9488'],
    },
  ),
  available(
    7,
    'Priya Sharma',
    24,
    'Black',
    'Slim',
    'South Asian',
    1,
    'Priya cooks vibrant, home-style food with a modern twist and shares quick recipes, market visits and kitchen hacks. Warm and funny, she fits cookware, grocery and restaurant partnerships.',
    {
      skin: 'd08b5b',
      hairColor: '2c1b18',
      hairStyles: ['longButNotTooLong', 'straight01', 'bun'],
      palette: ['ffafb9', 'ffffb1', 'ff5c5c'],
      backdrop: ['#3a230f', '#ea580c'],
    },
  ),
  available(
    8,
    'Camila Duarte',
    28,
    'Brunette, wavy',
    'Curvy',
    'Latina',
    3,
    'A lifestyle and home persona: interior makeovers, plants, weekend markets and easy entertaining. Camila brings a warm, aspirational style to home, décor and fashion brands.',
    {
      skin: 'edb98a',
      hairColor: '724133',
      hairStyles: ['curvy', 'bigHair', 'longButNotTooLong'],
      palette: ['e6e6e6', 'ff488e', '3c4f5c'],
      backdrop: ['#2a1a3a', '#a855f7'],
    },
  ),
  available(
    9,
    'Noor Haddad',
    26,
    'Dark brown',
    'Athletic',
    'Middle Eastern',
    2,
    'Noor focuses on wellness: yoga at sunrise, breathing practices and balanced routines. Calm and thoughtful, she is a strong match for wellness apps, activewear and mindful living.',
    {
      skin: 'd08b5b',
      hairColor: '4a312c',
      hairStyles: ['straight02', 'longButNotTooLong', 'bun'],
      palette: ['b1e2ff', 'e6e6e6', 'a7ffc4'],
      backdrop: ['#102a3a', '#0891b2'],
    },
  ),
  available(
    10,
    'Harper Quinn',
    22,
    'Platinum blonde',
    'Petite',
    'Caucasian',
    1,
    'Harper is a music and nightlife persona: studio sessions, festival looks and playlists. Her edgy style suits fashion drops, headphones and event promotions.',
    {
      skin: 'ffdbb4',
      hairColor: 'ecdcbf',
      hairStyles: ['shortWaved', 'bob', 'straight01'],
      palette: ['262e33', 'ff488e', '929598'],
      backdrop: ['#1a1a2e', '#6d28d9'],
    },
  ),
  placeholder(11),
  placeholder(12),
  available(
    13,
    'Imani Brooks',
    25,
    'Black, braids',
    'Athletic',
    'African American',
    2,
    'Imani is a basketball-loving fitness and streetwear creator with a big, loyal community. Her content blends training clips with sneaker culture and city style.',
    {
      skin: 'ae5d29',
      hairColor: '2c1b18',
      hairStyles: ['dreads', 'dreads01', 'froBand'],
      palette: ['ff5c5c', '262e33', 'ffffff'],
      backdrop: ['#2a1010', '#dc2626'],
    },
  ),
  available(
    14,
    'Mei Lin',
    27,
    'Brown',
    'Slim',
    'East Asian',
    3,
    'A minimalist fashion persona with a love for clean lines, capsule wardrobes and gallery visits. Mei is ideal for premium fashion, accessories and design-led brands.',
    {
      skin: 'edb98a',
      hairColor: '4a312c',
      hairStyles: ['straight01', 'bob', 'straightAndStrand'],
      palette: ['e6e6e6', '262e33', 'ffafb9'],
      backdrop: ['#22222e', '#64748b'],
    },
  ),
  available(
    15,
    'Sofia Marino',
    29,
    'Auburn',
    'Curvy',
    'Mediterranean',
    1,
    'Sofia shares coastal food and travel: seafood markets, vineyards and long lunches by the sea. Her content suits hospitality, food and travel partners with an elegant, warm tone.',
    {
      skin: 'edb98a',
      hairColor: 'a55728',
      hairStyles: ['curvy', 'bigHair', 'longButNotTooLong'],
      palette: ['65c9ff', 'e6e6e6', 'ffffb1'],
      backdrop: ['#0f2440', '#0284c7'],
    },
  ),
  available(
    16,
    'Ava Sinclair',
    23,
    'Brunette',
    'Athletic',
    'Mixed',
    2,
    'Ava is an outdoors persona: hiking, climbing and van-life weekends. Adventurous and down to earth, she fits outdoor apparel, camping gear and sustainable brands.',
    {
      skin: 'd08b5b',
      hairColor: '724133',
      hairStyles: ['longButNotTooLong', 'shaggy', 'bun'],
      palette: ['a7ffc4', '25557c', 'ff5c5c'],
      backdrop: ['#14291a', '#16a34a'],
    },
  ),
  available(
    17,
    'Leila Karimi',
    24,
    'Black',
    'Petite',
    'Middle Eastern',
    1,
    'Leila is an artist persona: painting, ceramics and studio vlogs with a dreamy colour palette. She suits art supplies, creative software and handmade goods.',
    {
      skin: 'd08b5b',
      hairColor: '2c1b18',
      hairStyles: ['bigHair', 'curvy', 'straight02'],
      palette: ['ffafb9', 'b1e2ff', 'ffffb1'],
      backdrop: ['#2e1a3a', '#c026d3'],
    },
  ),
  available(
    18,
    'Freya Lindqvist',
    26,
    'Blonde',
    'Tall',
    'Scandinavian',
    2,
    'Freya is a Nordic travel and wellness persona: saunas, fjords and cosy cabin mornings. Her serene, natural style suits skincare, knitwear and travel brands.',
    {
      skin: 'ffdbb4',
      hairColor: 'b58143',
      hairStyles: ['straightAndStrand', 'bun', 'straight01'],
      palette: ['e6e6e6', '3c4f5c', 'b1e2ff'],
      backdrop: ['#16243a', '#3b82f6'],
    },
  ),
];

export const PORTRAITS_PER_MODEL = 5;
