// Board Game Stats links of the device's plays (the browser side of host_sim/bgstats.py,
// whose docstring gives the link's fields and their source: BG Stats' support page "Push
// plays to BG Stats from other apps or websites").  tests/test_bgstats_web.py checks that
// playLink() gives the very link host_sim.bgstats.play_link() gives.

export const LINK = "https://app.bgstatsapp.com/createPlay.html?data=";
export const SOURCE_NAME = "Delphi table companion";

// game -> [name, BGG id or null, highestWins, noPoints]: host_sim/bgstats.py GAMES (its
// comments say where each value comes from).
export const GAMES = {
  delfos: ["Delfos", null, true, false],
  delphi: ["Delphi", null, true, false],
  tholos: ["Tholos", 341753, true, false],
  oracle: ["The Oracle of Delphi", 193558, true, true],
};
const BOT_ID = { delfos: "khaos" };
const BOT_ROLE = { delfos: "Khaos" };
// host_sim/bgstats.py LABELS: a seat's own label, for plays logged before "named" was kept.
const LABELS = new Set(["Green", "Red", "Blue", "Yellow", "Purple", "White", "Black", "You", "Athens", "Thebes",
                        "Corinth", "Sparta", "Argos", "P1", "P2", "P3", "P4", "P5", "P6"]);
const has = (obj, key) => Object.prototype.hasOwnProperty.call(obj, key);

export function isGame(game) { return typeof game === "string" && has(GAMES, game); }

function named(p) {
  if (p.bot) return false;
  if (p.named === undefined) return !LABELS.has(p.name);
  return !!p.named;
}

// host_sim/bgstats.py player_id: null for a seat without a stored name (no id sent).  One
// definition for both: the name without the ASCII spaces, tabs and line ends at its ends, each
// character in small letters where that is one character (idKey).
export function playerId(game, p) {
  if (p.bot) return BOT_ID[game] || "device";
  if (!named(p) || p.cut) return null;   // a name cut to fit the code is not the stored one
  return "name:" + idKey(String(p.name ?? ""));
}

// The players of a play in one line, as host_sim/bgstats.py describe writes them: each name with its
// score, or its place in a game without points (the Oracle), and "(won)" for each winner (a tie
// has several).
const PLACES = ["1st", "2nd", "3rd"];
export function who(play) {
  return play.players.map((q) => q.name
    + (q.score === null || q.score === undefined ? (GAMES[play.game] && GAMES[play.game][3]
      ? " " + (PLACES[q.rank - 1] || q.rank + "th") : "") : " " + q.score)
    + (q.winner ? " (won)" : "")).join(", ");
}

export function idKey(name) {
  let out = "";
  for (const c of name.replace(/^[ \t\n\r\v\f]+|[ \t\n\r\v\f]+$/g, "")) {
    const low = c.toLowerCase();
    out += [...low].length === 1 ? low : c;
  }
  return out;
}

export function role(game, p) {
  if (p.bot) return p.seat || BOT_ROLE[game] || "Device";
  if (p.seat) return p.seat;
  return named(p) ? null : p.name;
}

// host_sim/bgstats.py check_log, one play at a time: null when the play has the plays log's
// documented shape (firmware/plays.py), else what is wrong with it.
const MAX_TEXT = 40, MAX_PLAYERS = 6, MAX_INT = 1e6;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export function checkPlay(p) {
  const int = (v, lo) => Number.isInteger(v) && v >= lo && v < MAX_INT;
  const text = (v, empty) => typeof v === "string" && [...v].length <= MAX_TEXT && (empty || v.trim() !== "")
    && !LONE_SURROGATE.test(v);   // encodeURIComponent throws on one
  const bool = (v) => v === true || v === false;
  if (p === null || typeof p !== "object" || Array.isArray(p)) return "not an object";
  if (!int(p.n, 1)) return "n: not a whole number";
  if (!isGame(p.game)) return "game: not one of " + Object.keys(GAMES).join(", ");
  if (!text(p.variant, true)) return "variant: not a short text";
  if (!int(p.rounds, 0) || !int(p.minutes, 0)) return "rounds or minutes: not a whole number";
  if (has(p, "board") && !text(p.board, true)) return "board: not a short text";
  if (!Array.isArray(p.players) || p.players.length < 1 || p.players.length > MAX_PLAYERS) {
    return "players: not a list of 1 to " + MAX_PLAYERS + " players";
  }
  for (let j = 0; j < p.players.length; j++) {
    const q = p.players[j], w = "players[" + j + "]";
    if (q === null || typeof q !== "object" || Array.isArray(q)) return w + ": not an object";
    if (!text(q.name, false)) return w + ".name: not a text of 1 to " + MAX_TEXT + " characters";
    if (q.score !== null && !(Number.isInteger(q.score) && Math.abs(q.score) < MAX_INT)) return w + ".score";
    if (!int(q.rank, 1)) return w + ".rank";
    for (const k of ["winner", "start", "bot"]) if (!bool(q[k])) return w + "." + k + ": not true or false";
    if (has(q, "seat") && !text(q.seat, true)) return w + ".seat";
    if (has(q, "named") && !bool(q.named)) return w + ".named";
  }
  return null;
}

// The BG Stats document of one play of the plays log (keys in the order sent; the four
// booleans always sent, a durationMin of 0 left out, as host_sim/bgstats.py play_data).
export function playData(play, dev, playDate, location) {
  const game = play.game;
  const [name, bggId, highestWins, noPoints] = GAMES[game];
  const data = { sourceName: SOURCE_NAME, sourcePlayId: dev + "-" + play.n, playDate };
  if (play.minutes) data.durationMin = play.minutes;
  if (location) data.location = location;
  if (play.variant) data.comments = play.variant;
  if (play.board) data.board = play.board;
  const g = { name };
  if (bggId !== null) g.bggId = Number(bggId);
  // sent even at BG Stats' defaults: its Android app rejects a play that leaves a boolean out
  g.highestWins = !!highestWins;
  g.noPoints = !!noPoints;
  g.sourceGameId = game;
  data.game = g;
  data.players = play.players.map((p) => {
    const q = { name: p.name };
    if (!noPoints && p.score !== null && p.score !== undefined) q.score = p.score;
    q.rank = p.rank;
    q.winner = !!p.winner;
    q.startPlayer = !!p.start;
    const r = role(game, p);
    if (r) q.role = r;
    const id = playerId(game, p);
    if (id !== null) q.sourcePlayerId = id;
    return q;
  });
  return data;
}

// The link: encodeURIComponent, with ":" and "," left plain (host_sim/bgstats.py URI_SAFE).
export function playLink(play, dev, playDate, location) {
  const text = JSON.stringify(playData(play, dev, playDate, location));
  return LINK + encodeURIComponent(text).replace(/%3A/g, ":").replace(/%2C/g, ",");
}

// "YYYY-MM-DD HH:MM:SS" of a Date, local time, to the minute (as the host tool's default).
export function playDate(d) {
  const p = (n) => String(n).padStart(2, "0");
  return d.getFullYear() + "-" + p(d.getMonth() + 1) + "-" + p(d.getDate()) + " " + p(d.getHours()) + ":"
    + p(d.getMinutes()) + ":00";
}

function adler32(bytes) {   // RFC 1950 section 8.2, as store.adler32
  let a = 1, b = 0;
  for (let i = 0; i < bytes.length; i++) { a = (a + bytes[i]) % 65521; b = (b + a) % 65521; }
  return ((b << 16) | a) >>> 0;
}

// One saved file as the page keeps it (hex digits of "DTC1 <gen> <len> <adler32>\n<json>",
// firmware/store.py) -> {gen, doc}, or null if it is no good copy.
export function decodeSave(hex) {
  if (typeof hex !== "string" || hex.length % 2) return null;
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) {
    const v = parseInt(hex.substr(2 * i, 2), 16);
    if (Number.isNaN(v)) return null;
    bytes[i] = v;
  }
  const nl = bytes.indexOf(10);
  if (nl < 0) return null;
  const head = new TextDecoder().decode(bytes.subarray(0, nl)).split(" ");
  const body = bytes.subarray(nl + 1);
  if (head.length !== 4 || head[0] !== "DTC1" || Number(head[2]) !== body.length || Number(head[3]) !== adler32(body)) {
    return null;
  }
  try {
    return { gen: Number(head[1]), doc: JSON.parse(new TextDecoder().decode(body)) };
  } catch (_) {
    return null;
  }
}

// The plays log from the saved files {key: hex} (keys "dtc-save/plays.dat" ...): the good
// copy with the highest generation, as Store.load takes it; null if none.  Its plays are
// not checked here: checkPlay each before use.  ``skipped``: an array that gets one line
// for each copy dropped for its device id (not 8 lowercase hex digits: a number, say), so
// the page can say why no play is offered.
export function playsLog(files, prefix, skipped = null) {
  let best = null;
  for (const ext of [".dat", ".tmp", ".bak"]) {
    const got = decodeSave(files[prefix + "plays" + ext]);
    if (!(got && got.doc && typeof got.doc === "object" && Array.isArray(got.doc.plays))) continue;
    if (!(typeof got.doc.dev === "string" && /^[0-9a-f]{8}$/.test(got.doc.dev))) {
      if (skipped) {
        skipped.push("plays" + ext + ": device id " + JSON.stringify(got.doc.dev ?? null).slice(0, 24)
                     + " is not 8 hex digits");
      }
      continue;
    }
    if (best === null || got.gen > best.gen) best = got;
  }
  return best && best.doc;
}
