-- A recalculation rewrites every entry of the open period. With pages left half empty, each new row
-- version fits beside the old one (a HOT update): no new entries in the table's three indexes, and
-- the previous recalculation's versions are pruned from the page when it is next written. Measured
-- on 10,000 entries (PostgreSQL 15): the upsert of a whole period 430-510 ms -> 190-200 ms. Pages
-- written before keep their fill until they are rewritten.
ALTER TABLE "payrun_entries" SET (fillfactor = 50);
