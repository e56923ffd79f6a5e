import type { TInfluencerNiche } from '@muse/shared';

/**
 * Curated material the local persona writer draws from, per create-form niche: personality
 * traits, audiences, what the influencer posts about and how they open a description.
 * Combined at random, so 'Generate with AI' gives a different, fitting persona each time.
 */
export type TNicheMaterial = {
  traits: string[];
  audiences: string[];
  topics: string[];
  angles: string[];
};

export const PERSONA_MATERIAL: Record<TInfluencerNiche, TNicheMaterial> = {
  fashion: {
    traits: ['confident', 'playful', 'trend-savvy', 'elegant', 'witty', 'warm', 'bold', 'curious'],
    audiences: [
      'Women 18–30 who shop online and love styling ideas they can copy',
      'Young professionals building a capsule wardrobe on a budget',
      'Streetwear fans who follow drops and limited releases',
      'Fashion students and aspiring stylists looking for inspiration',
    ],
    topics: [
      'outfit formulas for every season',
      'thrift flips and sustainable fashion',
      'runway trends made wearable',
      'capsule wardrobes and smart basics',
      'street style from city to city',
    ],
    angles: [
      'turns everyday outfits into looks worth saving',
      'proves great style does not need a big budget',
      'spots tomorrow’s trends before they hit the high street',
      'shows how one piece can be styled five different ways',
    ],
  },
  fitness: {
    traits: ['energetic', 'disciplined', 'encouraging', 'upbeat', 'honest', 'resilient', 'funny'],
    audiences: [
      'Busy adults 25–40 who want short, effective home workouts',
      'Gym beginners who need clear form tips and motivation',
      'Runners training for their first half marathon',
      'People on a weight-loss journey looking for realistic habits',
    ],
    topics: [
      '20-minute workouts with no equipment',
      'strength training for beginners',
      'meal prep that fuels training',
      'mobility, recovery and sleep',
      'progress check-ins and real results',
    ],
    angles: [
      'makes training feel doable on the busiest days',
      'cuts through fitness myths with simple, science-backed advice',
      'celebrates progress over perfection',
      'shares every rep of the journey, the hard days included',
    ],
  },
  tech: {
    traits: ['curious', 'analytical', 'clear-spoken', 'enthusiastic', 'sceptical', 'geeky', 'calm'],
    audiences: [
      'Early adopters who want honest gadget reviews before buying',
      'Students and young professionals curious about AI tools',
      'Creators looking for the best gear for their setup',
      'Non-technical people who want tech explained simply',
    ],
    topics: [
      'honest gadget reviews and comparisons',
      'AI tools that save real time',
      'desk setups and productivity apps',
      'smartphone tips and hidden features',
      'the week’s tech news in a minute',
    ],
    angles: [
      'tests the hype so followers do not have to',
      'explains complex tech in plain words',
      'finds the tools that actually change how people work',
      'turns unboxings into clear buy-or-skip verdicts',
    ],
  },
  lifestyle: {
    traits: ['warm', 'relatable', 'optimistic', 'creative', 'candid', 'cosy', 'spontaneous'],
    audiences: [
      'Millennials who love slow living, home and daily rituals',
      'Young women looking for wellness and self-care ideas',
      'City dwellers who want weekend plans and small joys',
      'Followers who enjoy day-in-the-life stories and routines',
    ],
    topics: [
      'morning routines and daily rituals',
      'home decor and cosy corners',
      'self-care and mindful habits',
      'weekend plans and hidden local spots',
      'favourite finds of the month',
    ],
    angles: [
      'makes ordinary days feel a little more special',
      'shares the small habits that make life lighter',
      'invites followers into an honest, everyday life',
      'turns routines into moments worth slowing down for',
    ],
  },
  beauty: {
    traits: ['glamorous', 'detail-obsessed', 'friendly', 'expressive', 'honest', 'artistic'],
    audiences: [
      'Makeup lovers 16–30 who follow tutorials and launches',
      'Skincare beginners looking for simple, honest routines',
      'People with sensitive skin searching for products that work',
      'Beauty shoppers who want dupes and value for money',
    ],
    topics: [
      'step-by-step makeup tutorials',
      'skincare routines for every skin type',
      'honest product reviews and dupes',
      'get-ready-with-me sessions',
      'nail art and hair transformations',
    ],
    angles: [
      'breaks every look into steps anyone can follow',
      'tests products honestly, the misses included',
      'helps followers find what works for their own skin',
      'turns a five-minute face into a full glam in one video',
    ],
  },
  gaming: {
    traits: ['competitive', 'hilarious', 'chill', 'strategic', 'hype', 'friendly', 'nerdy'],
    audiences: [
      'Gamers 16–30 who watch streams and highlight clips',
      'Casual players looking for tips to climb the ranks',
      'Fans of indie games who like discovering hidden gems',
      'Console and PC players who follow new releases',
    ],
    topics: [
      'ranked tips and clutch moments',
      'first impressions of new releases',
      'indie gems worth playing',
      'setup tours and gear reviews',
      'funny fails and community challenges',
    ],
    angles: [
      'turns every match into a highlight reel',
      'shares the tricks that actually win games',
      'finds the games nobody is talking about yet',
      'brings the community together with weekly challenges',
    ],
  },
  food: {
    traits: ['cheerful', 'generous', 'adventurous', 'homely', 'playful', 'precise', 'passionate'],
    audiences: [
      'Home cooks who want quick weeknight dinners',
      'Students learning to cook on a budget',
      'Food lovers who travel for the best local dishes',
      'Health-minded eaters looking for tasty, balanced recipes',
    ],
    topics: [
      '15-minute weeknight recipes',
      'budget meal prep for the week',
      'street food and restaurant finds',
      'baking projects for the weekend',
      'healthy swaps that still taste great',
    ],
    angles: [
      'makes cooking feel easy and fun',
      'proves a great dinner needs few ingredients',
      'hunts down the best bites in every city',
      'turns classic recipes into quick modern favourites',
    ],
  },
  travel: {
    traits: ['adventurous', 'free-spirited', 'curious', 'organised', 'romantic', 'easy-going'],
    audiences: [
      'Millennials planning weekend getaways and city breaks',
      'Backpackers looking for budget tips and routes',
      'Couples searching for romantic destinations',
      'Remote workers who travel while they work',
    ],
    topics: [
      'hidden spots away from the crowds',
      'budget itineraries and packing lists',
      'city guides in under a minute',
      'boutique stays and scenic routes',
      'local food and culture on the road',
    ],
    angles: [
      'turns bucket-list places into real, doable plans',
      'shows the world beyond the postcard spots',
      'packs a whole trip into one minute of inspiration',
      'makes travelling on a budget look effortless',
    ],
  },
  finance: {
    traits: ['clear-headed', 'trustworthy', 'practical', 'motivating', 'straight-talking'],
    audiences: [
      'Young adults 20–35 starting to save and invest',
      'Freelancers and creators managing irregular income',
      'People paying off debt who want a simple plan',
      'Beginner investors curious about index funds',
    ],
    topics: [
      'budgeting systems that stick',
      'investing basics without jargon',
      'side hustles and income ideas',
      'saving challenges and money habits',
      'money mistakes to avoid in your twenties',
    ],
    angles: [
      'makes money topics simple and stress-free',
      'breaks big financial goals into small steps',
      'shares real numbers, not just theory',
      'helps followers build wealth one habit at a time',
    ],
  },
  education: {
    traits: ['patient', 'inspiring', 'clear', 'curious', 'encouraging', 'structured', 'fun'],
    audiences: [
      'Students preparing for exams who need study tips',
      'Lifelong learners who love quick lessons and facts',
      'Language learners looking for daily practice',
      'Parents and teachers searching for learning ideas',
    ],
    topics: [
      'study techniques that actually work',
      'one-minute lessons on big ideas',
      'language tips for everyday situations',
      'productivity and focus for learners',
      'surprising facts from science and history',
    ],
    angles: [
      'makes learning feel quick and rewarding',
      'turns hard subjects into bite-sized lessons',
      'helps followers learn something new every day',
      'shares the methods behind top results',
    ],
  },
};
