import { z } from 'zod';
import { isKnownTimezoneOffset, TIMEZONE_OFFSET_PATTERN } from '../timezones/timezones';
import { nameText } from '../text/name-text';

export const GROUP_NAME_MAX = 255;
export const GROUP_RADIUS_MIN = 1;
export const GROUP_RADIUS_MAX = 1000;
export const GROUP_RADIUS_DEFAULT = 50;
export const GROUP_RADIUS_SLIDER = { min: 5, max: 1000, step: 5 } as const;

export const timezoneFields = {
  timezoneOffset: z
    .string({ error: 'Please select a valid timezone' })
    .regex(TIMEZONE_OFFSET_PATTERN, 'Please select a valid timezone')
    .refine(isKnownTimezoneOffset, 'Please select a valid timezone'),
  timezoneName: z.string({ error: 'Timezone name is required' }).trim().min(1, 'Timezone name is required').max(100),
};

/**
 * A group's name (spec 2 section 5). Any script and emoji are welcome: every name gets a working
 * slug on the server (transliterated, else one made from the group's id).
 */
export const groupNameSchema = nameText({ required: 'Group name is required', max: GROUP_NAME_MAX, tooLong: 'Name too long' }).refine(
  (name) => !name.includes('-'),
  'Group names cannot contain hyphens (reserved for URLs)',
);

/** Create-group payload (spec 2 sections 3 and 5). creatorId is ignored: the creator is the caller. */
export const createGroupSchema = z.object({
  name: groupNameSchema,
  description: z.string().trim().max(5000, 'Description too long').nullable().optional(),
  location: z.string({ error: 'Location is required' }).trim().min(1, 'Location is required').max(255),
  latitude: z.number().min(-90).max(90).nullable().optional(),
  longitude: z.number().min(-180).max(180).nullable().optional(),
  radiusKm: z.number().int().min(GROUP_RADIUS_MIN, 'Radius must be at least 1 km').max(GROUP_RADIUS_MAX, 'Radius cannot exceed 1000 km').default(GROUP_RADIUS_DEFAULT),
  membershipApprovalRequired: z.boolean().default(false),
  ...timezoneFields,
  creatorId: z.string().optional(),
});
export type CreateGroupInput = z.infer<typeof createGroupSchema>;

/** PATCH /api/groups/{id}: the owner's manage dialog; a new name moves the group's address (the old one keeps leading to it). */
export const updateGroupSchema = z
  .object({
    name: groupNameSchema.optional(),
    membershipApprovalRequired: z.boolean().optional(),
    timezoneOffset: timezoneFields.timezoneOffset.optional(),
    timezoneName: timezoneFields.timezoneName.optional(),
  })
  .strict();
export type UpdateGroupInput = z.infer<typeof updateGroupSchema>;

export const MEMBERSHIP_STATUSES = ['owner', 'member', 'pending', 'none'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

export interface GroupAbilities {
  join: boolean;
  leave: boolean;
  manage: boolean;
  delete: boolean;
  invite: boolean;
  createRide: boolean;
  createPoll: boolean;
  viewMembers: boolean;
}

/** A group as every list and page receives it (spec 2 section 3, plus slug, status and abilities). */
export interface Group {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  location: string;
  latitude: number | null;
  longitude: number | null;
  groupImageUrl: string | null;
  creatorId: string;
  membershipApprovalRequired: boolean;
  timezoneOffset: string;
  timezoneName: string;
  memberCount: number;
  rideCount: number;
  radiusKm: number;
  upcomingRides: number;
  isActive: boolean;
  createdAt: string;
  creator: { userId: string; profileImageUrl: string | null };
  membershipStatus: MembershipStatus;
  abilities: GroupAbilities;
}

export interface GroupMember {
  id: string;
  userId: string;
  profileImageUrl: string | null;
  location: string | null;
  isOwner: boolean;
  joinedAt: string;
}

export interface MembershipRequest {
  id: string;
  requestedAt: string;
  user: { id: string; userId: string; profileImageUrl: string | null; location: string | null };
}

export const JOIN_REQUEST_SUBMITTED = 'Membership request submitted for approval';
export const GROUP_NAME_TAKEN = 'A group with this name already exists. Please choose another name.';
