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

export function playerId(game, p) {
  if (p.bot) return BOT_ID[game] || "device";
  return "name:" + String(p.name ?? "").trim().toLowerCase();
}

// The BG Stats document of one play of the plays log (keys in the order sent).
export function playData(play, dev, playDate, location) {
  const game = play.game;
  const [name, bggId, highestWins, noPoints] = GAMES[game];
  const data = { sourceName: SOURCE_NAME, sourcePlayId: dev + "-" + play.n, playDate };
  if (play.minutes !== undefined && play.minutes !== null) data.durationMin = play.minutes;
  if (location) data.location = location;
  if (play.variant) data.comments = play.variant;
  const g = { name };
  if (bggId !== null) g.bggId = bggId;
  g.highestWins = highestWins;
  g.noPoints = noPoints;
  g.sourceGameId = game;
  data.game = g;
  data.players = play.players.map((p) => {
    const q = { name: p.name };
    if (!noPoints && p.score !== null && p.score !== undefined) q.score = p.score;
    q.rank = p.rank;
    q.winner = !!p.winner;
    q.startPlayer = !!p.start;
    q.sourcePlayerId = playerId(game, p);
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
// copy with the highest generation, as Store.load takes it; null if none.
export function playsLog(files, prefix) {
  let best = null;
  for (const ext of [".dat", ".tmp", ".bak"]) {
    const got = decodeSave(files[prefix + "plays" + ext]);
    if (got && got.doc && Array.isArray(got.doc.plays) && typeof got.doc.dev === "string"
        && (best === null || got.gen > best.gen)) best = got;
  }
  return best && best.doc;
}
