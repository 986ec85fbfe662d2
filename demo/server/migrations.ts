/**
 * The demo database's schema, as the migrations that build it, in order. The database
 * records how many have run in `PRAGMA user_version` (db.ts). Add a new entry at the end;
 * never edit one that has shipped: databases on disk have already run it.
 */
export const MIGRATIONS: string[] = [
  // 1: the whole model
  `
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  CREATE TABLE users (
    id INTEGER PRIMARY KEY,
    uuid TEXT NOT NULL UNIQUE,
    email TEXT NOT NULL UNIQUE COLLATE NOCASE,
    username TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    locale TEXT NOT NULL DEFAULT 'en',
    terms_accepted INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL
  );
  CREATE TABLE tokens (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    token_hash TEXT NOT NULL UNIQUE,
    device_name TEXT,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL
  );
  CREATE TABLE password_resets (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    token_hash TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    used_at TEXT
  );
  CREATE TABLE projects (
    uuid TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    description TEXT,
    position INTEGER NOT NULL DEFAULT 0
  );
  CREATE TABLE memberships (
    project_uuid TEXT NOT NULL REFERENCES projects(uuid) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    permissions TEXT NOT NULL,
    PRIMARY KEY (project_uuid, user_id)
  );
  CREATE INDEX memberships_user ON memberships(user_id);
  CREATE TABLE sites (
    uuid TEXT PRIMARY KEY,
    project_uuid TEXT NOT NULL REFERENCES projects(uuid) ON DELETE CASCADE,
    name TEXT NOT NULL,
    address TEXT NOT NULL,
    timezone TEXT NOT NULL,
    schedule TEXT,
    position INTEGER NOT NULL DEFAULT 0
  );
  CREATE INDEX sites_project ON sites(project_uuid);
  CREATE TABLE systems (
    uuid TEXT PRIMARY KEY,
    site_uuid TEXT NOT NULL REFERENCES sites(uuid) ON DELETE CASCADE,
    name TEXT NOT NULL,
    type TEXT NOT NULL,
    online INTEGER NOT NULL DEFAULT 1,
    position INTEGER NOT NULL DEFAULT 0
  );
  CREATE INDEX systems_site ON systems(site_uuid);
  CREATE TABLE cameras (
    uuid TEXT PRIMARY KEY,
    system_uuid TEXT NOT NULL REFERENCES systems(uuid) ON DELETE CASCADE,
    name TEXT NOT NULL,
    position INTEGER NOT NULL DEFAULT 0
  );
  CREATE INDEX cameras_system ON cameras(system_uuid);
  CREATE TABLE incidents (
    uuid TEXT PRIMARY KEY,
    project_uuid TEXT NOT NULL REFERENCES projects(uuid) ON DELETE CASCADE,
    site_uuid TEXT REFERENCES sites(uuid) ON DELETE SET NULL,
    system_uuid TEXT REFERENCES systems(uuid) ON DELETE SET NULL,
    title TEXT NOT NULL,
    description TEXT NOT NULL,
    occurred_at TEXT NOT NULL,
    severity TEXT NOT NULL,
    handled_by TEXT
  );
  CREATE INDEX incidents_project_time ON incidents(project_uuid, occurred_at DESC);
  CREATE INDEX incidents_time ON incidents(occurred_at DESC);
  CREATE TABLE incident_media (
    uuid TEXT PRIMARY KEY,
    incident_uuid TEXT NOT NULL REFERENCES incidents(uuid) ON DELETE CASCADE,
    position INTEGER NOT NULL DEFAULT 0
  );
  CREATE INDEX incident_media_incident ON incident_media(incident_uuid);
  CREATE TABLE notifications (
    uuid TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    read_at TEXT,
    title TEXT NOT NULL,
    body_html TEXT NOT NULL
  );
  CREATE INDEX notifications_user_time ON notifications(user_id, created_at DESC);
  CREATE TABLE pages (
    uuid TEXT PRIMARY KEY,
    position INTEGER NOT NULL DEFAULT 0,
    title TEXT NOT NULL,
    body_html TEXT NOT NULL
  );
  CREATE TABLE evacuations (
    scope TEXT NOT NULL CHECK (scope IN ('project', 'site')),
    target_uuid TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('inactive', 'active')),
    started_at TEXT,
    started_by TEXT,
    aborted_at TEXT,
    PRIMARY KEY (scope, target_uuid)
  );
  CREATE TABLE evacuation_events (
    id INTEGER PRIMARY KEY,
    scope TEXT NOT NULL,
    target_uuid TEXT NOT NULL,
    action TEXT NOT NULL CHECK (action IN ('start', 'abort')),
    user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
    user_name TEXT NOT NULL,
    at TEXT NOT NULL
  );
  CREATE INDEX evacuation_events_target ON evacuation_events(scope, target_uuid, id);
  CREATE TABLE idempotency (
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    key TEXT NOT NULL,
    request TEXT NOT NULL,
    status INTEGER NOT NULL,
    body TEXT NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (user_id, key)
  );
  CREATE TABLE demo_live_views (
    uuid TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    system_name TEXT NOT NULL,
    timezone TEXT NOT NULL DEFAULT 'UTC',
    online INTEGER NOT NULL DEFAULT 1
  );
  CREATE TABLE demo_cameras (
    uuid TEXT PRIMARY KEY,
    view_uuid TEXT NOT NULL REFERENCES demo_live_views(uuid) ON DELETE CASCADE,
    name TEXT NOT NULL,
    position INTEGER NOT NULL DEFAULT 0
  );
  `,
  // 2: the name a project knows an existing account by (adding it never reveals the
  // account's own name), and the last use of a token (idle expiry)
  `
  ALTER TABLE memberships ADD COLUMN name TEXT;
  ALTER TABLE tokens ADD COLUMN last_used_at TEXT;
  UPDATE tokens SET last_used_at = created_at;
  `,
  // 3: the log of live events (events.ts): what GET /api/v2/events replays to a client that
  // reconnects. AUTOINCREMENT so an id is never given out twice, even once the log is
  // emptied. An event is for the members of a project (project_uuid) or for one user (user_id).
  `
  CREATE TABLE event_log (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    at INTEGER NOT NULL,
    type TEXT NOT NULL,
    project_uuid TEXT,
    user_id INTEGER,
    data TEXT NOT NULL
  );
  CREATE INDEX event_log_at ON event_log(at);
  `,
  // 4: the control room that watches a project, as the customer reaches it: its name and
  // phone number. A database made before this gets the service's central desk on every
  // project, never an empty number.
  `
  ALTER TABLE projects ADD COLUMN control_room_name TEXT NOT NULL DEFAULT 'Vigil control room';
  ALTER TABLE projects ADD COLUMN control_room_phone TEXT NOT NULL DEFAULT '+32 2 555 01 00';
  `,
  // 5: where a site is (for its public holidays: ISO country, region code) and its date
  // exceptions over the weekly schedule (holidays, one-off days). Dates are site-local
  // "YYYY-MM-DD"; secured is 'all', 'none' or the JSON of the day's intervals.
  `
  ALTER TABLE sites ADD COLUMN country TEXT;
  ALTER TABLE sites ADD COLUMN region TEXT;
  CREATE TABLE schedule_exceptions (
    uuid TEXT PRIMARY KEY,
    site_uuid TEXT NOT NULL REFERENCES sites(uuid) ON DELETE CASCADE,
    from_date TEXT NOT NULL,
    to_date TEXT NOT NULL,
    yearly INTEGER NOT NULL DEFAULT 0,
    label TEXT NOT NULL,
    secured TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE INDEX schedule_exceptions_site ON schedule_exceptions(site_uuid, from_date);
  `,
  // 6: drills and reasons. Every start says whether it is a drill or a real evacuation and
  // may carry a short reason; the event log (append-only: the history of evacuations is
  // read from it) keeps both, the current state repeats them. Older starts were real.
  `
  ALTER TABLE evacuation_events ADD COLUMN mode TEXT NOT NULL DEFAULT 'real' CHECK (mode IN ('real', 'drill'));
  ALTER TABLE evacuation_events ADD COLUMN message TEXT;
  ALTER TABLE evacuations ADD COLUMN mode TEXT NOT NULL DEFAULT 'real' CHECK (mode IN ('real', 'drill'));
  ALTER TABLE evacuations ADD COLUMN message TEXT;
  `,
  // 7: two-step sign-in (mfa.ts): the account's TOTP secret (pending until a first code
  // confirms it), the last time step used (no code twice), hashed recovery codes, the
  // short-lived challenges between password and code, and the project's requirement.
  `
  ALTER TABLE users ADD COLUMN mfa_secret TEXT;
  ALTER TABLE users ADD COLUMN mfa_pending_secret TEXT;
  ALTER TABLE users ADD COLUMN mfa_enabled_at TEXT;
  ALTER TABLE users ADD COLUMN mfa_last_step INTEGER;
  CREATE TABLE mfa_recovery_codes (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    code_hash TEXT NOT NULL,
    used_at TEXT
  );
  CREATE INDEX mfa_recovery_codes_user ON mfa_recovery_codes(user_id);
  CREATE TABLE mfa_challenges (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    challenge_hash TEXT NOT NULL UNIQUE,
    device_name TEXT,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    used_at TEXT
  );
  ALTER TABLE projects ADD COLUMN require_mfa_for_evacuate INTEGER NOT NULL DEFAULT 0;
  `,
  // 8: two-step as a property of the session (sessions.ts): how each token was obtained,
  // the password alone or the password and then a code. Tokens issued before this count
  // as the password alone. And the session that set up a pending secret, and when: only
  // that session may confirm it, for a short while (the setup asked for the password).
  `
  ALTER TABLE tokens ADD COLUMN obtained_with TEXT NOT NULL DEFAULT 'password' CHECK (obtained_with IN ('password', 'password+second_step'));
  ALTER TABLE users ADD COLUMN mfa_pending_token_id INTEGER;
  ALTER TABLE users ADD COLUMN mfa_pending_at TEXT;
  `,
  // 9: incidents people act on. Who acknowledged one first and when (the name the project
  // knows them by, as evacuations keep it), the outcome its handler chose, and an
  // append-only record of every acknowledgement, comment and handling: the timeline.
  `
  ALTER TABLE incidents ADD COLUMN acknowledged_at TEXT;
  ALTER TABLE incidents ADD COLUMN acknowledged_by TEXT;
  ALTER TABLE incidents ADD COLUMN outcome TEXT CHECK (outcome IN ('false_alarm', 'known_person', 'intervention', 'other'));
  CREATE TABLE incident_activity (
    id INTEGER PRIMARY KEY,
    incident_uuid TEXT NOT NULL REFERENCES incidents(uuid) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('acknowledged', 'comment', 'handled')),
    at TEXT NOT NULL,
    user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
    user_name TEXT NOT NULL,
    text TEXT,
    outcome TEXT
  );
  CREATE INDEX incident_activity_incident ON incident_activity(incident_uuid, id);
  CREATE INDEX incidents_unacknowledged ON incidents(acknowledged_at) WHERE acknowledged_at IS NULL;
  `,
  // 10: the activity log of a project (activity.ts): who changed what, with the values before
  // and after. Append-only: no call changes or deletes an entry, and the trigger refuses
  // any UPDATE. An entry keeps the actor's name as the project knew them at the time.
  // And the time of each account's last sign-in (the users page shows it).
  `
  CREATE TABLE activity_log (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    uuid TEXT NOT NULL UNIQUE,
    project_uuid TEXT NOT NULL REFERENCES projects(uuid) ON DELETE CASCADE,
    at TEXT NOT NULL,
    type TEXT NOT NULL,
    actor_user_id INTEGER,
    actor_name TEXT,
    target_kind TEXT NOT NULL,
    target_uuid TEXT NOT NULL,
    target_name TEXT NOT NULL,
    summary TEXT NOT NULL,
    before_json TEXT,
    after_json TEXT
  );
  CREATE INDEX activity_log_project_time ON activity_log(project_uuid, at DESC, id DESC);
  CREATE TRIGGER activity_log_append_only BEFORE UPDATE ON activity_log
  BEGIN SELECT RAISE(ABORT, 'the activity log is append-only'); END;
  ALTER TABLE users ADD COLUMN last_sign_in_at TEXT;
  `,
  // 11: Web Push (push.ts). The server's VAPID key pair (one row; kept when the data is
  // wiped, so devices stay valid across a reseed of the demo) and the devices that
  // subscribed: each belongs to the session (token) that made it and goes with it.
  `
  CREATE TABLE push_keys (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    public_key TEXT NOT NULL,
    private_key TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE TABLE push_subscriptions (
    uuid TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    token_id INTEGER NOT NULL REFERENCES tokens(id) ON DELETE CASCADE,
    endpoint TEXT NOT NULL UNIQUE,
    p256dh TEXT NOT NULL,
    auth TEXT NOT NULL,
    severities TEXT NOT NULL,
    sites TEXT,
    systems_offline INTEGER NOT NULL DEFAULT 0,
    device_name TEXT,
    created_at TEXT NOT NULL,
    last_sent_at TEXT,
    failures INTEGER NOT NULL DEFAULT 0
  );
  CREATE INDEX push_subscriptions_user ON push_subscriptions(user_id);
  CREATE INDEX push_subscriptions_token ON push_subscriptions(token_id);
  `,
  // 12: sessions people can see and end (routes/sessions.ts): each token's public id, and the
  // browser and address it was signed in from; and each account's sign-in attempts
  // (sign-in-attempts.ts), which no call changes (only the oldest fall off).
  `
  ALTER TABLE tokens ADD COLUMN uuid TEXT;
  ALTER TABLE tokens ADD COLUMN browser TEXT;
  ALTER TABLE tokens ADD COLUMN address TEXT;
  UPDATE tokens SET uuid = lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-'
    || substr('89ab', 1 + abs(random()) % 4, 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)));
  CREATE UNIQUE INDEX tokens_uuid ON tokens(uuid);
  CREATE TABLE sign_in_attempts (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    at TEXT NOT NULL,
    address TEXT,
    browser TEXT,
    result TEXT NOT NULL CHECK (result IN ('success', 'wrong_password', 'second_step_failed', 'locked'))
  );
  CREATE INDEX sign_in_attempts_user ON sign_in_attempts(user_id, id DESC);
  CREATE TRIGGER sign_in_attempts_append_only BEFORE UPDATE ON sign_in_attempts
  BEGIN SELECT RAISE(ABORT, 'sign-in attempts are append-only'); END;
  `,
  // 13: invitations (invitations.ts). A member added to a project is invited until they come
  // in (accept the link, or sign in): the membership's invited_at. An account made by an
  // invitation has no password of its own until its person chooses one: the user's
  // invited_at. Each link is kept as the SHA-256 of its token, single use, 7 days.
  `
  ALTER TABLE memberships ADD COLUMN invited_at TEXT;
  ALTER TABLE users ADD COLUMN invited_at TEXT;
  CREATE TABLE invitations (
    id INTEGER PRIMARY KEY,
    project_uuid TEXT NOT NULL REFERENCES projects(uuid) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    token_hash TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    used_at TEXT
  );
  CREATE INDEX invitations_member ON invitations(project_uuid, user_id);
  `,
  // 14: when each person accepted the terms of use (the Help menu's "Terms of use" says it).
  `
  ALTER TABLE users ADD COLUMN terms_accepted_at TEXT;
  UPDATE users SET terms_accepted_at = created_at WHERE terms_accepted = 1;
  `,
];
