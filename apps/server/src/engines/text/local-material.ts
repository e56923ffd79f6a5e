/**
 * What Muse's offline text engine writes captions and voice profiles from, per niche: the
 * hashtags that niche's audiences follow, the phrases and emoji its creators tend to use, the
 * words they avoid, and how a caption opens and closes. Curated, not generated: the offline
 * drafts say so (docs/product/drafts.md).
 */
import type { TEmojiHabit, TInfluencerNiche } from '@muse/shared';

export type TCaptionMaterial = {
  hashtags: string[];
  phrases: string[];
  avoids: string[];
  emoji: TEmojiHabit;
  /** The emoji its captions end with, when it writes emoji. */
  marks: string[];
  tone: string;
  /** How a caption opens; `{topic}` is what the picture is about. */
  openers: string[];
  /** How a caption closes: a question or a call to the fans. */
  closers: string[];
};

export const CAPTION_MATERIAL: Record<TInfluencerNiche, TCaptionMaterial> = {
  fashion: {
    hashtags: ['ootd', 'styleinspo', 'outfitideas', 'fashion', 'streetstyle', 'lookbook'],
    phrases: ['obsessed', 'styled it my way', 'save this look', 'outfit formula'],
    avoids: ['cheap', 'basic'],
    emoji: 'few',
    marks: ['✨', '🖤', '👗'],
    tone: 'confident and playful, styling tips told like to a friend',
    openers: ['Today’s look: {topic}.', 'Styled it my way: {topic}.', 'Outfit check: {topic}.'],
    closers: ['Would you wear it?', 'Save it for your next outfit.', 'Which piece would you keep?'],
  },
  fitness: {
    hashtags: ['fitness', 'workout', 'fitnessmotivation', 'homeworkout', 'strengthtraining'],
    phrases: ['let’s go', 'one rep at a time', 'progress over perfection', 'you’ve got this'],
    avoids: ['no pain no gain', 'skinny'],
    emoji: 'few',
    marks: ['💪', '🔥', '🏃'],
    tone: 'energetic and encouraging, honest about the hard days',
    openers: ['Showing up again: {topic}.', 'Today’s session: {topic}.', 'Real talk: {topic}.'],
    closers: ['Who’s training with me?', 'Tag your gym buddy.', 'What are you working on?'],
  },
  tech: {
    hashtags: ['tech', 'gadgets', 'setup', 'productivity', 'techtips'],
    phrases: ['worth it', 'the honest take', 'hidden feature', 'here’s why'],
    avoids: ['revolutionary', 'game-changer'],
    emoji: 'none',
    marks: ['⚡', '💻'],
    tone: 'clear and curious, no hype, plain-spoken reviews',
    openers: ['The honest take: {topic}.', 'Tried it so you don’t have to: {topic}.'],
    closers: ['Would you use it?', 'What should I test next?', 'Questions? Ask below.'],
  },
  lifestyle: {
    hashtags: ['lifestyle', 'dailyroutine', 'selfcare', 'slowliving', 'weekendvibes'],
    phrases: ['little moments', 'cosy', 'my kind of day', 'slow mornings'],
    avoids: ['hustle', 'grind'],
    emoji: 'few',
    marks: ['☕', '🌿', '✨'],
    tone: 'warm and relaxed, everyday moments shared like with a friend',
    openers: ['My kind of day: {topic}.', 'Little moments: {topic}.', 'Lately: {topic}.'],
    closers: ['What does your day look like?', 'Tell me your favourite part.', 'Same?'],
  },
  beauty: {
    hashtags: ['beauty', 'makeup', 'skincare', 'grwm', 'makeuptutorial', 'glowup'],
    phrases: ['glow', 'get ready with me', 'holy grail', 'soft glam'],
    avoids: ['flawless', 'anti-ageing'],
    emoji: 'many',
    marks: ['💄', '✨', '💖'],
    tone: 'bubbly and honest, tips and real reviews',
    openers: ['Get ready with me: {topic}.', 'Soft glam today: {topic}.', 'Glow check: {topic}.'],
    closers: ['Want the full routine?', 'Which shade would you pick?', 'Save it for later.'],
  },
  gaming: {
    hashtags: ['gaming', 'gamer', 'gamingsetup', 'twitch', 'gamingcommunity'],
    phrases: ['gg', 'clutch', 'one more round', 'let’s squad up'],
    avoids: ['noob', 'trash'],
    emoji: 'few',
    marks: ['🎮', '🕹️', '🔥'],
    tone: 'playful and competitive, always up for one more round',
    openers: ['One more round: {topic}.', 'GG: {topic}.', 'Tonight’s stream energy: {topic}.'],
    closers: ['Who’s playing tonight?', 'Drop your main below.', 'Squad up?'],
  },
  food: {
    hashtags: ['foodie', 'recipe', 'homecooking', 'easyrecipes', 'foodlover'],
    phrases: ['so good', 'weeknight win', 'recipe below', 'comfort food'],
    avoids: ['guilt-free', 'cheat meal'],
    emoji: 'few',
    marks: ['🍝', '😋', '🥑'],
    tone: 'warm and hungry, simple recipes and honest finds',
    openers: ['Tonight’s table: {topic}.', 'Weeknight win: {topic}.', 'Made this again: {topic}.'],
    closers: ['Want the recipe?', 'What are you cooking tonight?', 'Save it for the weekend.'],
  },
  travel: {
    hashtags: ['travel', 'wanderlust', 'travelgram', 'hiddengems', 'traveltips'],
    phrases: ['hidden gem', 'worth the trip', 'take me back', 'off the beaten path'],
    avoids: ['touristy', 'exotic'],
    emoji: 'few',
    marks: ['✈️', '🌍', '🗺️'],
    tone: 'curious and easy-going, places shared like postcards',
    openers: ['Postcard from here: {topic}.', 'Found it: {topic}.', 'Take me back: {topic}.'],
    closers: ['Where should I go next?', 'Save it for your next trip.', 'Been here?'],
  },
  finance: {
    hashtags: ['personalfinance', 'moneytips', 'budgeting', 'investing', 'financialfreedom'],
    phrases: ['small steps', 'real numbers', 'pay yourself first', 'money habit'],
    avoids: ['get rich quick', 'guaranteed'],
    emoji: 'none',
    marks: ['💸', '📈'],
    tone: 'calm and practical, money made simple, never a promise of riches',
    openers: [
      'Money habit of the week: {topic}.',
      'Real numbers: {topic}.',
      'Small step: {topic}.',
    ],
    closers: ['What’s your money goal?', 'Save it for payday.', 'Questions? Ask below.'],
  },
  education: {
    hashtags: ['learning', 'studytips', 'education', 'didyouknow', 'studygram'],
    phrases: ['did you know', 'in one minute', 'here’s the trick', 'learn with me'],
    avoids: ['easy', 'obviously'],
    emoji: 'few',
    marks: ['📚', '💡', '🧠'],
    tone: 'patient and curious, big ideas in small pieces',
    openers: ['Did you know? {topic}.', 'Learn with me: {topic}.', 'In one minute: {topic}.'],
    closers: ['What should I explain next?', 'Save it for study time.', 'Did you know this?'],
  },
};
