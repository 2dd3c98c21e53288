// Commit–reveal check in the browser: SHA-256 of the revealed seed must be
// the hash the table published when it started — the hash this browser saw
// then, not the one in the end-of-game message (a server that swapped the
// seed would send a matching hash with it). So the page keeps the first
// hash it sees for each table in localStorage (`meeple.seedhash.{id}`:
// {hash, version, revealed}; the lobby records it from the create answer)
// and checks the seed against that record. A browser whose first view of a
// table came after the seed was revealed never saw the commitment and says
// so. (The replay of the log — that the outcome follows from the seed — is
// the server's and `meeple verify`'s job: the browser knows no rules.)
export async function sha256Hex(text) {
  if (!crypto.subtle) return null;  // not a secure context
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

const key = (id) => `meeple.seedhash.${id}`;

// The record of the first hash this browser saw for table `id`, or null.
export function firstSeen(id) {
  try {
    const r = JSON.parse(localStorage.getItem(key(id)) || 'null');
    return r && typeof r.hash === 'string' ? r : null;
  } catch {
    return null;
  }
}

// Records `table`'s (a summary's) seed hash if this is the first sight of
// it; answers the record kept.
export function rememberSeedHash(id, table) {
  const kept = firstSeen(id);
  if (kept) return kept;
  const record = { hash: table.seed_sha256, version: table.version, revealed: Boolean(table.seed) };
  try {
    localStorage.setItem(key(id), JSON.stringify(record));
  } catch {
    // Storage full or disabled: the check below then says it never saw the start.
  }
  return record;
}

// Checks a finished table's revealed seed against the first-seen hash:
// {ok: true | false | null (cannot tell), text}.
export async function checkSeed(id, table) {
  const seen = firstSeen(id);
  if (!seen || seen.revealed) {
    return { ok: null, text: 'this browser first saw this table after the end, so it never saw the hash published at the start and cannot check the seed; compare the hash above with one recorded before the end' };
  }
  if (seen.hash !== table.seed_sha256) {
    return { ok: false, text: `✗ the hash changed: this browser saw ${seen.hash} at the start, the end of the game says ${table.seed_sha256}` };
  }
  const hex = await sha256Hex(table.seed);
  if (hex === null) return { ok: null, text: 'the hash check needs a secure context (https or localhost)' };
  if (hex !== seen.hash) return { ok: false, text: '✗ the revealed seed does NOT match the hash published at the start' };
  const when = seen.version === 0 ? 'at the start' : `when this browser first saw the table (version ${seen.version})`;
  return { ok: true, text: `✓ the revealed seed matches the hash published ${when}` };
}
