// Moved to server/http/idempotency.ts (one helper for every create, issue 22 item 3): the payments' and
// Square's routes still import it from here until their declarations land (helper money-decl).
export * from '../../http/idempotency';
