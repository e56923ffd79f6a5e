import { z } from 'zod';
import { PUBLISH_PLATFORMS } from '../platforms/rules';

/** GET /api/platforms: the platforms this Muse can publish to, and what turns the others on. */
export const ZPlatformsResponse = z.object({
  success: z.literal(true),
  platforms: z.array(
    z.object({
      key: z.enum(PUBLISH_PLATFORMS),
      name: z.string(),
      /** Whether its app credentials are configured. */
      enabled: z.boolean(),
      /** The variables that turn it on. */
      variables: z.array(z.string()),
      /** What the platform must approve before the posts are public. */
      review: z.string(),
    }),
  ),
});
export type TPlatformsResponse = z.infer<typeof ZPlatformsResponse>;
