-- The event pipeline (docs/decisions/0026): the consumer rolls up `WHERE rolled_up = 0` on every delivery, so each raw
-- table has the partial index page_events has; a message the dead-letter queue hands over twice is kept once.
CREATE INDEX IF NOT EXISTS affiliate_hits_pending ON affiliate_hits (rolled_up) WHERE rolled_up = 0;
CREATE INDEX IF NOT EXISTS consent_answers_pending ON consent_answers (rolled_up) WHERE rolled_up = 0;
CREATE UNIQUE INDEX IF NOT EXISTS dead_events_message ON dead_events (message_id);
CREATE INDEX IF NOT EXISTS dead_events_created ON dead_events (created_at);
