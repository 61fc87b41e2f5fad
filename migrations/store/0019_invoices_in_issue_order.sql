-- Invoice numbers run 1, 2, 3 … per site and year in the order invoices are issued, and an invoice is never issued
-- before the one numbered just before it (docs/decisions/0034). The numbering query keeps these; the database refuses
-- anything else, whoever writes. The predecessor is found by the unique index (site, year, sequence).
CREATE TRIGGER `invoices_numbered_in_issue_order` BEFORE INSERT ON `invoices`
BEGIN
  SELECT RAISE(ABORT, 'invoice sequence must follow the last of its site and year')
  WHERE NEW.sequence <> COALESCE((SELECT MAX(sequence) FROM invoices WHERE site = NEW.site AND year = NEW.year), 0) + 1;
  SELECT RAISE(ABORT, 'invoice issued before the invoice numbered before it')
  WHERE NEW.issued_at < (SELECT issued_at FROM invoices WHERE site = NEW.site AND year = NEW.year AND sequence = NEW.sequence - 1);
  SELECT RAISE(ABORT, 'invoice number, year and issue date must agree')
  WHERE NEW.number <> NEW.site || '-' || NEW.year || '-' || printf('%06d', NEW.sequence)
    OR NEW.year <> CAST(substr(NEW.issued_at, 1, 4) AS INTEGER);
END;
--> statement-breakpoint
CREATE TRIGGER `invoices_never_renumbered` BEFORE UPDATE OF site, year, sequence, number, issued_at, order_id ON `invoices`
BEGIN
  SELECT RAISE(ABORT, 'an invoice is never renumbered, redated or moved to another order');
END;
--> statement-breakpoint
CREATE TRIGGER `invoices_never_deleted` BEFORE DELETE ON `invoices`
BEGIN
  SELECT RAISE(ABORT, 'an invoice is never deleted');
END;
