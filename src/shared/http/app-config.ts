import { z } from 'zod';

/** GET /api/app-config: what the browser needs to know about this installation. */
export const appConfigSchema = z.object({
  appName: z.string(),
  tileUrl: z.string(),
  tileAttribution: z.string(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;
