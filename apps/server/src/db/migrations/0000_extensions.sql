-- Trigram search backs the admin search boxes over a million players.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
