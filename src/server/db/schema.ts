import type { ColumnType, Generated } from 'kysely';
import type { RideDuration, RideStatus } from '../../shared/rides/ride';
import type { PreferredUnits, ProfileVisibility } from '../../shared/users/current-user';
import type { GpxPrivacyZone } from '../../shared/gpx/privacy-zones';
import type { PreferenceColumn } from '../../shared/users/preferences';

/**
 * Table types. Portable storage conventions (see docs/data.md "Data"):
 * - ids are app-generated text (UUIDs);
 * - timestamps are ISO-8601 UTC text (Date#toISOString), which sorts and compares correctly on both engines;
 * - flags are integers 0/1 (better-sqlite3 cannot bind booleans); repositories return real booleans.
 */
type Flag = number;

/** The preferences' columns (src/shared/users/preferences.ts): NULL until the rider chooses (migration 043). */
export type PreferenceColumns = { [C in PreferenceColumn]: ColumnType<string | null, string | null | undefined, string | null> };

export interface UsersTable extends PreferenceColumns {
  id: string;
  /** The public handle (API field `userId`). */
  handle: string;
  handle_changes_count: Generated<number>;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  bio: string | null;
  location: string | null;
  latitude: number | null;
  longitude: number | null;
  motorcycles: Generated<string>; // JSON array
  profile_image_url: string | null;
  background_image_url: string | null;
  is_first_visit: Generated<Flag>;
  profile_visibility: Generated<ProfileVisibility>;
  preferred_units: Generated<PreferredUnits>;
  /** Migration 018. */
  gpx_privacy_zone: Generated<GpxPrivacyZone>;
  timezone_offset: Generated<string>;
  timezone_name: Generated<string>;
  /** The rider's IANA zone (migration 033): from the browser, or set in site settings. */
  timezone: Generated<string>;
  created_at: string;
  last_seen_at: string;
  /** "Pause all e-mail" (migration 040): no notification mail while set; sign-in mails still go. */
  email_paused: Generated<Flag>;
}

export interface SessionsTable {
  id_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  /** Opaque id shown to the rider (GET /api/auth/sessions); never the token's hash. Migration 012. */
  public_id: string;
  user_agent: string | null;
  /** Written at most once an hour per session; a session unused for 30 days is over. */
  last_seen_at: string;
}

export interface MagicLinksTable {
  id: string;
  token_hash: string;
  email: string;
  purpose: string; // 'sign_in' | 'confirm_email'
  requested_by_user_id: string | null;
  requester_ip_hash: string;
  created_at: string;
  expires_at: string;
  consumed_at: string | null;
  cancelled_at: string | null;
  /** SHA-256 of the nonce cookie of the browser that asked for the link (migration 011); null: no browser. */
  browser_nonce_hash: string | null;
  /** The invitation a link was sent for (completed when the link is followed), else null. */
  invitation_id: string | null;
  /** 0 for links sent on someone else's behalf, which the per-IP limit does not count. */
  counts_toward_ip_limit: Generated<Flag>;
}

export interface NotificationsTable {
  id: string;
  user_id: string;
  type: string;
  title: string;
  message: string;
  is_read: Generated<Flag>;
  created_at: string;
  /** What it is about (migration 015): the group, and the rider it concerns; null for older ones and other types. */
  subject_group_id: string | null;
  subject_user_id: string | null;
  /** The ride it is about (migration 019); a deleted ride takes it along. */
  subject_ride_id: Generated<string | null>;
  /** How many things it stands for (files uploaded by one rider to one place) and when the first came (migration 019). */
  item_count: Generated<number>;
  first_at: Generated<string | null>;
  /** What an unread notification gathers (uploads by one rider to one ride or group); null once read. */
  group_key: Generated<string | null>;
  /**
   * The type's parameters as JSON (migration 041): the texts are written from them when shown.
   * Null only for a row of an earlier release whose text read back as none of its type's templates:
   * then `title` and `message` are what it shows (new rows leave them empty).
   */
  params: Generated<string | null>;
}

/** One mail or push to send (migration 040, the outbox): see deliveries/outbox.ts. */
export interface DeliveriesTable {
  id: string;
  channel: string;
  user_id: string;
  type: string;
  /** JSON object: the notification's parameters (ids, instants, names as they were). */
  params: Generated<string>;
  notification_id: string | null;
  ride_id: string | null;
  dedupe_key: string;
  state: Generated<string>;
  due_at: string;
  claimed_until: string | null;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

/** A rider's switch of one notification type on one channel, kept only when it differs from the default (migration 040). */
export interface NotificationChannelSettingsTable {
  user_id: string;
  type: string;
  channel: string;
  enabled: Flag;
}

/** A secret every server shares, made once (migration 040): the unsubscribe links' key. */
export interface SigningKeysTable {
  name: string;
  secret: string;
  created_at: string;
}

export interface ActivityEventsTable {
  id: string;
  user_id: string | null;
  category: string;
  event: string;
  properties: string; // JSON object
  created_at: string;
}

export interface GroupsTable {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  location: string;
  latitude: number | null;
  longitude: number | null;
  radius_km: number;
  membership_approval_required: Flag;
  /** The offset the group was created with; answers derive it from `timezone` (migration 033). */
  timezone_offset: string;
  timezone_name: string;
  /** The group's IANA zone (migration 033): from its location unless chosen. */
  timezone: string;
  group_image_url: string | null;
  creator_id: string;
  created_at: string;
  /** groupNameKey(name), unique (migration 016); null only in rows written without the service (tests, bench seed). */
  name_key: string | null;
  /** Its memberships and its rides, kept by triggers (migration 029): never written by the code. */
  member_count: Generated<number>;
  ride_count: Generated<number>;
}

/** Slugs a group had before a rename, so old links still find it (migration 016). */
export interface GroupSlugHistoryTable {
  slug: string;
  group_id: string;
  replaced_at: string;
}

/** Slugs a ride had before a rename, per group as ride slugs are (migration 016). */
export interface RideSlugHistoryTable {
  group_id: string;
  slug: string;
  ride_id: string;
  replaced_at: string;
}

/** A member's role in their group (migration 022); the owner is `groups.creator_id`. */
export type GroupRole = 'member' | 'co_organizer';

export interface GroupMembersTable {
  group_id: string;
  user_id: string;
  joined_at: string;
  role: Generated<GroupRole>;
}

/** A rider an organizer removed and will not let rejoin, until an organizer lifts it (migration 030). */
export interface GroupBansTable {
  group_id: string;
  user_id: string;
  /** Null once the organizer's account is gone. */
  banned_by: string | null;
  banned_at: string;
}

export interface MembershipRequestsTable {
  id: string;
  group_id: string;
  user_id: string;
  requested_at: string;
}

export interface MediaTable {
  id: string;
  owner_id: string;
  url: string;
  /** Storage key of the file. */
  filename: string;
  /** Storage key of its thumbnail (images), else null. */
  thumbnail_filename: string | null;
  original_name: string;
  description: string | null;
  mime_type: string;
  file_type: string; // 'image' | 'video' | 'gpx'
  size: ColumnType<number | string, number, number>; // bigint: pg returns a string
  associated_type: string | null;
  associated_id: string | null;
  created_at: string;
  /** GPX: JSON { name, bounds, summary }, else null. */
  gpx_info: ColumnType<string | null, string | null | undefined, string | null>;
  /** GPX: JSON tracks, routes and waypoints for drawing, else null. */
  gpx_data: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Every storage key a media row put in storage; the clean-up job removes the files whose row is gone. */
export interface MediaFilesTable {
  key: string;
  media_id: string;
  created_at: string;
}

/** A stored link preview picture and a subject it is the picture of (migrations/048_preview_pictures.ts). */
export interface PreviewPicturesTable {
  key: string;
  subject_kind: string;
  subject_id: string;
  checked_at: string;
}

export interface BugReportsTable {
  id: string;
  user_id: string | null;
  title: string;
  description: string;
  page_url: string | null;
  user_agent: string | null;
  screenshot_key: string | null;
  screenshot_name: string | null;
  /** Bytes of the stored screenshot (counted in the rider's storage limit); null without one, and for reports older than migration 032. */
  screenshot_size: number | null;
  created_at: string;
}

export interface RidesTable {
  id: string;
  group_id: string | null;
  name: string;
  slug: string;
  description: string | null;
  status: RideStatus;
  start_date: string;
  end_date: string;
  duration: RideDuration;
  start_location: string;
  start_latitude: number | null;
  start_longitude: number | null;
  midpoint_location: string | null;
  midpoint_latitude: number | null;
  midpoint_longitude: number | null;
  end_location: string;
  end_latitude: number | null;
  end_longitude: number | null;
  waypoints: string; // JSON [{ name, latitude, longitude }]
  total_distance_km: number | null;
  min_riders: number;
  max_riders: number;
  /** The start's offset in `timezone`, kept for a release still serving during a rolling deploy; answers derive it. */
  timezone_offset: string;
  timezone_name: string;
  /** The ride's IANA zone (migration 033): its instants are its local times there. */
  timezone: string;
  owner_id: string;
  navigator_id: string | null;
  reminders_sent: Generated<number>; // bit 1: 3-day reminder, bit 2: 1-day reminder
  created_at: string;
  /** The ride as every viewer sees it, JSON text; null when forgotten (rides/ride-cards.ts, migration 009). */
  card_json: string | null;
  /** Bumped by the database each time the card is forgotten. */
  card_version: Generated<number>;
  /** The presenter's format the card was built with (RIDE_CARD_FORMAT); another format reads as no card. */
  card_format: number | null;
  /** Seats taken when the card was built (migration 010); read only with the card. */
  card_seats: number | null;
  /** iCalendar SEQUENCE: raised by every edit, in the edit's transaction (migration 020). */
  sequence: Generated<number>;
  /** When a ride below its minimum riders tells its riders (migration 021); null: never. */
  min_riders_decision_at: string | null;
  /** When a process claimed that decision; null until then, and again after the time changes. */
  min_riders_checked_at: string | null;
  /** When the owner chose to keep the ride below its minimum. */
  min_riders_kept_at: string | null;
  /** The date poll the ride was planned from (migration 023); null when none or the poll is gone. */
  poll_id: string | null;
  /** The series this ride is one day of (migration 035); null for a ride of its own. */
  series_id: Generated<string | null>;
  /** The series' rule day it stands for (YYYY-MM-DD in the series' zone), unique per series. */
  series_day: Generated<string | null>;
}

/** A ride that repeats (migration 035, series/series.service.ts). */
export interface RideSeriesTable {
  id: string;
  group_id: string;
  owner_id: string;
  /** The rides' name without the date each ride's name carries. */
  name: string;
  /** IANA zone the days and the start time are read in. */
  timezone: string;
  first_day: string;
  start_time: string;
  /** JSON SeriesRule (shared/series/series-rule.ts). */
  rule: string;
  /** JSON SeriesTemplate (series/series-template.ts). */
  template: string;
  /** No ride after this day (the series was ended, or split by "this and following"); null: the rule's end. */
  last_day: string | null;
  /** Rides exist for every day of the rule up to this one; null: none made yet. */
  made_until: string | null;
  created_at: string;
}

export interface RideSeriesRidersTable {
  series_id: string;
  user_id: string;
  joined_at: string;
}

/** A rider's private calendar feed (migration 020, calendar/calendar.service.ts). */
export interface CalendarFeedsTable {
  user_id: string;
  /** The feed's secret, shown to its rider again on every visit to Preferences. */
  token: string;
  /** SHA-256 of `token`: feeds are found by it, so a lookup's timing tells nothing of the token. */
  token_hash: string;
  /** 'joined': rides the rider joined; 'groups': those and every ride of the rider's groups. */
  scope: string;
  created_at: string;
}

export interface RideParticipantsTable {
  ride_id: string;
  user_id: string;
  joined_at: string;
}

/** Riders waiting for a seat on a full ride, in `queue_number` order (migration 021). */
export interface RideWaitlistTable {
  ride_id: string;
  user_id: string;
  queue_number: number;
  joined_at: string;
}

export interface RideCommentsTable {
  id: string;
  ride_id: string;
  user_id: string;
  content: string;
  created_at: string;
}

export interface PollsTable {
  id: string;
  group_id: string;
  creator_id: string;
  title: string;
  description: string | null;
  destination: string;
  duration_days: number;
  deadline: string;
  proposed_dates: string; // JSON array of ISO dates
  is_active: Generated<Flag>;
  created_at: string;
}

export interface PollResponsesTable {
  poll_id: string;
  user_id: string;
  response: string; // yes | no
  preferred_dates: string; // JSON array of ISO dates
  created_at: string;
}

export interface InvitationsTable {
  id: string;
  token_hash: string;
  group_id: string;
  inviter_id: string;
  inviter_first_name: string;
  invitee_name: string | null;
  invitee_email: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  used_by_user_id: string | null;
  /** Revoked by someone who may invite (migration 013): answers like an invalid link. */
  revoked_at: string | null;
  /** The language the inviter chose for its mails (migration 047); NULL before it: the inviter's saved one. */
  language: string | null;
}

export interface GeocodeCacheTable {
  key: string;
  results: string; // JSON array of location search results
  created_at: string;
}

export interface GeocoderSlotsTable {
  name: string;
  next_at: number; // epoch milliseconds
}

export interface RouteCacheTable {
  key: string;
  geometry: string;
  distance_km: number;
  created_at: string;
  /** The router's riding time in seconds (migration 033); null for roads cached before it. */
  duration_s: number | null;
}

/** Fixed-window counters of writes (limits/write-counters.ts). */
export interface WriteCountersTable {
  key: string;
  window_start: string;
  count: number;
}

/** Bytes guests uploaded per client address and day (limits/upload-counters.ts). */
export interface UploadCountersTable {
  key: string;
  window_start: string;
  /** A bigint: PostgreSQL hands it back as a string. */
  bytes: number | string;
}

/** The one VAPID key pair every server signs web pushes with (migration 034; push/vapid-keys.ts). */
export interface VapidKeysTable {
  id: string;
  public_key: string;
  private_key: string;
  created_at: string;
}

/** A browser's web push subscription, belonging to one session (migration 034). */
export interface PushSubscriptionsTable {
  id: string;
  /** sessions.public_id: the subscription ends with the session. */
  session_id: string;
  endpoint: string;
  /** The browser's P-256 public key and auth secret (base64url), for RFC 8291 encryption. */
  p256dh: string;
  auth: string;
  created_at: string;
}

/** A device (push subscription) a push delivery was already sent to, so a retry skips it (migration 045). */
export interface PushSentTable {
  delivery_id: string;
  subscription_id: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  magic_links: MagicLinksTable;
  notifications: NotificationsTable;
  activity_events: ActivityEventsTable;
  groups: GroupsTable;
  group_slug_history: GroupSlugHistoryTable;
  ride_slug_history: RideSlugHistoryTable;
  group_members: GroupMembersTable;
  membership_requests: MembershipRequestsTable;
  group_bans: GroupBansTable;
  rides: RidesTable;
  ride_series: RideSeriesTable;
  ride_series_riders: RideSeriesRidersTable;
  calendar_feeds: CalendarFeedsTable;
  ride_participants: RideParticipantsTable;
  ride_waitlist: RideWaitlistTable;
  ride_comments: RideCommentsTable;
  polls: PollsTable;
  poll_responses: PollResponsesTable;
  invitations: InvitationsTable;
  media: MediaTable;
  media_files: MediaFilesTable;
  preview_pictures: PreviewPicturesTable;
  bug_reports: BugReportsTable;
  geocode_cache: GeocodeCacheTable;
  route_cache: RouteCacheTable;
  geocoder_slots: GeocoderSlotsTable;
  write_counters: WriteCountersTable;
  upload_counters: UploadCountersTable;
  deliveries: DeliveriesTable;
  notification_channel_settings: NotificationChannelSettingsTable;
  signing_keys: SigningKeysTable;
  vapid_keys: VapidKeysTable;
  push_subscriptions: PushSubscriptionsTable;
  push_sent: PushSentTable;
}

