// The worker thread's entry (media.gpx.ts): plain JavaScript, so the thread starts the same under
// `node --import tsx` (npm start), `tsx watch` (npm run dev) and vitest, then loads the TypeScript
// task module through tsx whether or not the parent registered a loader.
import { tsImport } from 'tsx/esm/api';

const tasks = await tsImport('./gpx.worker.ts', import.meta.url);

export default tasks.default;
