import './zod-messages';

/** react-hook-form's zod resolver, with zod's own messages in the rider's language (zod-messages.ts). */
export { zodResolver } from '@hookform/resolvers/zod';
