// The compact form of a play that the device's QR code ("Phone: scan to log") carries after
// the page's address and "#": format 1, defined in docs/phone.md; written by the firmware's
// playcode.py.  decodePlay() turns it back into a play of the plays log (firmware/plays.py),
// which bgstats.js turns into the Board Game Stats link, as for a play of the page's own log.

import { checkPlay } from "./bgstats.js";

export const FORMAT = 1;
export const MAX_LENGTH = 1000;   // characters: far above any play a version-10 QR code holds
const MAX_TEXT = 40, MAX_PLAYERS = 6;
const B36 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const GAMES = { F: "delfos", D: "delphi", T: "tholos", O: "oracle" };

// What is wrong with a fragment, said on the page: kind is "oversized", "newer", "truncated" or
// "altered".
export class PlayCodeError extends Error {
  constructor(kind, message) { super(message); this.kind = kind; }
}

// playcode.check: 3 base-36 digits of a hash of the text before them.
export function check(s) {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (h * 31 + s.charCodeAt(i)) % 46649;
  return B36[Math.floor(h / 1296)] + B36[Math.floor(h / 36) % 36] + B36[h % 36];
}

function altered(what) { return new PlayCodeError("altered", "the play in this address was altered (" + what + ")"); }

// A text field (docs/phone.md, "Text") back to the text.
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
  if (version !== FORMAT) throw altered("format " + version);
  const last = s.lastIndexOf("*");
  const complete = fields.length >= 14 && (fields.length - 10) % 4 === 0 && /^[0-9A-Z]{3}$/.test(fields[fields.length - 1]);
  if (!complete) throw new PlayCodeError("truncated", "the play in this address is cut short (the whole QR code was not read)");
  if (check(s.slice(0, last + 1)) !== fields[fields.length - 1]) throw altered("its check does not match");
  const dev = fields[1];
  if (!/^[0-9A-F]{8}$/.test(dev)) throw altered("device id");
  const play = { n: int(fields[2], "play number", 1) };
  play.game = GAMES[fields[3]];
  if (!play.game) throw altered("game");
  let date = null;
  if (fields[4]) {
    const m = /^([0-9]{4})([0-9]{2})([0-9]{2})([0-9]{2})([0-9]{2})$/.exec(fields[4]);
    if (!m) throw altered("date");
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
    if (!fr || f < 0 || f > 23) throw altered(w);
    const q = { name: null, score: score === "" ? null : int(score, w + " score", -999999),
                rank: int(fr.slice(1), w + " rank", 1), winner: !!(f & 1), start: !!(f & 2), bot: !!(f & 4) };
    q.seat = text(seat, w + " seat");
    q.name = name === "" ? q.seat : text(name, w + " name");
    if (f < 16) q.named = !!(f & 8);
    play.players.push(q);
  }
  const why = checkPlay(play);
  if (why !== null) throw altered(why);
  return { dev: dev.toLowerCase(), play, date };
}
