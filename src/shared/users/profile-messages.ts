/**
 * Server messages the client matches on (spec 1 section 8, "Profile update failure"). Their own module,
 * without schemas: the client's API layer is in the first load, and importing them from profile.ts
 * brought its schemas, and zod with them, into it.
 */
export const EMAIL_IN_USE_MESSAGE = 'Email address is already in use';
export const USERNAME_TAKEN_MESSAGE = 'Username is already taken';
export const USERNAME_LIMIT_MESSAGE = 'Username change limit reached';
