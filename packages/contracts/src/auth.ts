// Auth, household and theme bodies (svc-auth).
