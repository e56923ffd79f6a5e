import { PPV_PRICE_CENTS, formatUsd } from '@muse/shared';
import { Images, Lock, Play, ShoppingBag, type LucideIcon } from 'lucide-react';
import { Section, SectionHeading } from './section';

type TShowcaseItem = {
  image: string;
  kind: string;
  title: string;
  detail: string;
  icon: LucideIcon;
};

/** Stills from scripts/media/make-hero-video.sh; designed panels, never real people. */
const ITEMS: TShowcaseItem[] = [
  {
    image: '/media/showcase-1.webp',
    kind: 'Photos',
    title: 'Lifestyle photo sets',
    detail: 'Travel, fashion, fitness: a week of posts in an afternoon.',
    icon: Images,
  },
  {
    image: '/media/showcase-2.webp',
    kind: 'Video',
    title: 'Reels and shorts',
    detail: 'Short clips for every feed, face-swapped onto the trends.',
    icon: Play,
  },
  {
    image: '/media/showcase-3.webp',
    kind: 'Brands',
    title: 'Product shots',
    detail: 'Your product in your influencer’s hands, ready for a brand deal.',
    icon: ShoppingBag,
  },
  {
    image: '/media/showcase-4.webp',
    kind: 'Pay-per-view',
    title: 'Exclusive drops',
    detail: `Locked sets fans unlock for ${formatUsd(PPV_PRICE_CENTS)} each.`,
    icon: Lock,
  },
];

export function ShowcaseSection() {
  return (
    <Section id="showcase" className="pt-0 sm:pt-0">
      <SectionHeading id="showcase" eyebrow="Showcase" title="What creators make with Muse">
        One persona, every format: feeds, stories, brand work and content fans pay to see.
      </SectionHeading>
      <ul className="mt-14 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {ITEMS.map(({ image, kind, title, detail, icon: Icon }, index) => (
          <li
            key={title}
            className={`group relative aspect-[4/5] overflow-hidden rounded-3xl border border-white/[0.07] bg-ink-900 ${index % 2 === 1 ? 'lg:translate-y-8' : ''}`}
          >
            <img
              src={image}
              alt=""
              width={480}
              height={600}
              loading="lazy"
              className="absolute inset-0 size-full object-cover transition-transform duration-700 group-hover:scale-105 motion-reduce:transition-none"
            />
            <div
              aria-hidden="true"
              className="absolute inset-0 bg-gradient-to-t from-ink-950 via-ink-950/30 to-transparent"
            />
            <span className="absolute top-3 left-3 rounded-full sm:top-4 sm:left-4 border border-white/15 bg-ink-950/60 px-2.5 py-1 text-[11px] font-medium text-white backdrop-blur sm:px-3 sm:text-xs">
              {kind}
            </span>
            <span
              aria-hidden="true"
              className="absolute top-1/2 left-1/2 flex size-12 -translate-x-1/2 -translate-y-1/2 sm:size-16 items-center justify-center rounded-full border border-white/20 bg-white/10 backdrop-blur-md"
            >
              <Icon className="size-5 text-white sm:size-6" />
            </span>
            <div className="absolute inset-x-0 bottom-0 p-3.5 sm:p-5">
              <h3 className="text-sm font-semibold text-white sm:text-lg">{title}</h3>
              <p className="mt-1 hidden text-sm leading-relaxed text-zinc-300 sm:block">{detail}</p>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}
