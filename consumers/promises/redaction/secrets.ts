// The secrets of the scenario, in one place: a failure's code frame (printed around the failing
// line) must not show them, so the specs keep them here, away from their assertions.
export const JWT = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJjb25zdW1lciJ9.Y29uc3VtZXItc2lnbmF0dXJl';
export const HEADERS = { 'api-key': 'azure-key-7f3a9c1d', Authorization: `Bearer ${JWT}` };
export const TOOL_OUTPUT = 'db: alice:pa55-w0rd-db@db.example.test/accounts, portal api.example.test/v1?subscription-key=sub0123456789abcdef';
export const REPLY = `Bearer tok_9f8e7d6c5b4a was used; see gitlab.example.test/api/v4?private_token=glpat-x1y2z3w4v5`;
