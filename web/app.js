// The single-page app: routes on the URL fragment so links never send a
// token to the server in a request line or a Referer.
//   #/                         lobby
//   #/table/{id}               spectator
//   #/table/{id}?token=...     a seat
//   #/replay/{id}              a finished game, move by move
import { renderLobby } from './lobby.js';
import { renderTable } from './table.js';
import { renderReplay } from './replay.js';

const app = document.getElementById('app');
let cleanup = null;

function route() {
  if (cleanup) cleanup();
  cleanup = null;
  app.replaceChildren();
  const hash = location.hash.replace(/^#/, '') || '/';
  const [path, query = ''] = hash.split('?');
  const params = new URLSearchParams(query);
  const parts = path.split('/').filter(Boolean);
  if (parts[0] === 'table' && parts[1]) {
    cleanup = renderTable(app, parts[1], params.get('token') || '');
  } else if (parts[0] === 'replay' && parts[1]) {
    cleanup = renderReplay(app, parts[1]);
  } else {
    cleanup = renderLobby(app);
  }
}

window.addEventListener('hashchange', route);
route();
