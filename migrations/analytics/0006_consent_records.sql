-- Consent records (docs/decisions/0035): the proof of every consent decision, under the visitor's consent id. Written
-- by the events consumer (INSERT OR IGNORE on the event id), read by the marketing role by consent id, deleted by the
-- retention cron CONSENT_RECORD_RETENTION_DAYS after the decision. The address is only a hash of the id and the
-- truncated address.
CREATE TABLE IF NOT EXISTS consent_records (
  event_id TEXT PRIMARY KEY,
  consent_id TEXT NOT NULL,
  brand TEXT NOT NULL,
  version TEXT NOT NULL,
  action TEXT NOT NULL,
  ad_storage TEXT NOT NULL,
  ad_user_data TEXT NOT NULL,
  ad_personalization TEXT NOT NULL,
  analytics_storage TEXT NOT NULL,
  gpc INTEGER NOT NULL,
  address_hash TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS consent_records_consent ON consent_records (consent_id, created_at);
CREATE INDEX IF NOT EXISTS consent_records_created ON consent_records (created_at);
