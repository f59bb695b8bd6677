-- The PostgreSQL twin of ../0003_table_drawn.sql.
ALTER TABLE game ADD COLUMN table_drawn_version BIGINT;
UPDATE game SET table_drawn_version = version WHERE status IN ('ended', 'abandoned');
