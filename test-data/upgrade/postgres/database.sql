--
-- PostgreSQL database dump
--

\restrict pTHtLmwf24Xa0WLPAjPMBtorhkpfi6hlYRFSSKFzkhVemMkvktBXItd3CaBSL2t

-- Dumped from database version 15.20 (Debian 15.20-0+deb12u1)
-- Dumped by pg_dump version 15.20 (Debian 15.20-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

--
-- Name: group_card_stale(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.group_card_stale() RETURNS trigger
    LANGUAGE plpgsql
    AS $$ begin update rides set card_json = null, card_version = card_version + 1 where group_id = new.id; return null; end $$;


--
-- Name: ride_seat_freed_card_stale(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.ride_seat_freed_card_stale() RETURNS trigger
    LANGUAGE plpgsql
    AS $$ begin update rides set card_json = null, card_version = card_version + 1 where id = old.ride_id; return null; end $$;


--
-- Name: ride_seat_moved_card_stale(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.ride_seat_moved_card_stale() RETURNS trigger
    LANGUAGE plpgsql
    AS $$ begin update rides set card_json = null, card_version = card_version + 1 where id in (old.ride_id, new.ride_id); return null; end $$;


--
-- Name: ride_seat_taken_card_stale(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.ride_seat_taken_card_stale() RETURNS trigger
    LANGUAGE plpgsql
    AS $$ begin update rides set card_json = null, card_version = card_version + 1 where id = new.ride_id; return null; end $$;


--
-- Name: rider_card_stale(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.rider_card_stale() RETURNS trigger
    LANGUAGE plpgsql
    AS $$ begin update rides set card_json = null, card_version = card_version + 1 where id in (select ride_id from ride_participants where user_id = new.id) or owner_id = new.id or navigator_id = new.id; return null; end $$;


--
-- Name: rides_card_stale(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.rides_card_stale() RETURNS trigger
    LANGUAGE plpgsql
    AS $$ begin update rides set card_json = null, card_version = card_version + 1 where id = new.id; return null; end $$;


SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: activity_events; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.activity_events (
    id text NOT NULL,
    user_id text,
    category text NOT NULL,
    event text NOT NULL,
    properties text NOT NULL,
    created_at text NOT NULL
);


--
-- Name: bug_reports; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.bug_reports (
    id text NOT NULL,
    user_id text,
    title text NOT NULL,
    description text NOT NULL,
    page_url text,
    user_agent text,
    screenshot_key text,
    screenshot_name text,
    created_at text NOT NULL
);


--
-- Name: geocode_cache; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.geocode_cache (
    key text NOT NULL,
    results text NOT NULL,
    created_at text NOT NULL
);


--
-- Name: geocoder_slots; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.geocoder_slots (
    name text NOT NULL,
    next_at double precision NOT NULL
);


--
-- Name: group_members; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.group_members (
    group_id text NOT NULL,
    user_id text NOT NULL,
    joined_at text NOT NULL
);


--
-- Name: group_slug_history; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.group_slug_history (
    slug text NOT NULL,
    group_id text NOT NULL,
    replaced_at text NOT NULL
);


--
-- Name: groups; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.groups (
    id text NOT NULL,
    name text NOT NULL,
    slug text NOT NULL,
    description text,
    location text NOT NULL,
    latitude double precision,
    longitude double precision,
    radius_km integer DEFAULT 50 NOT NULL,
    membership_approval_required integer DEFAULT 0 NOT NULL,
    timezone_offset text DEFAULT 'UTC+00:00'::text NOT NULL,
    timezone_name text DEFAULT 'UTC'::text NOT NULL,
    group_image_url text,
    creator_id text NOT NULL,
    created_at text NOT NULL,
    name_key text
);


--
-- Name: invitations; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.invitations (
    id text NOT NULL,
    token_hash text NOT NULL,
    group_id text NOT NULL,
    inviter_id text NOT NULL,
    inviter_first_name text NOT NULL,
    invitee_name text,
    invitee_email text,
    created_at text NOT NULL,
    expires_at text NOT NULL,
    used_at text,
    used_by_user_id text,
    revoked_at text
);


--
-- Name: kysely_migration; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.kysely_migration (
    name character varying(255) NOT NULL,
    "timestamp" character varying(255) NOT NULL
);


--
-- Name: kysely_migration_lock; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.kysely_migration_lock (
    id character varying(255) NOT NULL,
    is_locked integer DEFAULT 0 NOT NULL
);


--
-- Name: magic_links; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.magic_links (
    id text NOT NULL,
    token_hash text NOT NULL,
    email text NOT NULL,
    purpose text NOT NULL,
    requested_by_user_id text,
    requester_ip_hash text NOT NULL,
    created_at text NOT NULL,
    expires_at text NOT NULL,
    consumed_at text,
    cancelled_at text,
    browser_nonce_hash text,
    invitation_id text,
    counts_toward_ip_limit integer DEFAULT 1 NOT NULL
);


--
-- Name: media; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.media (
    id text NOT NULL,
    owner_id text NOT NULL,
    url text NOT NULL,
    filename text NOT NULL,
    thumbnail_filename text,
    original_name text NOT NULL,
    description text,
    mime_type text NOT NULL,
    file_type text NOT NULL,
    size bigint NOT NULL,
    associated_type text,
    associated_id text,
    created_at text NOT NULL,
    gpx_info text,
    gpx_data text
);


--
-- Name: media_files; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.media_files (
    key text NOT NULL,
    media_id text NOT NULL,
    created_at text NOT NULL
);


--
-- Name: membership_requests; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.membership_requests (
    id text NOT NULL,
    group_id text NOT NULL,
    user_id text NOT NULL,
    requested_at text NOT NULL
);


--
-- Name: notifications; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.notifications (
    id text NOT NULL,
    user_id text NOT NULL,
    type text NOT NULL,
    title text NOT NULL,
    message text NOT NULL,
    is_read integer DEFAULT 0 NOT NULL,
    created_at text NOT NULL,
    subject_group_id text,
    subject_user_id text
);


--
-- Name: poll_responses; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.poll_responses (
    poll_id text NOT NULL,
    user_id text NOT NULL,
    response text NOT NULL,
    preferred_dates text DEFAULT '[]'::text NOT NULL,
    created_at text NOT NULL
);


--
-- Name: polls; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.polls (
    id text NOT NULL,
    group_id text NOT NULL,
    creator_id text NOT NULL,
    title text NOT NULL,
    description text,
    destination text NOT NULL,
    duration_days integer NOT NULL,
    deadline text NOT NULL,
    proposed_dates text NOT NULL,
    is_active integer DEFAULT 1 NOT NULL,
    created_at text NOT NULL
);


--
-- Name: ride_comments; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.ride_comments (
    id text NOT NULL,
    ride_id text NOT NULL,
    user_id text NOT NULL,
    content text NOT NULL,
    created_at text NOT NULL
);


--
-- Name: ride_participants; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.ride_participants (
    ride_id text NOT NULL,
    user_id text NOT NULL,
    joined_at text NOT NULL
);


--
-- Name: ride_slug_history; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.ride_slug_history (
    group_id text NOT NULL,
    slug text NOT NULL,
    ride_id text NOT NULL,
    replaced_at text NOT NULL
);


--
-- Name: rides; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.rides (
    id text NOT NULL,
    group_id text,
    name text NOT NULL,
    slug text NOT NULL,
    description text,
    status text DEFAULT 'confirmed'::text NOT NULL,
    start_date text NOT NULL,
    end_date text NOT NULL,
    duration text DEFAULT 'full-day'::text NOT NULL,
    start_location text NOT NULL,
    start_latitude double precision,
    start_longitude double precision,
    midpoint_location text,
    midpoint_latitude double precision,
    midpoint_longitude double precision,
    end_location text NOT NULL,
    end_latitude double precision,
    end_longitude double precision,
    waypoints text DEFAULT '[]'::text NOT NULL,
    total_distance_km double precision,
    min_riders integer DEFAULT 1 NOT NULL,
    max_riders integer DEFAULT 10 NOT NULL,
    timezone_offset text DEFAULT 'UTC+00:00'::text NOT NULL,
    timezone_name text DEFAULT 'UTC'::text NOT NULL,
    owner_id text NOT NULL,
    navigator_id text,
    reminders_sent integer DEFAULT 0 NOT NULL,
    created_at text NOT NULL,
    card_json text,
    card_version integer DEFAULT 0 NOT NULL,
    card_format integer,
    card_seats integer
);


--
-- Name: route_cache; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.route_cache (
    key text NOT NULL,
    geometry text NOT NULL,
    distance_km double precision NOT NULL,
    created_at text NOT NULL
);


--
-- Name: sessions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.sessions (
    id_hash text NOT NULL,
    user_id text NOT NULL,
    created_at text NOT NULL,
    expires_at text NOT NULL,
    public_id text,
    user_agent text,
    last_seen_at text
);


--
-- Name: users; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.users (
    id text NOT NULL,
    user_id text NOT NULL,
    user_id_changes_count integer DEFAULT 0 NOT NULL,
    email text,
    first_name text,
    last_name text,
    bio text,
    location text,
    latitude double precision,
    longitude double precision,
    motorcycles text DEFAULT '[]'::text NOT NULL,
    profile_image_url text,
    background_image_url text,
    is_first_visit integer DEFAULT 1 NOT NULL,
    profile_visibility text DEFAULT 'public'::text NOT NULL,
    preferred_units text DEFAULT 'kilometers'::text NOT NULL,
    timezone_offset text DEFAULT 'UTC+00:00'::text NOT NULL,
    timezone_name text DEFAULT 'UTC'::text NOT NULL,
    created_at text NOT NULL,
    last_seen_at text NOT NULL,
    gpx_privacy_zone text DEFAULT '500m'::text NOT NULL
);


--
-- Name: write_counters; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.write_counters (
    key text NOT NULL,
    window_start text NOT NULL,
    count integer NOT NULL
);


--
-- Data for Name: activity_events; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.activity_events VALUES ('0b188432-3115-49a4-a701-da51c0e93581', '6b6a1d54-7efd-49e2-91f5-ae7620fb111b', 'groups', 'group_created', '{"groupId":"fbb5a527-35de-42ab-b150-c79b847de181"}', '2026-11-24T16:00:17.751Z');
INSERT INTO public.activity_events VALUES ('d4424415-c9e8-4715-a04b-ed6f7a5116c9', '6b6a1d54-7efd-49e2-91f5-ae7620fb111b', 'rides', 'ride_created', '{"rideId":"3b36472c-e554-4d2a-9c1c-ed4a93e76e4d","groupId":"fbb5a527-35de-42ab-b150-c79b847de181"}', '2026-11-24T16:00:18.058Z');
INSERT INTO public.activity_events VALUES ('eb71c1c6-ba01-4de6-94d9-af4a3bd54248', '21dee1d4-e72d-4a8b-a38a-b90902c46a0f', 'onboarding', 'welcome_action', '{"action":"join_group"}', '2026-11-24T16:00:18.507Z');


--
-- Data for Name: bug_reports; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.bug_reports VALUES ('dcf97e98-128c-4786-87bb-f91e5bfd0473', '21dee1d4-e72d-4a8b-a38a-b90902c46a0f', 'Map stays grey', 'The ride map stays grey on my phone.', NULL, 'lightMyRequest', 'bug-e134415bd7e78d0cb6c1471c38dd3537.jpg', 'screen.jpg', '2026-11-24T16:00:20.582Z');


--
-- Data for Name: geocode_cache; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: geocoder_slots; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.geocoder_slots VALUES ('remote', 0);


--
-- Data for Name: group_members; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.group_members VALUES ('fbb5a527-35de-42ab-b150-c79b847de181', '6b6a1d54-7efd-49e2-91f5-ae7620fb111b', '2026-11-24T16:00:17.740Z');
INSERT INTO public.group_members VALUES ('fbb5a527-35de-42ab-b150-c79b847de181', '21dee1d4-e72d-4a8b-a38a-b90902c46a0f', '2026-11-24T16:00:17.914Z');


--
-- Data for Name: group_slug_history; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.group_slug_history VALUES ('grune-kurven', 'fbb5a527-35de-42ab-b150-c79b847de181', '2026-11-24T16:00:17.787Z');


--
-- Data for Name: groups; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.groups VALUES ('fbb5a527-35de-42ab-b150-c79b847de181', 'Grüne Kurven Ακρόπολη', 'grune-kurven-akropoli', 'Sunday morning twisties', 'Bologna, Emilia-Romagna, Italy', 44.4949, 11.3426, 50, 1, 'UTC+01:00', 'Berlin', NULL, '6b6a1d54-7efd-49e2-91f5-ae7620fb111b', '2026-11-24T16:00:17.740Z', 'grüne kurven ακρόπολη');


--
-- Data for Name: invitations; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.invitations VALUES ('1cb1a2ef-2615-4617-9673-49b4d464576f', '5c8d6c7fb25c3aa71f35be2682004cfbb206ffe94e1b244d02b6a42484ac0f43', 'fbb5a527-35de-42ab-b150-c79b847de181', '6b6a1d54-7efd-49e2-91f5-ae7620fb111b', 'Giulia', 'Marco', NULL, '2026-11-24T16:00:18.335Z', '2026-12-01T16:00:18.335Z', NULL, NULL, NULL);


--
-- Data for Name: kysely_migration; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.kysely_migration VALUES ('001_foundation', '2026-11-24T16:00:15.990Z');
INSERT INTO public.kysely_migration VALUES ('002_groups', '2026-11-24T16:00:16.138Z');
INSERT INTO public.kysely_migration VALUES ('003_media', '2026-11-24T16:00:16.215Z');
INSERT INTO public.kysely_migration VALUES ('004_rides_polls_invites', '2026-11-24T16:00:16.480Z');
INSERT INTO public.kysely_migration VALUES ('005_geocode_cache', '2026-11-24T16:00:16.582Z');
INSERT INTO public.kysely_migration VALUES ('006_route_cache', '2026-11-24T16:00:16.602Z');
INSERT INTO public.kysely_migration VALUES ('007_media_gallery', '2026-11-24T16:00:16.681Z');
INSERT INTO public.kysely_migration VALUES ('008_read_indexes', '2026-11-24T16:00:16.713Z');
INSERT INTO public.kysely_migration VALUES ('009_ride_cards', '2026-11-24T16:00:16.810Z');
INSERT INTO public.kysely_migration VALUES ('010_ride_card_seats', '2026-11-24T16:00:16.820Z');
INSERT INTO public.kysely_migration VALUES ('011_link_binding', '2026-11-24T16:00:16.833Z');
INSERT INTO public.kysely_migration VALUES ('012_sessions', '2026-11-24T16:00:16.861Z');
INSERT INTO public.kysely_migration VALUES ('013_invitations', '2026-11-24T16:00:16.870Z');
INSERT INTO public.kysely_migration VALUES ('014_write_limits', '2026-11-24T16:00:16.888Z');
INSERT INTO public.kysely_migration VALUES ('015_notification_subject', '2026-11-24T16:00:16.903Z');
INSERT INTO public.kysely_migration VALUES ('016_slugs', '2026-11-24T16:00:16.978Z');
INSERT INTO public.kysely_migration VALUES ('017_ride_end_of_last_day', '2026-11-24T16:00:16.986Z');
INSERT INTO public.kysely_migration VALUES ('018_gpx_privacy_zone', '2026-11-24T16:00:16.993Z');


--
-- Data for Name: kysely_migration_lock; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.kysely_migration_lock VALUES ('migration_lock', 0);


--
-- Data for Name: magic_links; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.magic_links VALUES ('443e596b-76f5-496f-80dd-82fd516be314', 'b0eacf3ebdc5699f43e005708cd9b89b24ef3fb3fe40a8a5b51cd8394d7356b2', 'owner@upgrade.test', 'sign_in', NULL, '6d982f7b63366cda86138b86d86a9a87735de755c631fd9b2ed130dde6ca04cd', '2026-11-24T16:00:17.434Z', '2026-11-24T17:00:17.434Z', '2026-11-24T16:00:17.460Z', NULL, '17757cdd751e92a069a13fa2eabcc172b279366afa55a6e52ec6fb1d18f3d766', NULL, 1);
INSERT INTO public.magic_links VALUES ('aaba22be-dc2b-4caa-a181-a8b6d670de5d', '082944ce0832f9ac06397144ebf16e3f2c21d580a4f4bef6defe70e348628734', 'member@upgrade.test', 'sign_in', NULL, '455ad5b38b07487d976de2c846a8aad3347faa803cd5244633dbb21ae4b07029', '2026-11-24T16:00:17.522Z', '2026-11-24T17:00:17.522Z', '2026-11-24T16:00:17.547Z', NULL, '2aa5bb3152fd28c24a492a63c4a82d27a7eb1802d751e639e6fb01f2f876aae4', NULL, 1);


--
-- Data for Name: media; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.media VALUES ('12d393e1-82a9-4dbb-ae8f-a127eb4f5121', '6b6a1d54-7efd-49e2-91f5-ae7620fb111b', '/media/files/cb4380541f53d85f6c9862c5a77abc8c.jpg', 'cb4380541f53d85f6c9862c5a77abc8c.jpg', 'ae74aaca341c28a4ee384df82cb75085.thumb.jpg', 'futa.jpg', NULL, 'image/jpeg', 'image', 140599, 'ride', '3b36472c-e554-4d2a-9c1c-ed4a93e76e4d', '2026-11-24T16:00:18.658Z', NULL, NULL);
INSERT INTO public.media VALUES ('973d38e3-4c0f-442e-b46b-2543c664d755', '6b6a1d54-7efd-49e2-91f5-ae7620fb111b', '/media/files/6b5cae2e4a253ed90fc5a78f8bd7d709.gpx', '6b5cae2e4a253ed90fc5a78f8bd7d709.gpx', NULL, 'futa.gpx', NULL, 'application/gpx+xml', 'gpx', 30606, 'ride', '3b36472c-e554-4d2a-9c1c-ed4a93e76e4d', '2026-11-24T16:00:20.409Z', '{"name":null,"bounds":{"minLat":38.891148,"minLon":-77.014145,"maxLat":38.908122,"maxLon":-77.002798},"summary":{"distanceKm":9.525,"elevationGainM":0,"elevationLossM":0,"pointCount":420,"trackCount":3,"routeCount":0,"waypointCount":0,"durationSeconds":163,"startTime":"2007-05-11T15:23:00.000Z","endTime":"2009-09-13T09:54:03.000Z"},"privateBounds":{"200m":{"minLat":38.892031,"minLon":-77.014145,"maxLat":38.908122,"maxLon":-77.003475},"500m":{"minLat":38.892031,"minLon":-77.014145,"maxLat":38.906947,"maxLon":-77.003475},"1km":{"minLat":38.892031,"minLon":-77.014079,"maxLat":38.899231,"maxLon":-77.003475}}}', '{"name":null,"tracks":[{"name":"dc.zip","points":[{"lat":38.891148,"lon":-77.005867,"ele":null,"time":"2007-05-11T15:23:00.000Z"},{"lat":38.891148,"lon":-77.005867,"ele":null,"time":"2007-05-11T15:23:00.000Z"},{"lat":38.891148,"lon":-77.005867,"ele":null,"time":"2007-05-11T15:23:00.000Z"},{"lat":38.891148,"lon":-77.005867,"ele":null,"time":"2007-05-11T15:23:00.000Z"},{"lat":38.891148,"lon":-77.005867,"ele":null,"time":"2007-05-11T15:23:00.000Z"},{"lat":38.891148,"lon":-77.005867,"ele":null,"time":"2007-05-11T15:23:00.000Z"},{"lat":38.891148,"lon":-77.005867,"ele":null,"time":"2007-05-11T15:23:00.000Z"},{"lat":38.891148,"lon":-77.005867,"ele":null,"time":"2007-05-11T15:23:00.000Z"},{"lat":38.891148,"lon":-77.005867,"ele":null,"time":"2007-05-11T15:23:00.000Z"},{"lat":38.891148,"lon":-77.005867,"ele":null,"time":"2007-05-11T15:23:00.000Z"},{"lat":38.891148,"lon":-77.005867,"ele":null,"time":"2007-05-11T15:23:00.000Z"},{"lat":38.891148,"lon":-77.005867,"ele":null,"time":"2007-05-11T15:23:00.000Z"},{"lat":38.891148,"lon":-77.005867,"ele":null,"time":"2007-05-11T15:23:00.000Z"},{"lat":38.891148,"lon":-77.005867,"ele":null,"time":"2007-05-11T15:23:00.000Z"},{"lat":38.891148,"lon":-77.005867,"ele":null,"time":"2007-05-11T15:23:00.000Z"},{"lat":38.891148,"lon":-77.005867,"ele":null,"time":"2007-05-11T15:23:00.000Z"},{"lat":38.891148,"lon":-77.005867,"ele":null,"time":"2007-05-11T15:23:00.000Z"},{"lat":38.891148,"lon":-77.005867,"ele":null,"time":"2007-05-11T15:23:00.000Z"},{"lat":38.891148,"lon":-77.005867,"ele":null,"time":"2007-05-11T15:23:00.000Z"},{"lat":38.891148,"lon":-77.005867,"ele":null,"time":"2007-05-11T15:23:00.000Z"},{"lat":38.891148,"lon":-77.005867,"ele":null,"time":"2007-05-11T15:23:00.000Z"},{"lat":38.891148,"lon":-77.005867,"ele":null,"time":"2007-05-11T15:23:00.000Z"},{"lat":38.891148,"lon":-77.005867,"ele":null,"time":"2007-05-11T15:23:00.000Z"},{"lat":38.891148,"lon":-77.005867,"ele":null,"time":"2007-05-11T15:23:00.000Z"},{"lat":38.891148,"lon":-77.005867,"ele":null,"time":"2007-05-11T15:23:00.000Z"},{"lat":38.891148,"lon":-77.005867,"ele":null,"time":"2007-05-11T15:23:01.000Z"},{"lat":38.891148,"lon":-77.005867,"ele":null,"time":"2007-05-11T15:23:01.000Z"},{"lat":38.891148,"lon":-77.005867,"ele":null,"time":"2007-05-11T15:23:01.000Z"},{"lat":38.891148,"lon":-77.005867,"ele":null,"time":"2007-05-11T15:23:01.000Z"},{"lat":38.891148,"lon":-77.005867,"ele":null,"time":"2007-05-11T15:23:01.000Z"},{"lat":38.891148,"lon":-77.005867,"ele":null,"time":"2007-05-11T15:23:01.000Z"},{"lat":38.891148,"lon":-77.005867,"ele":null,"time":"2007-05-11T15:23:01.000Z"},{"lat":38.891148,"lon":-77.005867,"ele":null,"time":"2007-05-11T15:23:01.000Z"},{"lat":38.891148,"lon":-77.005867,"ele":null,"time":"2007-05-11T15:23:01.000Z"},{"lat":38.891148,"lon":-77.005867,"ele":null,"time":"2007-05-11T15:23:01.000Z"},{"lat":38.891148,"lon":-77.005867,"ele":null,"time":"2007-05-11T15:23:01.000Z"},{"lat":38.891148,"lon":-77.005867,"ele":null,"time":"2007-05-11T15:23:01.000Z"},{"lat":38.891148,"lon":-77.005867,"ele":null,"time":"2007-05-11T15:23:01.000Z"},{"lat":38.891148,"lon":-77.005867,"ele":null,"time":"2007-05-11T15:23:01.000Z"},{"lat":38.891148,"lon":-77.005867,"ele":null,"time":"2007-05-11T15:23:01.000Z"},{"lat":38.891148,"lon":-77.005867,"ele":null,"time":"2007-05-11T15:23:01.000Z"},{"lat":38.891148,"lon":-77.005867,"ele":null,"time":"2007-05-11T15:23:01.000Z"},{"lat":38.891148,"lon":-77.005867,"ele":null,"time":"2007-05-11T15:23:01.000Z"},{"lat":38.891148,"lon":-77.005867,"ele":null,"time":"2007-05-11T15:23:01.000Z"},{"lat":38.891148,"lon":-77.005867,"ele":null,"time":"2007-05-11T15:23:01.000Z"},{"lat":38.891148,"lon":-77.005867,"ele":null,"time":"2007-05-11T15:23:01.000Z"},{"lat":38.891148,"lon":-77.005867,"ele":null,"time":"2007-05-11T15:23:01.000Z"},{"lat":38.891148,"lon":-77.005867,"ele":null,"time":"2007-05-11T15:23:01.000Z"},{"lat":38.891148,"lon":-77.005867,"ele":null,"time":"2007-05-11T15:23:01.000Z"},{"lat":38.891148,"lon":-77.005867,"ele":null,"time":"2007-05-11T15:23:01.000Z"},{"lat":38.891148,"lon":-77.005867,"ele":null,"time":"2007-05-11T15:23:01.000Z"},{"lat":38.891148,"lon":-77.005867,"ele":null,"time":"2007-05-11T15:23:01.000Z"},{"lat":38.891148,"lon":-77.005867,"ele":null,"time":"2007-05-11T15:23:01.000Z"},{"lat":38.891148,"lon":-77.005867,"ele":null,"time":"2007-05-11T15:23:01.000Z"},{"lat":38.891148,"lon":-77.005867,"ele":null,"time":"2007-05-11T15:23:01.000Z"},{"lat":38.891148,"lon":-77.005867,"ele":null,"time":"2007-05-11T15:23:01.000Z"},{"lat":38.891148,"lon":-77.005867,"ele":null,"time":"2007-05-11T15:23:01.000Z"},{"lat":38.891148,"lon":-77.005867,"ele":null,"time":"2007-05-11T15:23:01.000Z"},{"lat":38.891148,"lon":-77.005867,"ele":null,"time":"2007-05-11T15:23:01.000Z"},{"lat":38.891148,"lon":-77.005867,"ele":null,"time":"2007-05-11T15:23:02.000Z"}],"segmentStarts":[0]},{"name":"GPS_20090913_001033.gpx","points":[{"lat":38.8960916,"lon":-77.0141166,"ele":null,"time":"2009-09-13T09:51:22.000Z"},{"lat":38.8962616,"lon":-77.0141183,"ele":null,"time":"2009-09-13T09:51:23.000Z"},{"lat":38.8961583,"lon":-77.01406,"ele":null,"time":"2009-09-13T09:51:24.000Z"},{"lat":38.8966566,"lon":-77.0141333,"ele":null,"time":"2009-09-13T09:51:26.000Z"},{"lat":38.8968466,"lon":-77.0141283,"ele":null,"time":"2009-09-13T09:51:27.000Z"},{"lat":38.8970416,"lon":-77.014135,"ele":null,"time":"2009-09-13T09:51:28.000Z"},{"lat":38.897235,"lon":-77.0141283,"ele":null,"time":"2009-09-13T09:51:29.000Z"},{"lat":38.8974433,"lon":-77.0141233,"ele":null,"time":"2009-09-13T09:51:30.000Z"},{"lat":38.8976483,"lon":-77.0141233,"ele":null,"time":"2009-09-13T09:51:31.000Z"},{"lat":38.897855,"lon":-77.01412,"ele":null,"time":"2009-09-13T09:51:32.000Z"},{"lat":38.89806,"lon":-77.0141183,"ele":null,"time":"2009-09-13T09:51:33.000Z"},{"lat":38.898275,"lon":-77.0140916,"ele":null,"time":"2009-09-13T09:51:34.000Z"},{"lat":38.8984883,"lon":-77.01407,"ele":null,"time":"2009-09-13T09:51:35.000Z"},{"lat":38.8986966,"lon":-77.0140566,"ele":null,"time":"2009-09-13T09:51:36.000Z"},{"lat":38.8989033,"lon":-77.0140483,"ele":null,"time":"2009-09-13T09:51:37.000Z"},{"lat":38.8991066,"lon":-77.0140466,"ele":null,"time":"2009-09-13T09:51:38.000Z"},{"lat":38.89931,"lon":-77.0140466,"ele":null,"time":"2009-09-13T09:51:39.000Z"},{"lat":38.8995133,"lon":-77.0140483,"ele":null,"time":"2009-09-13T09:51:40.000Z"},{"lat":38.899715,"lon":-77.01405,"ele":null,"time":"2009-09-13T09:51:41.000Z"},{"lat":38.8999183,"lon":-77.0140516,"ele":null,"time":"2009-09-13T09:51:42.000Z"},{"lat":38.9001216,"lon":-77.0140533,"ele":null,"time":"2009-09-13T09:51:43.000Z"},{"lat":38.9003233,"lon":-77.014055,"ele":null,"time":"2009-09-13T09:51:44.000Z"},{"lat":38.9005266,"lon":-77.0140566,"ele":null,"time":"2009-09-13T09:51:45.000Z"},{"lat":38.90073,"lon":-77.0140583,"ele":null,"time":"2009-09-13T09:51:46.000Z"},{"lat":38.9009316,"lon":-77.01406,"ele":null,"time":"2009-09-13T09:51:47.000Z"},{"lat":38.901135,"lon":-77.0140616,"ele":null,"time":"2009-09-13T09:51:48.000Z"},{"lat":38.9013383,"lon":-77.0140633,"ele":null,"time":"2009-09-13T09:51:49.000Z"},{"lat":38.90154,"lon":-77.014065,"ele":null,"time":"2009-09-13T09:51:50.000Z"},{"lat":38.9017433,"lon":-77.0140666,"ele":null,"time":"2009-09-13T09:51:51.000Z"},{"lat":38.9019466,"lon":-77.0140683,"ele":null,"time":"2009-09-13T09:51:52.000Z"},{"lat":38.9021483,"lon":-77.01407,"ele":null,"time":"2009-09-13T09:51:53.000Z"},{"lat":38.9055516,"lon":-77.014145,"ele":null,"time":"2009-09-13T09:52:40.000Z"},{"lat":38.9055916,"lon":-77.014025,"ele":null,"time":"2009-09-13T09:52:41.000Z"},{"lat":38.9056283,"lon":-77.0139016,"ele":null,"time":"2009-09-13T09:52:42.000Z"},{"lat":38.9056716,"lon":-77.01378,"ele":null,"time":"2009-09-13T09:52:43.000Z"},{"lat":38.9057116,"lon":-77.0136583,"ele":null,"time":"2009-09-13T09:52:44.000Z"},{"lat":38.9057516,"lon":-77.0135383,"ele":null,"time":"2009-09-13T09:52:45.000Z"},{"lat":38.9057883,"lon":-77.0134216,"ele":null,"time":"2009-09-13T09:52:46.000Z"},{"lat":38.9058266,"lon":-77.0133066,"ele":null,"time":"2009-09-13T09:52:47.000Z"},{"lat":38.9058666,"lon":-77.0131916,"ele":null,"time":"2009-09-13T09:52:48.000Z"},{"lat":38.905905,"lon":-77.0130766,"ele":null,"time":"2009-09-13T09:52:49.000Z"},{"lat":38.9059466,"lon":-77.012965,"ele":null,"time":"2009-09-13T09:52:50.000Z"},{"lat":38.905985,"lon":-77.0128533,"ele":null,"time":"2009-09-13T09:52:51.000Z"},{"lat":38.906025,"lon":-77.0127466,"ele":null,"time":"2009-09-13T09:52:52.000Z"},{"lat":38.90606,"lon":-77.012645,"ele":null,"time":"2009-09-13T09:52:53.000Z"},{"lat":38.90609,"lon":-77.01255,"ele":null,"time":"2009-09-13T09:52:54.000Z"},{"lat":38.9061216,"lon":-77.0124666,"ele":null,"time":"2009-09-13T09:52:55.000Z"},{"lat":38.9061483,"lon":-77.0123966,"ele":null,"time":"2009-09-13T09:52:56.000Z"},{"lat":38.9061666,"lon":-77.01234,"ele":null,"time":"2009-09-13T09:52:57.000Z"},{"lat":38.9061783,"lon":-77.0122983,"ele":null,"time":"2009-09-13T09:52:58.000Z"},{"lat":38.9061866,"lon":-77.0122716,"ele":null,"time":"2009-09-13T09:52:59.000Z"},{"lat":38.9061916,"lon":-77.012255,"ele":null,"time":"2009-09-13T09:53:00.000Z"},{"lat":38.9061916,"lon":-77.0122466,"ele":null,"time":"2009-09-13T09:53:01.000Z"},{"lat":38.9061933,"lon":-77.01224,"ele":null,"time":"2009-09-13T09:53:02.000Z"},{"lat":38.9061933,"lon":-77.0122366,"ele":null,"time":"2009-09-13T09:53:03.000Z"},{"lat":38.9061933,"lon":-77.0122366,"ele":null,"time":"2009-09-13T09:53:04.000Z"},{"lat":38.9061933,"lon":-77.0122366,"ele":null,"time":"2009-09-13T09:53:05.000Z"},{"lat":38.9061933,"lon":-77.0122366,"ele":null,"time":"2009-09-13T09:53:06.000Z"},{"lat":38.9061933,"lon":-77.0122366,"ele":null,"time":"2009-09-13T09:53:07.000Z"},{"lat":38.9061933,"lon":-77.0122366,"ele":null,"time":"2009-09-13T09:53:08.000Z"},{"lat":38.9061933,"lon":-77.0122366,"ele":null,"time":"2009-09-13T09:53:09.000Z"},{"lat":38.9061933,"lon":-77.0122366,"ele":null,"time":"2009-09-13T09:53:10.000Z"},{"lat":38.9061933,"lon":-77.0122366,"ele":null,"time":"2009-09-13T09:53:11.000Z"},{"lat":38.9061933,"lon":-77.0122366,"ele":null,"time":"2009-09-13T09:53:12.000Z"},{"lat":38.9061933,"lon":-77.0122366,"ele":null,"time":"2009-09-13T09:53:13.000Z"},{"lat":38.9061866,"lon":-77.012225,"ele":null,"time":"2009-09-13T09:53:14.000Z"},{"lat":38.9061966,"lon":-77.0121933,"ele":null,"time":"2009-09-13T09:53:15.000Z"},{"lat":38.9062116,"lon":-77.0121533,"ele":null,"time":"2009-09-13T09:53:16.000Z"},{"lat":38.9062316,"lon":-77.0120966,"ele":null,"time":"2009-09-13T09:53:17.000Z"},{"lat":38.906255,"lon":-77.0120283,"ele":null,"time":"2009-09-13T09:53:18.000Z"},{"lat":38.9062816,"lon":-77.01195,"ele":null,"time":"2009-09-13T09:53:19.000Z"},{"lat":38.9063133,"lon":-77.0118583,"ele":null,"time":"2009-09-13T09:53:20.000Z"},{"lat":38.906345,"lon":-77.0117666,"ele":null,"time":"2009-09-13T09:53:21.000Z"},{"lat":38.9063783,"lon":-77.0116666,"ele":null,"time":"2009-09-13T09:53:22.000Z"},{"lat":38.906415,"lon":-77.0115616,"ele":null,"time":"2009-09-13T09:53:23.000Z"},{"lat":38.906455,"lon":-77.0114466,"ele":null,"time":"2009-09-13T09:53:24.000Z"},{"lat":38.906495,"lon":-77.0113316,"ele":null,"time":"2009-09-13T09:53:25.000Z"},{"lat":38.9065383,"lon":-77.0112133,"ele":null,"time":"2009-09-13T09:53:26.000Z"},{"lat":38.9065816,"lon":-77.0110916,"ele":null,"time":"2009-09-13T09:53:27.000Z"},{"lat":38.9066283,"lon":-77.0109666,"ele":null,"time":"2009-09-13T09:53:28.000Z"},{"lat":38.9066716,"lon":-77.0108333,"ele":null,"time":"2009-09-13T09:53:29.000Z"},{"lat":38.9067166,"lon":-77.0107016,"ele":null,"time":"2009-09-13T09:53:30.000Z"},{"lat":38.9067616,"lon":-77.0105733,"ele":null,"time":"2009-09-13T09:53:31.000Z"},{"lat":38.90681,"lon":-77.010445,"ele":null,"time":"2009-09-13T09:53:32.000Z"},{"lat":38.906855,"lon":-77.0103166,"ele":null,"time":"2009-09-13T09:53:33.000Z"},{"lat":38.9068983,"lon":-77.0101883,"ele":null,"time":"2009-09-13T09:53:34.000Z"},{"lat":38.9069416,"lon":-77.010065,"ele":null,"time":"2009-09-13T09:53:35.000Z"},{"lat":38.9069816,"lon":-77.0099483,"ele":null,"time":"2009-09-13T09:53:36.000Z"},{"lat":38.90702,"lon":-77.0098366,"ele":null,"time":"2009-09-13T09:53:37.000Z"},{"lat":38.907055,"lon":-77.0097283,"ele":null,"time":"2009-09-13T09:53:38.000Z"},{"lat":38.9070916,"lon":-77.0096233,"ele":null,"time":"2009-09-13T09:53:39.000Z"},{"lat":38.9071266,"lon":-77.0095183,"ele":null,"time":"2009-09-13T09:53:40.000Z"},{"lat":38.9071633,"lon":-77.0094116,"ele":null,"time":"2009-09-13T09:53:41.000Z"},{"lat":38.9072016,"lon":-77.0093033,"ele":null,"time":"2009-09-13T09:53:42.000Z"},{"lat":38.9072416,"lon":-77.0091933,"ele":null,"time":"2009-09-13T09:53:43.000Z"},{"lat":38.90728,"lon":-77.0090816,"ele":null,"time":"2009-09-13T09:53:44.000Z"},{"lat":38.9073183,"lon":-77.0089683,"ele":null,"time":"2009-09-13T09:53:45.000Z"},{"lat":38.9073583,"lon":-77.0088533,"ele":null,"time":"2009-09-13T09:53:46.000Z"},{"lat":38.9074,"lon":-77.008735,"ele":null,"time":"2009-09-13T09:53:47.000Z"},{"lat":38.9074433,"lon":-77.008615,"ele":null,"time":"2009-09-13T09:53:48.000Z"},{"lat":38.9074866,"lon":-77.00849,"ele":null,"time":"2009-09-13T09:53:49.000Z"},{"lat":38.90753,"lon":-77.0083616,"ele":null,"time":"2009-09-13T09:53:50.000Z"},{"lat":38.907575,"lon":-77.0082316,"ele":null,"time":"2009-09-13T09:53:51.000Z"},{"lat":38.90762,"lon":-77.0081,"ele":null,"time":"2009-09-13T09:53:52.000Z"},{"lat":38.9076666,"lon":-77.0079666,"ele":null,"time":"2009-09-13T09:53:53.000Z"},{"lat":38.9077133,"lon":-77.0078333,"ele":null,"time":"2009-09-13T09:53:54.000Z"},{"lat":38.90776,"lon":-77.0077,"ele":null,"time":"2009-09-13T09:53:55.000Z"},{"lat":38.9078083,"lon":-77.0075666,"ele":null,"time":"2009-09-13T09:53:56.000Z"},{"lat":38.9078533,"lon":-77.0074333,"ele":null,"time":"2009-09-13T09:53:57.000Z"},{"lat":38.9078983,"lon":-77.0073033,"ele":null,"time":"2009-09-13T09:53:58.000Z"},{"lat":38.9079433,"lon":-77.0071733,"ele":null,"time":"2009-09-13T09:53:59.000Z"},{"lat":38.9079866,"lon":-77.0070466,"ele":null,"time":"2009-09-13T09:54:00.000Z"},{"lat":38.90803,"lon":-77.00692,"ele":null,"time":"2009-09-13T09:54:01.000Z"},{"lat":38.9080716,"lon":-77.0067966,"ele":null,"time":"2009-09-13T09:54:02.000Z"},{"lat":38.9081133,"lon":-77.006675,"ele":null,"time":"2009-09-13T09:54:03.000Z"}],"segmentStarts":[0]},{"name":null,"points":[{"lat":38.908091,"lon":-77.006941,"ele":null,"time":null},{"lat":38.907995,"lon":-77.00721,"ele":null,"time":null},{"lat":38.90774,"lon":-77.007929,"ele":null,"time":null},{"lat":38.907467,"lon":-77.008708,"ele":null,"time":null},{"lat":38.907438,"lon":-77.008796,"ele":null,"time":null},{"lat":38.907371,"lon":-77.008974,"ele":null,"time":null},{"lat":38.907352,"lon":-77.009042,"ele":null,"time":null},{"lat":38.907299,"lon":-77.00921,"ele":null,"time":null},{"lat":38.907299,"lon":-77.00921,"ele":null,"time":null},{"lat":38.906487,"lon":-77.009164,"ele":null,"time":null},{"lat":38.905947,"lon":-77.009149,"ele":null,"time":null},{"lat":38.905524,"lon":-77.00913,"ele":null,"time":null},{"lat":38.905427,"lon":-77.009121,"ele":null,"time":null},{"lat":38.905235,"lon":-77.009097,"ele":null,"time":null},{"lat":38.90457,"lon":-77.009097,"ele":null,"time":null},{"lat":38.904247,"lon":-77.009097,"ele":null,"time":null},{"lat":38.904247,"lon":-77.009097,"ele":null,"time":null},{"lat":38.904168,"lon":-77.009097,"ele":null,"time":null},{"lat":38.904129,"lon":-77.009097,"ele":null,"time":null},{"lat":38.903423,"lon":-77.009097,"ele":null,"time":null},{"lat":38.902732,"lon":-77.009097,"ele":null,"time":null},{"lat":38.902732,"lon":-77.009097,"ele":null,"time":null},{"lat":38.902429,"lon":-77.009097,"ele":null,"time":null},{"lat":38.901656,"lon":-77.009097,"ele":null,"time":null},{"lat":38.900572,"lon":-77.009097,"ele":null,"time":null},{"lat":38.900411,"lon":-77.009097,"ele":null,"time":null},{"lat":38.900411,"lon":-77.009097,"ele":null,"time":null},{"lat":38.900081,"lon":-77.009097,"ele":null,"time":null},{"lat":38.899231,"lon":-77.009097,"ele":null,"time":null},{"lat":38.898173,"lon":-77.009125,"ele":null,"time":null},{"lat":38.89797,"lon":-77.009133,"ele":null,"time":null},{"lat":38.897711,"lon":-77.00914,"ele":null,"time":null},{"lat":38.897642,"lon":-77.00914,"ele":null,"time":null},{"lat":38.8975,"lon":-77.009067,"ele":null,"time":null},{"lat":38.8975,"lon":-77.009067,"ele":null,"time":null},{"lat":38.897439,"lon":-77.008955,"ele":null,"time":null},{"lat":38.8974,"lon":-77.008865,"ele":null,"time":null},{"lat":38.897359,"lon":-77.008769,"ele":null,"time":null},{"lat":38.897077,"lon":-77.008116,"ele":null,"time":null},{"lat":38.897028,"lon":-77.008018,"ele":null,"time":null},{"lat":38.896974,"lon":-77.007911,"ele":null,"time":null},{"lat":38.896895,"lon":-77.007806,"ele":null,"time":null},{"lat":38.896844,"lon":-77.007798,"ele":null,"time":null},{"lat":38.896789,"lon":-77.007791,"ele":null,"time":null},{"lat":38.896789,"lon":-77.007791,"ele":null,"time":null},{"lat":38.896657,"lon":-77.007772,"ele":null,"time":null},{"lat":38.896575,"lon":-77.007738,"ele":null,"time":null},{"lat":38.896409,"lon":-77.007638,"ele":null,"time":null},{"lat":38.896241,"lon":-77.007538,"ele":null,"time":null},{"lat":38.896164,"lon":-77.007464,"ele":null,"time":null},{"lat":38.895966,"lon":-77.007097,"ele":null,"time":null},{"lat":38.895936,"lon":-77.007014,"ele":null,"time":null},{"lat":38.89591,"lon":-77.006943,"ele":null,"time":null},{"lat":38.895826,"lon":-77.006176,"ele":null,"time":null},{"lat":38.895862,"lon":-77.00515,"ele":null,"time":null},{"lat":38.895835,"lon":-77.005043,"ele":null,"time":null},{"lat":38.895309,"lon":-77.003759,"ele":null,"time":null},{"lat":38.895241,"lon":-77.003597,"ele":null,"time":null},{"lat":38.895209,"lon":-77.003523,"ele":null,"time":null},{"lat":38.895118,"lon":-77.003518,"ele":null,"time":null},{"lat":38.895023,"lon":-77.003518,"ele":null,"time":null},{"lat":38.894769,"lon":-77.003518,"ele":null,"time":null},{"lat":38.89414,"lon":-77.003495,"ele":null,"time":null},{"lat":38.893774,"lon":-77.003482,"ele":null,"time":null},{"lat":38.893093,"lon":-77.003475,"ele":null,"time":null},{"lat":38.893093,"lon":-77.003475,"ele":null,"time":null},{"lat":38.89297,"lon":-77.003475,"ele":null,"time":null},{"lat":38.892535,"lon":-77.003475,"ele":null,"time":null},{"lat":38.89211,"lon":-77.003475,"ele":null,"time":null},{"lat":38.89209,"lon":-77.003475,"ele":null,"time":null},{"lat":38.89226,"lon":-77.003475,"ele":null,"time":null},{"lat":38.892346,"lon":-77.003475,"ele":null,"time":null},{"lat":38.892346,"lon":-77.003475,"ele":null,"time":null},{"lat":38.892031,"lon":-77.003845,"ele":null,"time":null},{"lat":38.892031,"lon":-77.003992,"ele":null,"time":null},{"lat":38.892031,"lon":-77.00414,"ele":null,"time":null},{"lat":38.892031,"lon":-77.005397,"ele":null,"time":null},{"lat":38.892031,"lon":-77.00546,"ele":null,"time":null},{"lat":38.892041,"lon":-77.005878,"ele":null,"time":null},{"lat":38.892031,"lon":-77.006545,"ele":null,"time":null},{"lat":38.892031,"lon":-77.006711,"ele":null,"time":null},{"lat":38.892031,"lon":-77.006868,"ele":null,"time":null},{"lat":38.892031,"lon":-77.007767,"ele":null,"time":null},{"lat":38.892055,"lon":-77.009004,"ele":null,"time":null},{"lat":38.892074,"lon":-77.011093,"ele":null,"time":null},{"lat":38.892074,"lon":-77.011983,"ele":null,"time":null},{"lat":38.892074,"lon":-77.012026,"ele":null,"time":null},{"lat":38.892074,"lon":-77.012047,"ele":null,"time":null},{"lat":38.892074,"lon":-77.012047,"ele":null,"time":null},{"lat":38.892074,"lon":-77.012047,"ele":null,"time":null},{"lat":38.892074,"lon":-77.012142,"ele":null,"time":null},{"lat":38.892166,"lon":-77.01223,"ele":null,"time":null},{"lat":38.892208,"lon":-77.01223,"ele":null,"time":null},{"lat":38.892262,"lon":-77.01223,"ele":null,"time":null},{"lat":38.892321,"lon":-77.01223,"ele":null,"time":null},{"lat":38.892362,"lon":-77.01223,"ele":null,"time":null},{"lat":38.892392,"lon":-77.01223,"ele":null,"time":null},{"lat":38.892418,"lon":-77.01223,"ele":null,"time":null},{"lat":38.892442,"lon":-77.01223,"ele":null,"time":null},{"lat":38.892917,"lon":-77.012224,"ele":null,"time":null},{"lat":38.894226,"lon":-77.012187,"ele":null,"time":null},{"lat":38.894485,"lon":-77.012187,"ele":null,"time":null},{"lat":38.894591,"lon":-77.012187,"ele":null,"time":null},{"lat":38.8947,"lon":-77.012187,"ele":null,"time":null},{"lat":38.894803,"lon":-77.012187,"ele":null,"time":null},{"lat":38.895276,"lon":-77.012172,"ele":null,"time":null},{"lat":38.895357,"lon":-77.012169,"ele":null,"time":null},{"lat":38.895628,"lon":-77.01216,"ele":null,"time":null},{"lat":38.895774,"lon":-77.012155,"ele":null,"time":null},{"lat":38.896311,"lon":-77.012144,"ele":null,"time":null},{"lat":38.896395,"lon":-77.012144,"ele":null,"time":null},{"lat":38.896395,"lon":-77.012144,"ele":null,"time":null},{"lat":38.896578,"lon":-77.012196,"ele":null,"time":null},{"lat":38.894952,"lon":-77.012183,"ele":null,"time":null},{"lat":38.894779,"lon":-77.012187,"ele":null,"time":null},{"lat":38.894822,"lon":-77.012187,"ele":null,"time":null},{"lat":38.894847,"lon":-77.012186,"ele":null,"time":null},{"lat":38.89487,"lon":-77.012185,"ele":null,"time":null},{"lat":38.894821,"lon":-77.01169,"ele":null,"time":null},{"lat":38.894821,"lon":-77.011498,"ele":null,"time":null},{"lat":38.894821,"lon":-77.011274,"ele":null,"time":null},{"lat":38.894821,"lon":-77.011106,"ele":null,"time":null},{"lat":38.894821,"lon":-77.011087,"ele":null,"time":null},{"lat":38.894821,"lon":-77.010998,"ele":null,"time":null},{"lat":38.894821,"lon":-77.010985,"ele":null,"time":null},{"lat":38.894816,"lon":-77.010816,"ele":null,"time":null},{"lat":38.894812,"lon":-77.010669,"ele":null,"time":null},{"lat":38.894808,"lon":-77.010547,"ele":null,"time":null},{"lat":38.894807,"lon":-77.010509,"ele":null,"time":null},{"lat":38.894804,"lon":-77.010404,"ele":null,"time":null},{"lat":38.894799,"lon":-77.010238,"ele":null,"time":null},{"lat":38.894796,"lon":-77.010116,"ele":null,"time":null},{"lat":38.894791,"lon":-77.00996,"ele":null,"time":null},{"lat":38.894789,"lon":-77.009861,"ele":null,"time":null},{"lat":38.894787,"lon":-77.00979,"ele":null,"time":null},{"lat":38.894786,"lon":-77.009754,"ele":null,"time":null},{"lat":38.894696,"lon":-77.00962,"ele":null,"time":null},{"lat":38.894784,"lon":-77.009704,"ele":null,"time":null},{"lat":38.894818,"lon":-77.009427,"ele":null,"time":null},{"lat":38.894818,"lon":-77.009427,"ele":null,"time":null},{"lat":38.894818,"lon":-77.009427,"ele":null,"time":null},{"lat":38.894818,"lon":-77.009427,"ele":null,"time":null},{"lat":38.894818,"lon":-77.009427,"ele":null,"time":null},{"lat":38.894818,"lon":-77.009427,"ele":null,"time":null},{"lat":38.894818,"lon":-77.009427,"ele":null,"time":null},{"lat":38.894818,"lon":-77.009427,"ele":null,"time":null},{"lat":38.895182,"lon":-77.008926,"ele":null,"time":null},{"lat":38.895211,"lon":-77.008887,"ele":null,"time":null},{"lat":38.895211,"lon":-77.008887,"ele":null,"time":null},{"lat":38.895211,"lon":-77.008887,"ele":null,"time":null},{"lat":38.895211,"lon":-77.008887,"ele":null,"time":null},{"lat":38.895211,"lon":-77.008887,"ele":null,"time":null},{"lat":38.895648,"lon":-77.008278,"ele":null,"time":null},{"lat":38.89571,"lon":-77.008192,"ele":null,"time":null},{"lat":38.89571,"lon":-77.008192,"ele":null,"time":null},{"lat":38.89571,"lon":-77.008192,"ele":null,"time":null},{"lat":38.895999,"lon":-77.00779,"ele":null,"time":null},{"lat":38.896059,"lon":-77.007706,"ele":null,"time":null},{"lat":38.896108,"lon":-77.007638,"ele":null,"time":null},{"lat":38.896108,"lon":-77.007638,"ele":null,"time":null},{"lat":38.896108,"lon":-77.007638,"ele":null,"time":null},{"lat":38.896623,"lon":-77.007767,"ele":null,"time":null},{"lat":38.896552,"lon":-77.007946,"ele":null,"time":null},{"lat":38.896552,"lon":-77.007946,"ele":null,"time":null},{"lat":38.896571,"lon":-77.007897,"ele":null,"time":null},{"lat":38.897076,"lon":-77.006905,"ele":null,"time":null},{"lat":38.897115,"lon":-77.006946,"ele":null,"time":null},{"lat":38.89711,"lon":-77.007171,"ele":null,"time":null},{"lat":38.897106,"lon":-77.007301,"ele":null,"time":null},{"lat":38.897102,"lon":-77.007334,"ele":null,"time":null},{"lat":38.897092,"lon":-77.007405,"ele":null,"time":null},{"lat":38.897104,"lon":-77.007531,"ele":null,"time":null},{"lat":38.897096,"lon":-77.007683,"ele":null,"time":null},{"lat":38.897082,"lon":-77.007825,"ele":null,"time":null},{"lat":38.897079,"lon":-77.007833,"ele":null,"time":null},{"lat":38.896899,"lon":-77.007966,"ele":null,"time":null},{"lat":38.896752,"lon":-77.008015,"ele":null,"time":null},{"lat":38.896678,"lon":-77.008013,"ele":null,"time":null},{"lat":38.896607,"lon":-77.008055,"ele":null,"time":null},{"lat":38.89652,"lon":-77.008195,"ele":null,"time":null},{"lat":38.896483,"lon":-77.008369,"ele":null,"time":null},{"lat":38.896425,"lon":-77.008542,"ele":null,"time":null},{"lat":38.896358,"lon":-77.008749,"ele":null,"time":null},{"lat":38.896302,"lon":-77.008901,"ele":null,"time":null},{"lat":38.896283,"lon":-77.009004,"ele":null,"time":null},{"lat":38.896267,"lon":-77.009208,"ele":null,"time":null},{"lat":38.89624,"lon":-77.009355,"ele":null,"time":null},{"lat":38.896102,"lon":-77.009793,"ele":null,"time":null},{"lat":38.896051,"lon":-77.010571,"ele":null,"time":null},{"lat":38.896051,"lon":-77.010589,"ele":null,"time":null},{"lat":38.896096,"lon":-77.01079,"ele":null,"time":null},{"lat":38.896135,"lon":-77.010978,"ele":null,"time":null},{"lat":38.896148,"lon":-77.011165,"ele":null,"time":null},{"lat":38.896136,"lon":-77.011306,"ele":null,"time":null},{"lat":38.896117,"lon":-77.011478,"ele":null,"time":null},{"lat":38.896118,"lon":-77.01149,"ele":null,"time":null},{"lat":38.896156,"lon":-77.011655,"ele":null,"time":null},{"lat":38.896176,"lon":-77.011831,"ele":null,"time":null},{"lat":38.896182,"lon":-77.012011,"ele":null,"time":null},{"lat":38.896165,"lon":-77.012085,"ele":null,"time":null},{"lat":38.896145,"lon":-77.01235,"ele":null,"time":null},{"lat":38.896126,"lon":-77.012516,"ele":null,"time":null},{"lat":38.896139,"lon":-77.012636,"ele":null,"time":null},{"lat":38.896149,"lon":-77.012763,"ele":null,"time":null},{"lat":38.896181,"lon":-77.012879,"ele":null,"time":null},{"lat":38.896178,"lon":-77.013003,"ele":null,"time":null},{"lat":38.896165,"lon":-77.013171,"ele":null,"time":null},{"lat":38.896172,"lon":-77.013193,"ele":null,"time":null},{"lat":38.896173,"lon":-77.01331,"ele":null,"time":null},{"lat":38.896198,"lon":-77.013424,"ele":null,"time":null},{"lat":38.896199,"lon":-77.013436,"ele":null,"time":null},{"lat":38.896214,"lon":-77.013668,"ele":null,"time":null},{"lat":38.896241,"lon":-77.013836,"ele":null,"time":null},{"lat":38.896255,"lon":-77.013875,"ele":null,"time":null},{"lat":38.896267,"lon":-77.014079,"ele":null,"time":null},{"lat":38.894287,"lon":-77.01373,"ele":null,"time":null},{"lat":38.894329,"lon":-77.013627,"ele":null,"time":null},{"lat":38.905797,"lon":-77.013522,"ele":null,"time":null},{"lat":38.906256,"lon":-77.012209,"ele":null,"time":null},{"lat":38.906947,"lon":-77.010265,"ele":null,"time":null},{"lat":38.907637,"lon":-77.008219,"ele":null,"time":null},{"lat":38.907809,"lon":-77.007736,"ele":null,"time":null},{"lat":38.908122,"lon":-77.006852,"ele":null,"time":null},{"lat":38.90808,"lon":-77.002798,"ele":null,"time":null},{"lat":38.908005,"lon":-77.002828,"ele":null,"time":null},{"lat":38.907933,"lon":-77.00286,"ele":null,"time":null},{"lat":38.90787,"lon":-77.00289,"ele":null,"time":null},{"lat":38.907801,"lon":-77.002931,"ele":null,"time":null},{"lat":38.907735,"lon":-77.002962,"ele":null,"time":null},{"lat":38.907676,"lon":-77.002983,"ele":null,"time":null},{"lat":38.907609,"lon":-77.003013,"ele":null,"time":null},{"lat":38.907534,"lon":-77.003048,"ele":null,"time":null},{"lat":38.907467,"lon":-77.003079,"ele":null,"time":null},{"lat":38.907401,"lon":-77.003101,"ele":null,"time":null},{"lat":38.907334,"lon":-77.003118,"ele":null,"time":null},{"lat":38.907265,"lon":-77.003131,"ele":null,"time":null},{"lat":38.907197,"lon":-77.003158,"ele":null,"time":null},{"lat":38.907127,"lon":-77.00319,"ele":null,"time":null},{"lat":38.907069,"lon":-77.003211,"ele":null,"time":null},{"lat":38.907008,"lon":-77.003232,"ele":null,"time":null},{"lat":38.906944,"lon":-77.003256,"ele":null,"time":null},{"lat":38.906883,"lon":-77.003287,"ele":null,"time":null},{"lat":38.906813,"lon":-77.003319,"ele":null,"time":null},{"lat":38.906736,"lon":-77.003345,"ele":null,"time":null},{"lat":38.906629,"lon":-77.003386,"ele":null,"time":null}],"segmentStarts":[0]}],"routes":[],"waypoints":[],"bounds":{"minLat":38.891148,"minLon":-77.014145,"maxLat":38.908122,"maxLon":-77.002798},"summary":{"distanceKm":9.525,"elevationGainM":0,"elevationLossM":0,"pointCount":420,"trackCount":3,"routeCount":0,"waypointCount":0,"durationSeconds":163,"startTime":"2007-05-11T15:23:00.000Z","endTime":"2009-09-13T09:54:03.000Z"}}');


--
-- Data for Name: media_files; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.media_files VALUES ('cb4380541f53d85f6c9862c5a77abc8c.jpg', '12d393e1-82a9-4dbb-ae8f-a127eb4f5121', '2026-11-24T16:00:18.658Z');
INSERT INTO public.media_files VALUES ('ae74aaca341c28a4ee384df82cb75085.thumb.jpg', '12d393e1-82a9-4dbb-ae8f-a127eb4f5121', '2026-11-24T16:00:18.658Z');
INSERT INTO public.media_files VALUES ('6b5cae2e4a253ed90fc5a78f8bd7d709.gpx', '973d38e3-4c0f-442e-b46b-2543c664d755', '2026-11-24T16:00:20.409Z');


--
-- Data for Name: membership_requests; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.membership_requests VALUES ('f55feb66-74c3-494c-bcfb-b470d82bd3cc', 'fbb5a527-35de-42ab-b150-c79b847de181', '98846c96-b082-4b2d-b56f-7efe58d7fb32', '2026-11-24T16:00:18.003Z');


--
-- Data for Name: notifications; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.notifications VALUES ('dda1c1bb-e8e4-4e08-8c66-a88dce3e2800', '6b6a1d54-7efd-49e2-91f5-ae7620fb111b', 'membership_request', 'Membership request', 'twistybandit6066 wants to join Grüne Kurven Ακρόπολη', 1, '2026-11-24T16:00:17.835Z', 'fbb5a527-35de-42ab-b150-c79b847de181', '21dee1d4-e72d-4a8b-a38a-b90902c46a0f');
INSERT INTO public.notifications VALUES ('b77d2db4-3c64-4e43-8425-75419b48b88a', '21dee1d4-e72d-4a8b-a38a-b90902c46a0f', 'membership_approved', 'Membership approved!', 'You''re now a member of Grüne Kurven Ακρόπολη.', 0, '2026-11-24T16:00:17.951Z', 'fbb5a527-35de-42ab-b150-c79b847de181', NULL);
INSERT INTO public.notifications VALUES ('15440879-2c92-4767-957f-048240c10144', '6b6a1d54-7efd-49e2-91f5-ae7620fb111b', 'membership_request', 'Membership request', 'thunderrider6878 wants to join Grüne Kurven Ακρόπολη', 0, '2026-11-24T16:00:18.011Z', 'fbb5a527-35de-42ab-b150-c79b847de181', '98846c96-b082-4b2d-b56f-7efe58d7fb32');
INSERT INTO public.notifications VALUES ('12be0746-cf82-4436-aa6e-8141518f3c6d', '21dee1d4-e72d-4a8b-a38a-b90902c46a0f', 'ride_created', 'New Ride Created', 'Futa has been added to your group', 0, '2026-11-24T16:00:18.079Z', NULL, NULL);
INSERT INTO public.notifications VALUES ('c7b14578-a25b-4325-991c-6d61456782a8', '21dee1d4-e72d-4a8b-a38a-b90902c46a0f', 'poll_created', 'New Poll Created', 'Vote on: Alps weekend', 0, '2026-11-24T16:00:18.286Z', NULL, NULL);
INSERT INTO public.notifications VALUES ('9f75cfc9-3248-4fc6-b553-17c533c995ed', '21dee1d4-e72d-4a8b-a38a-b90902c46a0f', 'media_uploaded', 'New Media', 'alpineranger4580 uploaded new media', 0, '2026-11-24T16:00:18.712Z', NULL, NULL);
INSERT INTO public.notifications VALUES ('6f21faf7-2e2a-47ce-a879-3107112786b3', '21dee1d4-e72d-4a8b-a38a-b90902c46a0f', 'media_uploaded', 'New Media', 'alpineranger4580 uploaded new media', 0, '2026-11-24T16:00:20.454Z', NULL, NULL);


--
-- Data for Name: poll_responses; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.poll_responses VALUES ('b6308efa-000e-46c7-a388-90b3b770bdcb', '21dee1d4-e72d-4a8b-a38a-b90902c46a0f', 'yes', '["2026-12-14"]', '2026-11-24T16:00:18.311Z');


--
-- Data for Name: polls; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.polls VALUES ('b6308efa-000e-46c7-a388-90b3b770bdcb', 'fbb5a527-35de-42ab-b150-c79b847de181', '6b6a1d54-7efd-49e2-91f5-ae7620fb111b', 'Alps weekend', 'Stelvio and Gavia', 'Bormio', 2, '2026-12-01T16:00:18.259Z', '["2026-12-14"]', 1, '2026-11-24T16:00:18.270Z');


--
-- Data for Name: ride_comments; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.ride_comments VALUES ('872ec630-fee1-4f30-bc89-b0b93d980a9f', '3b36472c-e554-4d2a-9c1c-ed4a93e76e4d', '21dee1d4-e72d-4a8b-a38a-b90902c46a0f', 'Fuel stop in Firenzuola?', '2026-11-24T16:00:18.252Z');


--
-- Data for Name: ride_participants; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.ride_participants VALUES ('3b36472c-e554-4d2a-9c1c-ed4a93e76e4d', '6b6a1d54-7efd-49e2-91f5-ae7620fb111b', '2026-11-24T16:00:18.051Z');
INSERT INTO public.ride_participants VALUES ('3b36472c-e554-4d2a-9c1c-ed4a93e76e4d', '21dee1d4-e72d-4a8b-a38a-b90902c46a0f', '2026-11-24T16:00:18.236Z');


--
-- Data for Name: ride_slug_history; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.ride_slug_history VALUES ('fbb5a527-35de-42ab-b150-c79b847de181', 'futa', '3b36472c-e554-4d2a-9c1c-ed4a93e76e4d', '2026-11-24T16:00:18.189Z');


--
-- Data for Name: rides; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.rides VALUES ('3b36472c-e554-4d2a-9c1c-ed4a93e76e4d', 'fbb5a527-35de-42ab-b150-c79b847de181', 'Passo della Futa 🏍️', 'passo-della-futa', NULL, 'confirmed', '2026-11-28T16:00:18.030Z', '2026-11-28T23:59:59.999Z', 'full-day', 'Bologna, Emilia-Romagna, Italy', 44.4949, 11.3426, NULL, NULL, NULL, 'Parma, Emilia-Romagna, Italy', 44.8015, 10.328, '[]', 87.2, 1, 5, 'UTC+00:00', 'UTC', '6b6a1d54-7efd-49e2-91f5-ae7620fb111b', NULL, 0, '2026-11-24T16:00:18.051Z', NULL, 4, NULL, NULL);


--
-- Data for Name: route_cache; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: sessions; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.sessions VALUES ('b8fc51dec780a93ff1c31264115c6d1b406a3ea35e6830204ab20e67fed168cb', '6b6a1d54-7efd-49e2-91f5-ae7620fb111b', '2026-11-24T16:00:17.467Z', '2027-02-22T16:00:17.467Z', '3049e34b-fb66-4a10-a43c-2be01f02c232', 'lightMyRequest', '2026-11-24T16:00:17.472Z');
INSERT INTO public.sessions VALUES ('ac1edbeb51b988b365444dc06eaa2923e2a5209636ba4787d6ba1feab2d05b65', '21dee1d4-e72d-4a8b-a38a-b90902c46a0f', '2026-11-24T16:00:17.563Z', '2027-02-22T16:00:17.563Z', '7c718e43-cb3c-4c94-951f-36898ffc09f9', 'lightMyRequest', '2026-11-24T16:00:17.567Z');
INSERT INTO public.sessions VALUES ('46841f1a3ce216bf7533782c1641221c160de1f5d74daa669a55f611816b5c16', '98846c96-b082-4b2d-b56f-7efe58d7fb32', '2026-11-24T16:00:17.639Z', '2027-02-22T16:00:17.639Z', '51c05957-b211-4ed4-9023-cc9e7b0ee58f', 'lightMyRequest', '2026-11-24T16:00:17.977Z');


--
-- Data for Name: users; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.users VALUES ('21dee1d4-e72d-4a8b-a38a-b90902c46a0f', 'twistybandit6066', 0, 'member@upgrade.test', NULL, NULL, NULL, NULL, NULL, NULL, '[]', NULL, NULL, 1, 'public', 'kilometers', 'UTC+00:00', 'UTC', '2026-11-24T16:00:17.494Z', '2026-11-24T16:00:17.587Z', '500m');
INSERT INTO public.users VALUES ('98846c96-b082-4b2d-b56f-7efe58d7fb32', 'thunderrider6878', 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL, '[]', NULL, NULL, 1, 'public', 'kilometers', 'UTC+00:00', 'UTC', '2026-11-24T16:00:17.631Z', '2026-11-24T16:00:17.631Z', '500m');
INSERT INTO public.users VALUES ('6b6a1d54-7efd-49e2-91f5-ae7620fb111b', 'alpineranger4580', 0, 'owner@upgrade.test', 'Giulia', 'Rossi', NULL, NULL, NULL, NULL, '[]', NULL, NULL, 1, 'public', 'kilometers', 'UTC+00:00', 'UTC', '2026-11-24T16:00:17.315Z', '2026-11-24T16:00:17.481Z', '500m');


--
-- Data for Name: write_counters; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.write_counters VALUES ('w:a:6d982f7b63366cda86138b86d86a9a87735de755c631fd9b2ed130dde6ca04cd', '2026-11-24T16:00:00.000Z', 1);
INSERT INTO public.write_counters VALUES ('w:s:63854b0b703cf9f37891be73f52301a2c25904e503e7d4127be605986a68cb16', '2026-11-24T16:00:00.000Z', 2);
INSERT INTO public.write_counters VALUES ('w:a:455ad5b38b07487d976de2c846a8aad3347faa803cd5244633dbb21ae4b07029', '2026-11-24T16:00:00.000Z', 1);
INSERT INTO public.write_counters VALUES ('w:s:96169958f120afb5acf236942c42f6a570c237973c4838940acdc24c6799419c', '2026-11-24T16:00:00.000Z', 2);
INSERT INTO public.write_counters VALUES ('g:a:ab83e1ec0c850d20a56b5674f3f6bd61cd21cf6d492cf12867972ae38a68d83c', '2026-11-24T16:00:00.000Z', 3);
INSERT INTO public.write_counters VALUES ('w:s:46841f1a3ce216bf7533782c1641221c160de1f5d74daa669a55f611816b5c16', '2026-11-24T16:00:00.000Z', 1);
INSERT INTO public.write_counters VALUES ('e:a:ab83e1ec0c850d20a56b5674f3f6bd61cd21cf6d492cf12867972ae38a68d83c', '2026-11-24T16:00:00.000Z', 1);
INSERT INTO public.write_counters VALUES ('e:s:ac1edbeb51b988b365444dc06eaa2923e2a5209636ba4787d6ba1feab2d05b65', '2026-11-24T16:00:00.000Z', 1);
INSERT INTO public.write_counters VALUES ('w:s:b8fc51dec780a93ff1c31264115c6d1b406a3ea35e6830204ab20e67fed168cb', '2026-11-24T16:00:00.000Z', 10);
INSERT INTO public.write_counters VALUES ('w:a:ab83e1ec0c850d20a56b5674f3f6bd61cd21cf6d492cf12867972ae38a68d83c', '2026-11-24T16:00:00.000Z', 19);
INSERT INTO public.write_counters VALUES ('w:s:ac1edbeb51b988b365444dc06eaa2923e2a5209636ba4787d6ba1feab2d05b65', '2026-11-24T16:00:00.000Z', 6);


--
-- Name: activity_events activity_events_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.activity_events
    ADD CONSTRAINT activity_events_pkey PRIMARY KEY (id);


--
-- Name: bug_reports bug_reports_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.bug_reports
    ADD CONSTRAINT bug_reports_pkey PRIMARY KEY (id);


--
-- Name: geocode_cache geocode_cache_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.geocode_cache
    ADD CONSTRAINT geocode_cache_pkey PRIMARY KEY (key);


--
-- Name: geocoder_slots geocoder_slots_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.geocoder_slots
    ADD CONSTRAINT geocoder_slots_pkey PRIMARY KEY (name);


--
-- Name: group_members group_members_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.group_members
    ADD CONSTRAINT group_members_pk PRIMARY KEY (group_id, user_id);


--
-- Name: group_slug_history group_slug_history_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.group_slug_history
    ADD CONSTRAINT group_slug_history_pkey PRIMARY KEY (slug);


--
-- Name: groups groups_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.groups
    ADD CONSTRAINT groups_pkey PRIMARY KEY (id);


--
-- Name: groups groups_slug_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.groups
    ADD CONSTRAINT groups_slug_key UNIQUE (slug);


--
-- Name: invitations invitations_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.invitations
    ADD CONSTRAINT invitations_pkey PRIMARY KEY (id);


--
-- Name: invitations invitations_token_hash_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.invitations
    ADD CONSTRAINT invitations_token_hash_key UNIQUE (token_hash);


--
-- Name: kysely_migration_lock kysely_migration_lock_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.kysely_migration_lock
    ADD CONSTRAINT kysely_migration_lock_pkey PRIMARY KEY (id);


--
-- Name: kysely_migration kysely_migration_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.kysely_migration
    ADD CONSTRAINT kysely_migration_pkey PRIMARY KEY (name);


--
-- Name: magic_links magic_links_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.magic_links
    ADD CONSTRAINT magic_links_pkey PRIMARY KEY (id);


--
-- Name: magic_links magic_links_token_hash_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.magic_links
    ADD CONSTRAINT magic_links_token_hash_key UNIQUE (token_hash);


--
-- Name: media media_filename_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.media
    ADD CONSTRAINT media_filename_key UNIQUE (filename);


--
-- Name: media_files media_files_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.media_files
    ADD CONSTRAINT media_files_pkey PRIMARY KEY (key);


--
-- Name: media media_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.media
    ADD CONSTRAINT media_pkey PRIMARY KEY (id);


--
-- Name: media media_thumbnail_filename_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.media
    ADD CONSTRAINT media_thumbnail_filename_key UNIQUE (thumbnail_filename);


--
-- Name: membership_requests membership_requests_group_user_unique; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.membership_requests
    ADD CONSTRAINT membership_requests_group_user_unique UNIQUE (group_id, user_id);


--
-- Name: membership_requests membership_requests_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.membership_requests
    ADD CONSTRAINT membership_requests_pkey PRIMARY KEY (id);


--
-- Name: notifications notifications_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.notifications
    ADD CONSTRAINT notifications_pkey PRIMARY KEY (id);


--
-- Name: poll_responses poll_responses_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.poll_responses
    ADD CONSTRAINT poll_responses_pk PRIMARY KEY (poll_id, user_id);


--
-- Name: polls polls_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.polls
    ADD CONSTRAINT polls_pkey PRIMARY KEY (id);


--
-- Name: ride_comments ride_comments_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.ride_comments
    ADD CONSTRAINT ride_comments_pkey PRIMARY KEY (id);


--
-- Name: ride_participants ride_participants_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.ride_participants
    ADD CONSTRAINT ride_participants_pk PRIMARY KEY (ride_id, user_id);


--
-- Name: ride_slug_history ride_slug_history_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.ride_slug_history
    ADD CONSTRAINT ride_slug_history_pk PRIMARY KEY (group_id, slug);


--
-- Name: rides rides_group_slug_unique; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.rides
    ADD CONSTRAINT rides_group_slug_unique UNIQUE (group_id, slug);


--
-- Name: rides rides_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.rides
    ADD CONSTRAINT rides_pkey PRIMARY KEY (id);


--
-- Name: route_cache route_cache_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.route_cache
    ADD CONSTRAINT route_cache_pkey PRIMARY KEY (key);


--
-- Name: sessions sessions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sessions
    ADD CONSTRAINT sessions_pkey PRIMARY KEY (id_hash);


--
-- Name: users users_email_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.users
    ADD CONSTRAINT users_email_key UNIQUE (email);


--
-- Name: users users_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.users
    ADD CONSTRAINT users_pkey PRIMARY KEY (id);


--
-- Name: write_counters write_counters_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.write_counters
    ADD CONSTRAINT write_counters_pkey PRIMARY KEY (key, window_start);


--
-- Name: activity_events_created_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX activity_events_created_idx ON public.activity_events USING btree (created_at);


--
-- Name: bug_reports_created_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX bug_reports_created_idx ON public.bug_reports USING btree (created_at);


--
-- Name: geocode_cache_created_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX geocode_cache_created_idx ON public.geocode_cache USING btree (created_at);


--
-- Name: group_members_group_joined_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX group_members_group_joined_idx ON public.group_members USING btree (group_id, joined_at);


--
-- Name: group_members_user_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX group_members_user_idx ON public.group_members USING btree (user_id);


--
-- Name: group_slug_history_group_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX group_slug_history_group_idx ON public.group_slug_history USING btree (group_id);


--
-- Name: groups_creator_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX groups_creator_idx ON public.groups USING btree (creator_id);


--
-- Name: groups_lat_lon_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX groups_lat_lon_idx ON public.groups USING btree (latitude, longitude);


--
-- Name: groups_name_key_unique; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX groups_name_key_unique ON public.groups USING btree (name_key);


--
-- Name: groups_name_lower_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX groups_name_lower_idx ON public.groups USING btree (lower(name));


--
-- Name: invitations_group_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX invitations_group_idx ON public.invitations USING btree (group_id);


--
-- Name: invitations_inviter_created_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX invitations_inviter_created_idx ON public.invitations USING btree (inviter_id, created_at);


--
-- Name: magic_links_email_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX magic_links_email_idx ON public.magic_links USING btree (email, created_at);


--
-- Name: magic_links_ip_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX magic_links_ip_idx ON public.magic_links USING btree (requester_ip_hash, created_at);


--
-- Name: magic_links_requested_by_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX magic_links_requested_by_idx ON public.magic_links USING btree (requested_by_user_id, purpose);


--
-- Name: media_associated_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX media_associated_idx ON public.media USING btree (associated_type, associated_id, created_at);


--
-- Name: media_files_media_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX media_files_media_idx ON public.media_files USING btree (media_id);


--
-- Name: media_owner_created_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX media_owner_created_idx ON public.media USING btree (owner_id, created_at);


--
-- Name: membership_requests_user_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX membership_requests_user_idx ON public.membership_requests USING btree (user_id);


--
-- Name: notifications_subject_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX notifications_subject_idx ON public.notifications USING btree (subject_group_id, subject_user_id);


--
-- Name: notifications_user_created_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX notifications_user_created_idx ON public.notifications USING btree (user_id, created_at);


--
-- Name: polls_deadline_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX polls_deadline_idx ON public.polls USING btree (deadline);


--
-- Name: polls_group_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX polls_group_idx ON public.polls USING btree (group_id, created_at);


--
-- Name: ride_comments_ride_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ride_comments_ride_idx ON public.ride_comments USING btree (ride_id, created_at);


--
-- Name: ride_participants_user_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ride_participants_user_idx ON public.ride_participants USING btree (user_id);


--
-- Name: ride_slug_history_ride_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ride_slug_history_ride_idx ON public.ride_slug_history USING btree (ride_id);


--
-- Name: rides_group_created_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX rides_group_created_idx ON public.rides USING btree (group_id, created_at);


--
-- Name: rides_group_end_status_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX rides_group_end_status_idx ON public.rides USING btree (group_id, end_date, status);


--
-- Name: rides_group_start_status_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX rides_group_start_status_idx ON public.rides USING btree (group_id, start_date, status);


--
-- Name: rides_navigator_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX rides_navigator_idx ON public.rides USING btree (navigator_id);


--
-- Name: rides_owner_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX rides_owner_idx ON public.rides USING btree (owner_id);


--
-- Name: rides_start_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX rides_start_idx ON public.rides USING btree (start_date);


--
-- Name: rides_start_lat_lon_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX rides_start_lat_lon_idx ON public.rides USING btree (start_latitude, start_longitude);


--
-- Name: sessions_last_seen_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX sessions_last_seen_idx ON public.sessions USING btree (last_seen_at);


--
-- Name: sessions_public_id_unique; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX sessions_public_id_unique ON public.sessions USING btree (public_id);


--
-- Name: sessions_user_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX sessions_user_idx ON public.sessions USING btree (user_id);


--
-- Name: users_last_seen_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX users_last_seen_idx ON public.users USING btree (last_seen_at);


--
-- Name: users_user_id_lower_unique; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX users_user_id_lower_unique ON public.users USING btree (lower(user_id));


--
-- Name: write_counters_window_start; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX write_counters_window_start ON public.write_counters USING btree (window_start);


--
-- Name: groups group_card_stale; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER group_card_stale AFTER UPDATE OF name, slug, timezone_offset, timezone_name ON public.groups FOR EACH ROW EXECUTE FUNCTION public.group_card_stale();


--
-- Name: ride_participants ride_seat_freed_card_stale; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER ride_seat_freed_card_stale AFTER DELETE ON public.ride_participants FOR EACH ROW EXECUTE FUNCTION public.ride_seat_freed_card_stale();


--
-- Name: ride_participants ride_seat_moved_card_stale; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER ride_seat_moved_card_stale AFTER UPDATE ON public.ride_participants FOR EACH ROW EXECUTE FUNCTION public.ride_seat_moved_card_stale();


--
-- Name: ride_participants ride_seat_taken_card_stale; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER ride_seat_taken_card_stale AFTER INSERT ON public.ride_participants FOR EACH ROW EXECUTE FUNCTION public.ride_seat_taken_card_stale();


--
-- Name: users rider_card_stale; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER rider_card_stale AFTER UPDATE OF user_id, profile_image_url ON public.users FOR EACH ROW WHEN (((new.user_id IS DISTINCT FROM old.user_id) OR (new.profile_image_url IS DISTINCT FROM old.profile_image_url))) EXECUTE FUNCTION public.rider_card_stale();


--
-- Name: rides rides_card_stale; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER rides_card_stale AFTER UPDATE OF group_id, name, slug, description, status, start_date, end_date, duration, start_location, start_latitude, start_longitude, midpoint_location, midpoint_latitude, midpoint_longitude, end_location, end_latitude, end_longitude, waypoints, total_distance_km, min_riders, max_riders, timezone_offset, timezone_name, owner_id, navigator_id, created_at ON public.rides FOR EACH ROW EXECUTE FUNCTION public.rides_card_stale();


--
-- Name: activity_events activity_events_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.activity_events
    ADD CONSTRAINT activity_events_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE SET NULL;


--
-- Name: bug_reports bug_reports_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.bug_reports
    ADD CONSTRAINT bug_reports_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE SET NULL;


--
-- Name: group_members group_members_group_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.group_members
    ADD CONSTRAINT group_members_group_id_fkey FOREIGN KEY (group_id) REFERENCES public.groups(id) ON DELETE CASCADE;


--
-- Name: group_members group_members_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.group_members
    ADD CONSTRAINT group_members_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;


--
-- Name: group_slug_history group_slug_history_group_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.group_slug_history
    ADD CONSTRAINT group_slug_history_group_id_fkey FOREIGN KEY (group_id) REFERENCES public.groups(id) ON DELETE CASCADE;


--
-- Name: groups groups_creator_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.groups
    ADD CONSTRAINT groups_creator_id_fkey FOREIGN KEY (creator_id) REFERENCES public.users(id) ON DELETE CASCADE;


--
-- Name: invitations invitations_group_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.invitations
    ADD CONSTRAINT invitations_group_id_fkey FOREIGN KEY (group_id) REFERENCES public.groups(id) ON DELETE CASCADE;


--
-- Name: invitations invitations_inviter_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.invitations
    ADD CONSTRAINT invitations_inviter_id_fkey FOREIGN KEY (inviter_id) REFERENCES public.users(id) ON DELETE CASCADE;


--
-- Name: invitations invitations_used_by_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.invitations
    ADD CONSTRAINT invitations_used_by_user_id_fkey FOREIGN KEY (used_by_user_id) REFERENCES public.users(id) ON DELETE SET NULL;


--
-- Name: magic_links magic_links_requested_by_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.magic_links
    ADD CONSTRAINT magic_links_requested_by_user_id_fkey FOREIGN KEY (requested_by_user_id) REFERENCES public.users(id) ON DELETE CASCADE;


--
-- Name: media media_owner_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.media
    ADD CONSTRAINT media_owner_id_fkey FOREIGN KEY (owner_id) REFERENCES public.users(id) ON DELETE CASCADE;


--
-- Name: membership_requests membership_requests_group_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.membership_requests
    ADD CONSTRAINT membership_requests_group_id_fkey FOREIGN KEY (group_id) REFERENCES public.groups(id) ON DELETE CASCADE;


--
-- Name: membership_requests membership_requests_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.membership_requests
    ADD CONSTRAINT membership_requests_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;


--
-- Name: notifications notifications_subject_group_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.notifications
    ADD CONSTRAINT notifications_subject_group_id_fkey FOREIGN KEY (subject_group_id) REFERENCES public.groups(id) ON DELETE CASCADE;


--
-- Name: notifications notifications_subject_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.notifications
    ADD CONSTRAINT notifications_subject_user_id_fkey FOREIGN KEY (subject_user_id) REFERENCES public.users(id) ON DELETE SET NULL;


--
-- Name: notifications notifications_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.notifications
    ADD CONSTRAINT notifications_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;


--
-- Name: poll_responses poll_responses_poll_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.poll_responses
    ADD CONSTRAINT poll_responses_poll_id_fkey FOREIGN KEY (poll_id) REFERENCES public.polls(id) ON DELETE CASCADE;


--
-- Name: poll_responses poll_responses_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.poll_responses
    ADD CONSTRAINT poll_responses_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;


--
-- Name: polls polls_creator_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.polls
    ADD CONSTRAINT polls_creator_id_fkey FOREIGN KEY (creator_id) REFERENCES public.users(id) ON DELETE CASCADE;


--
-- Name: polls polls_group_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.polls
    ADD CONSTRAINT polls_group_id_fkey FOREIGN KEY (group_id) REFERENCES public.groups(id) ON DELETE CASCADE;


--
-- Name: ride_comments ride_comments_ride_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.ride_comments
    ADD CONSTRAINT ride_comments_ride_id_fkey FOREIGN KEY (ride_id) REFERENCES public.rides(id) ON DELETE CASCADE;


--
-- Name: ride_comments ride_comments_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.ride_comments
    ADD CONSTRAINT ride_comments_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;


--
-- Name: ride_participants ride_participants_ride_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.ride_participants
    ADD CONSTRAINT ride_participants_ride_id_fkey FOREIGN KEY (ride_id) REFERENCES public.rides(id) ON DELETE CASCADE;


--
-- Name: ride_participants ride_participants_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.ride_participants
    ADD CONSTRAINT ride_participants_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;


--
-- Name: ride_slug_history ride_slug_history_group_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.ride_slug_history
    ADD CONSTRAINT ride_slug_history_group_id_fkey FOREIGN KEY (group_id) REFERENCES public.groups(id) ON DELETE CASCADE;


--
-- Name: ride_slug_history ride_slug_history_ride_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.ride_slug_history
    ADD CONSTRAINT ride_slug_history_ride_id_fkey FOREIGN KEY (ride_id) REFERENCES public.rides(id) ON DELETE CASCADE;


--
-- Name: rides rides_group_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.rides
    ADD CONSTRAINT rides_group_id_fkey FOREIGN KEY (group_id) REFERENCES public.groups(id) ON DELETE CASCADE;


--
-- Name: rides rides_navigator_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.rides
    ADD CONSTRAINT rides_navigator_id_fkey FOREIGN KEY (navigator_id) REFERENCES public.users(id) ON DELETE SET NULL;


--
-- Name: rides rides_owner_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.rides
    ADD CONSTRAINT rides_owner_id_fkey FOREIGN KEY (owner_id) REFERENCES public.users(id) ON DELETE CASCADE;


--
-- Name: sessions sessions_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sessions
    ADD CONSTRAINT sessions_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;


--
-- PostgreSQL database dump complete
--

\unrestrict pTHtLmwf24Xa0WLPAjPMBtorhkpfi6hlYRFSSKFzkhVemMkvktBXItd3CaBSL2t

