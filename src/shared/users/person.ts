import { z } from 'zod';

/**
 * A rider as lists name them: the account id, the public handle (API field `userId`, spec 2
 * section 3) and the avatar. Rides (participants, owner, navigator, comment authors), poll voters
 * and group members all start from it.
 */
export const personSummarySchema = z.object({
  id: z.string(),
  userId: z.string(),
  profileImageUrl: z.nullable(z.string()),
});
export type PersonSummary = z.infer<typeof personSummarySchema>;
