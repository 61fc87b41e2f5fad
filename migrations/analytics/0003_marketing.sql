-- Marketing (docs/decisions/0026): visits on page events, affiliate hits, consent answers, and the daily rollups the
-- dashboard reads. The queue consumer writes an event and adds it to the rollups in one batch (one transaction):
-- `rolled_up` marks the rows already counted, so a redelivered event is neither stored nor counted twice.
ALTER TABLE page_events ADD COLUMN visit_id TEXT;
ALTER TABLE page_events ADD COLUMN landing INTEGER NOT NULL DEFAULT 0;
ALTER TABLE page_events ADD COLUMN channel TEXT NOT NULL DEFAULT 'direct';
ALTER TABLE page_events ADD COLUMN source TEXT;
ALTER TABLE page_events ADD COLUMN medium TEXT;
ALTER TABLE page_events ADD COLUMN campaign TEXT;
ALTER TABLE page_events ADD COLUMN rolled_up INTEGER NOT NULL DEFAULT 0;
CREATE INDEX IF NOT EXISTS page_events_pending ON page_events (rolled_up) WHERE rolled_up = 0;
CREATE INDEX IF NOT EXISTS page_events_created ON page_events (created_at);

CREATE TABLE IF NOT EXISTS affiliate_hits (
  event_id TEXT PRIMARY KEY,
  brand TEXT NOT NULL,
  affiliate_id TEXT NOT NULL,
  campaign TEXT,
  url TEXT NOT NULL,
  domain TEXT NOT NULL,
  device_footprint TEXT NOT NULL,
  ip TEXT,
  accepted INTEGER NOT NULL,
  rolled_up INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS affiliate_hits_created ON affiliate_hits (created_at);

CREATE TABLE IF NOT EXISTS consent_answers (
  event_id TEXT PRIMARY KEY,
  brand TEXT NOT NULL,
  ads INTEGER NOT NULL,
  analytics INTEGER NOT NULL,
  version TEXT NOT NULL,
  rolled_up INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS consent_answers_created ON consent_answers (created_at);

-- Rollups: one row per day (UTC, YYYY-MM-DD), brand and dimensions; '' stands for "none" in a key column.
CREATE TABLE IF NOT EXISTS traffic_daily (
  day TEXT NOT NULL,
  brand TEXT NOT NULL,
  channel TEXT NOT NULL,
  source TEXT NOT NULL DEFAULT '',
  medium TEXT NOT NULL DEFAULT '',
  campaign TEXT NOT NULL DEFAULT '',
  visits INTEGER NOT NULL DEFAULT 0,
  page_views INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (day, brand, channel, source, medium, campaign)
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS landing_daily (
  day TEXT NOT NULL,
  brand TEXT NOT NULL,
  path TEXT NOT NULL,
  visits INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (day, brand, path)
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS interaction_daily (
  day TEXT NOT NULL,
  brand TEXT NOT NULL,
  name TEXT NOT NULL,
  count INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (day, brand, name)
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS affiliate_hits_daily (
  day TEXT NOT NULL,
  brand TEXT NOT NULL,
  affiliate_id TEXT NOT NULL,
  campaign TEXT NOT NULL DEFAULT '',
  hits INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (day, brand, affiliate_id, campaign)
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS consent_daily (
  day TEXT NOT NULL,
  brand TEXT NOT NULL,
  ads INTEGER NOT NULL,
  analytics INTEGER NOT NULL,
  answers INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (day, brand, ads, analytics)
) WITHOUT ROWID;

-- Messages the queue gave up on after its retries (the dead-letter queue's consumer keeps them for a look).
CREATE TABLE IF NOT EXISTS dead_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  message_id TEXT NOT NULL,
  body TEXT NOT NULL,
  attempts INTEGER NOT NULL,
  created_at TEXT NOT NULL
);
