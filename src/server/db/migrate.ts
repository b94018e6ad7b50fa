import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database';
import * as m001 from './migrations/001_foundation';
import * as m002 from './migrations/002_groups';
import * as m003 from './migrations/003_media';
import * as m004 from './migrations/004_rides_polls_invites';
import * as m005 from './migrations/005_geocode_cache';
import * as m006 from './migrations/006_route_cache';
import * as m007 from './migrations/007_media_gallery';
import * as m008 from './migrations/008_read_indexes';
import * as m009 from './migrations/009_ride_cards';
import * as m010 from './migrations/010_ride_card_seats';
import * as m011 from './migrations/011_link_binding';
import * as m012 from './migrations/012_sessions';
import * as m013 from './migrations/013_invitations';
import * as m014 from './migrations/014_write_limits';
import * as m015 from './migrations/015_notification_subject';
import * as m016 from './migrations/016_slugs';
import * as m017 from './migrations/017_ride_end_of_last_day';
import * as m018 from './migrations/018_gpx_privacy_zone';
import * as m019 from './migrations/019_notification_ride_and_grouping';
import * as m020 from './migrations/020_calendar_feeds';
import * as m021 from './migrations/021_ride_waitlist';
import * as m022 from './migrations/022_group_roles';
import * as m023 from './migrations/023_ride_from_poll';
import * as m025 from './migrations/025_users_handle';
import * as m027 from './migrations/027_ride_card_deny_list';
import * as m028 from './migrations/028_finder_latitude_cells';
import * as m029 from './migrations/029_group_counts';
import * as m030 from './migrations/030_group_bans';
import * as m031 from './migrations/031_seated_not_queued';
import * as m032 from './migrations/032_guest_upload_totals';
import * as m033 from './migrations/033_route_duration';
import * as m034 from './migrations/034_named_time_zones';
import * as m035 from './migrations/035_ride_series';
import * as m040 from './migrations/040_deliveries';
import * as m041 from './migrations/041_notification_params';
import * as m042 from './migrations/042_web_push';
import * as m044 from './migrations/044_reminder_digest_preferences';
import * as m045 from './migrations/045_push_sent';
import * as m046 from './migrations/046_language';
import * as m047 from './migrations/047_invitation_language';
import * as m048 from './migrations/048_preview_pictures';

/** One migration set for both engines, listed in code so bundling and tests need no file scanning. */
export const migrations: Record<string, Migration> = {
  '001_foundation': m001,
  '002_groups': m002,
  '003_media': m003,
  '004_rides_polls_invites': m004,
  '005_geocode_cache': m005,
  '006_route_cache': m006,
  '007_media_gallery': m007,
  '008_read_indexes': m008,
  '009_ride_cards': m009,
  '010_ride_card_seats': m010,
  '011_link_binding': m011,
  '012_sessions': m012,
  '013_invitations': m013,
  '014_write_limits': m014,
  '015_notification_subject': m015,
  '016_slugs': m016,
  '017_ride_end_of_last_day': m017,
  '018_gpx_privacy_zone': m018,
  '019_notification_ride_and_grouping': m019,
  '020_calendar_feeds': m020,
  '021_ride_waitlist': m021,
  '022_group_roles': m022,
  '023_ride_from_poll': m023,
  '025_users_handle': m025,
  '027_ride_card_deny_list': m027,
  '028_finder_latitude_cells': m028,
  '029_group_counts': m029,
  '030_group_bans': m030,
  '031_seated_not_queued': m031,
  '032_guest_upload_totals': m032,
  '033_route_duration': m033,
  '034_named_time_zones': m034,
  '035_ride_series': m035,
  '040_deliveries': m040,
  '041_notification_params': m041,
  '042_web_push': m042,
  '044_reminder_digest_preferences': m044,
  '045_push_sent': m045,
  '046_language': m046,
  '047_invitation_language': m047,
  '048_preview_pictures': m048,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Db): Promise<void> {
  // Migrations are numbered when work starts and may land out of order; a database migrated
  // between two landings must still take the one numbered lower (Kysely refuses by default).
  const migrator = new Migrator({ db: db.kysely, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
