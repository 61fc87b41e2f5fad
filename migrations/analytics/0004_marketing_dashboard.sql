-- The marketing dashboard (docs/decisions/0027) reads the rollups of one brand over a range of days: the primary keys
-- start with the day, which serves the all-brands view; these serve one brand.
CREATE INDEX IF NOT EXISTS traffic_daily_brand_day ON traffic_daily (brand, day);
CREATE INDEX IF NOT EXISTS landing_daily_brand_day ON landing_daily (brand, day);
CREATE INDEX IF NOT EXISTS interaction_daily_brand_day ON interaction_daily (brand, day);
CREATE INDEX IF NOT EXISTS affiliate_hits_daily_brand_day ON affiliate_hits_daily (brand, day);
CREATE INDEX IF NOT EXISTS consent_daily_brand_day ON consent_daily (brand, day);
