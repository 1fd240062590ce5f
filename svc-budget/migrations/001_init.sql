-- svc-budget owns this database. Its tables arrive with its product issue.
SELECT 1;
