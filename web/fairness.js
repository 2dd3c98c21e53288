// Commit–reveal check in the browser: SHA-256 of the revealed seed must be
// the hash the table published when it started. (The replay of the log —
// that the outcome follows from the seed — is the server's and
// `meeple verify`'s job: the browser knows no rules.)
export async function sha256Hex(text) {
  if (!crypto.subtle) return null;  // not a secure context
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
