-- A job's turn in its lane's round-robin between accounts (docs/decisions/0039-fair-share-of-workers.md).
ALTER TABLE "jobs" ADD COLUMN "turn" integer DEFAULT 0 NOT NULL;
