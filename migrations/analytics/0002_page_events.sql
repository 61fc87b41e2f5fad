-- Page events, written in batches by the EVENTS queue consumer; the client-made event id makes redelivery harmless.
CREATE TABLE IF NOT EXISTS page_events (
  event_id TEXT PRIMARY KEY,
  category TEXT NOT NULL,
  name TEXT NOT NULL,
  url TEXT NOT NULL,
  path TEXT NOT NULL,
  title TEXT NOT NULL,
  referrer TEXT NOT NULL,
  user_agent TEXT,
  ip TEXT,
  platform TEXT,
  mobile INTEGER NOT NULL,
  session TEXT,
  brand TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS page_events_brand_created ON page_events (brand, created_at);
