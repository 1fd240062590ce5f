// Accounts, transactions, categories and payees bodies and events (svc-ledger).
