// The compact form of a play that the device's QR code ("Phone") carries after
// the page's address and "#": format 2 (and the older format 1), defined in docs/phone.md;
// written by the firmware's playcode.py.  decodePlay() turns it back into a play of the plays log (firmware/plays.py),
// which bgstats.js turns into the Board Game Stats link, as for a play of the page's own log.

import { checkPlay } from "./bgstats.js";

export const FORMAT = 2;   // the newest this page reads; it reads every format before it
export const MAX_LENGTH = 1000;   // characters: far above any play a version-10 QR code holds
const MAX_TEXT = 40, MAX_PLAYERS = 6;
const B36 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const GAMES = { F: "delfos", D: "delphi", T: "tholos", O: "oracle" };

// What is wrong with a fragment, said on the page: kind is "oversized", "newer", "truncated" or
// "altered".
export class PlayCodeError extends Error {
  constructor(kind, message) { super(message); this.kind = kind; }
}

// playcode.check: 3 base-36 digits of a hash of the text before them (format 1 multiplied by 31,
// format 2 by 113: a change of two neighbours always shows).
export function check(s, format = FORMAT) {
  const base = format === 1 ? 31 : 113;
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (h * base + s.charCodeAt(i)) % 46649;
  return B36[Math.floor(h / 1296)] + B36[Math.floor(h / 36) % 36] + B36[h % 36];
}

function altered(what) { return new PlayCodeError("altered", "the play in this address was altered (" + what + ")"); }

// Characters a name or variant never needs and that would change how the page shows it: the C0
// and C1 controls and the bidirectional marks, embeddings, overrides and isolates.
const HIDDEN = /[\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;

// A text field (docs/phone.md, "Text") back to the text, its controls and direction overrides
// dropped (HIDDEN); at most MAX_TEXT characters (code points, as the device counts).
function text(s, what) {
  let out = "", low = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c >= "A" && c <= "Z") out += low ? c.toLowerCase() : c;
    else if ((c >= "0" && c <= "9") || c === "-" || c === "/") out += c;
    else if (c === ".") out += " ";
    else if (c === ":") out += ",";
    else if (c === "+") low = !low;
    else if (c === "$") {
      let k = 1;
      while (s[i + k] === "$" && k < 3) k++;
      const hex = s.substr(i + k, 2 * k);
      if (!/^[0-9A-F]+$/.test(hex) || hex.length !== 2 * k) throw altered(what);
      const cp = parseInt(hex, 16);
      if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) throw altered(what);
      out += String.fromCodePoint(cp);
      i += 3 * k - 1;
    } else throw altered(what);
  }
  out = out.replace(HIDDEN, "");
  if ([...out].length > MAX_TEXT) throw altered(what);
  return out;
}

function int(s, what, lo) {
  if (!/^-?[0-9]{1,7}$/.test(s)) throw altered(what);
  const v = Number(s);
  if (v < lo) throw altered(what);
  return v;
}

// The play of a fragment (the text after "#", with or without it): {dev, play, date} with date
// "YYYY-MM-DD HH:MM:SS" or null (the device has no clock: the page gives the date then).
// Throws a PlayCodeError saying what is wrong.
export function decodePlay(fragment) {
  let s = String(fragment || "");
  if (s.startsWith("#")) s = s.slice(1);
  if (s.length > MAX_LENGTH) {
    throw new PlayCodeError("oversized", "the address holds " + s.length + " characters after #, more than any play ("
                            + MAX_LENGTH + "): not read");
  }
  if (s.includes("%")) {
    try { s = decodeURIComponent(s); } catch (_) { throw altered("an escape"); }
  }
  s = s.toUpperCase();   // a scanner or a hand that changed the case changes nothing
  const fields = s.split("*");
  if (!/^[0-9]+$/.test(fields[0])) throw altered("no format number");
  const version = Number(fields[0]);
  if (version > FORMAT) {
    throw new PlayCodeError("newer", "this play comes in format " + version + ", from firmware newer than this page"
                            + " (which reads format " + FORMAT + "): open the newest page");
  }
  if (version < 1) throw altered("format " + version);
  const last = s.lastIndexOf("*");
  const complete = fields.length >= 14 && (fields.length - 10) % 4 === 0 && /^[0-9A-Z]{3}$/.test(fields[fields.length - 1]);
  if (!complete) throw new PlayCodeError("truncated", "the play in this address is cut short (the whole QR code was not read)");
  if (check(s.slice(0, last + 1), version) !== fields[fields.length - 1]) throw altered("its check does not match");
  const dev = fields[1];
  if (!/^[0-9A-F]{8}$/.test(dev)) throw altered("device id");
  const play = { n: int(fields[2], "play number", 1) };
  play.game = GAMES[fields[3]];
  if (!play.game) throw altered("game");
  let date = null;
  if (fields[4]) {
    const m = /^([0-9]{4})([0-9]{2})([0-9]{2})([0-9]{2})([0-9]{2})$/.exec(fields[4]);
    if (!m) throw altered("date");
    const [y, mo, d, hh, mm] = m.slice(1).map(Number);
    const days = new Date(Date.UTC(y, mo, 0)).getUTCDate();   // of month mo of year y
    if (y < 2000 || mo < 1 || mo > 12 || d < 1 || d > days || hh > 23 || mm > 59) throw altered("date");
    date = m[1] + "-" + m[2] + "-" + m[3] + " " + m[4] + ":" + m[5] + ":00";
  }
  play.variant = text(fields[7], "variant");
  play.players = [];
  play.rounds = int(fields[6], "rounds", 0);
  play.minutes = int(fields[5], "minutes", 0);
  const board = text(fields[8], "board");
  if (board) play.board = board;
  const n = (fields.length - 10) / 4;
  if (n > MAX_PLAYERS) throw altered("players");
  for (let j = 0; j < n; j++) {
    const [fr, score, name, seat] = fields.slice(9 + 4 * j, 13 + 4 * j);
    const w = "player " + (j + 1);
    const f = B36.indexOf(fr[0]);
    if (!fr || f < 0 || f > (version === 1 ? 23 : 31)) throw altered(w);
    const q = { name: null, score: score === "" ? null : int(score, w + " score", -999999),
                rank: int(fr.slice(1), w + " rank", 1), winner: !!(f & 1), start: !!(f & 2), bot: !!(f & 4) };
    q.seat = text(seat, w + " seat");
    q.name = name === "" ? q.seat : text(name, w + " name");
    if (f >= 24) {   // a stored name cut to fit the code (a long address): no player id is sent for it
      q.named = true;
      q.cut = true;
    } else if (f < 16) q.named = !!(f & 8);
    play.players.push(q);
  }
  const why = checkPlay(play);
  if (why !== null) throw altered(why);
  const got = { dev: dev.toLowerCase(), play, date };
  if (play.players.some((q) => q.cut)) got.cut = true;
  return got;
}
