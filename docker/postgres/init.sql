-- One database per service (the services also create theirs at start if missing).
CREATE DATABASE hf_auth;
CREATE DATABASE hf_ledger;
CREATE DATABASE hf_budget;
CREATE DATABASE hf_import;
CREATE DATABASE hf_reports;
