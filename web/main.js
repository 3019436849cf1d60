// The page: screen, buttons, keyboard and the saves in localStorage.  The device
// itself (MicroPython WebAssembly running the firmware) runs in worker.js, so the
// page stays live while the firmware computes.
import { GAMES, checkPlay, playDate, playLink, playsLog, who } from "./bgstats.js";
import { decodePlay } from "./playcode.js";
import qrcode from "./qrcode.mjs";

const W = 128, H = 64;
// keys.py: UP 1, DOWN 2, OK 3, BACK 4, LEFT 5, RIGHT 6.
const KEYS = { UP: 1, DOWN: 2, OK: 3, BACK: 4, LEFT: 5, RIGHT: 6 };
const KEYBOARD = { ArrowUp: "UP", ArrowDown: "DOWN", ArrowLeft: "LEFT", ArrowRight: "RIGHT",
                   Enter: "OK", Backspace: "BACK", Escape: "BACK" };
const LIT = [170, 220, 255], DARK = [8, 10, 16];   // the simulator's OLED colours
const SAVE_PREFIX = "dtc-save/";                   // boards/web/board.py STORE_PREFIX
const PAINTS_KEPT = 512;
const LOGGED_KEY = "dtc-bgstats-done";             // id ("<dev>-<n>") of the last play offered and taken or dismissed

// State the tests and the bench read (window.dtc).  paints: the last frames shown, each
// with the number of animation frames the page had drawn when it arrived.
const dtc = window.dtc = { ready: false, badPlays: [], readyMs: null, frames: 0, keys: 0, polls: 0,
                          keyMs: 0, maxKeyMs: 0, working: false, error: null, storeRefused: 0, paints: [], rafs: 0,
                          lang: null,        // the device's language (lang.LANGS): the rules help follows it
                          bgstats: null,     // the play offered: {id, link, date}
                          scanned: null };   // the play of the address (#...): {id, link, date} or {kind, error}

// The link back to the project: a GitHub Pages page (<account>.github.io/<repository>/) knows its
// repository from its own address, so a fork's page links to the fork.  Elsewhere (make web-serve,
// another host) there is no address to give, and the line stays hidden.
(function projectLink() {
  const host = location.hostname, repo = location.pathname.split("/")[1];
  if (!host.endsWith(".github.io") || !repo) return;
  document.getElementById("project-link").href =
    "https://github.com/" + host.slice(0, -".github.io".length) + "/" + repo;
  document.getElementById("project").hidden = false;
})();

const canvas = document.getElementById("screen");
const ctx = canvas.getContext("2d");
const image = ctx.createImageData(W, H);
const statusLine = document.getElementById("status");

// Crisp pixels: a whole number of device pixels per OLED pixel, as large as the bezel allows.
function fitScreen() {
  const dpr = window.devicePixelRatio || 1;
  const room = canvas.parentElement.clientWidth - 20;   // the bezel's padding
  const scale = Math.max(1, Math.floor(room * dpr / W));
  canvas.style.width = (scale * W / dpr) + "px";
}
window.addEventListener("resize", fitScreen);
fitScreen();

function setStatus(text, isError) {
  statusLine.textContent = text;
  statusLine.classList.toggle("error", !!isError);
}

function paint(hex) {   // 1024 bytes MONO_VLSB: page p, column x -> bits of rows 8p..8p+7
  const px = image.data;
  for (let page = 0; page < 8; page++) {
    for (let x = 0; x < W; x++) {
      const byte = parseInt(hex.substr((page * W + x) * 2, 2), 16);
      for (let bit = 0; bit < 8; bit++) {
        const o = ((page * 8 + bit) * W + x) * 4;
        const c = (byte >> bit) & 1 ? LIT : DARK;
        px[o] = c[0]; px[o + 1] = c[1]; px[o + 2] = c[2]; px[o + 3] = 255;
      }
    }
  }
  ctx.putImageData(image, 0, 0);
  dtc.frames++;
  dtc.paints.push({ hex, rafs: dtc.rafs });
  if (dtc.paints.length > PAINTS_KEPT) dtc.paints.shift();
}

function countFrames() { dtc.rafs++; requestAnimationFrame(countFrames); }
requestAnimationFrame(countFrames);

// ---- the device ----------------------------------------------------------------------
const device = new Worker("worker.js", { type: "module" });

function fail(message) {
  dtc.error = message;
  setStatus("The firmware stopped:\n" + message, true);
  console.error(message);
}

device.onmessage = (e) => {
  const m = e.data;
  if (m.type === "frame") {
    paint(m.hex);
  } else if (m.type === "stats") {
    dtc.keys = m.keys; dtc.polls = m.polls; dtc.keyMs = m.keyMs; dtc.maxKeyMs = m.maxKeyMs;
    dtc.working = m.working;
  } else if (m.type === "store") {   // the save folder's mirror (the worker has no localStorage)
    let ok = true;
    try {
      if (m.text === null) localStorage.removeItem(m.key); else localStorage.setItem(m.key, m.text);
    } catch (_) {
      ok = false;
      dtc.storeRefused++;
      setStatus("This browser refused to keep the save (storage full or turned off): "
                + "the game goes on, but a reload will not resume it.", true);
    }
    device.postMessage({ type: "stored", ok });   // the firmware says so too (as a full flash)
    if (m.key.startsWith(SAVE_PREFIX + "plays.")) offerPlay();
  } else if (m.type === "ready") {
    dtc.ready = true;
    dtc.readyMs = performance.now();
    dtc.skipped = m.skipped;
    const bad = dtc.badPlays && dtc.badPlays.length ? " " + playsNote() : "";
    if (m.skipped.length) {   // kept in localStorage as they are; "Forget saved games" clears them
      setStatus("Ready (" + m.version + "). Skipped " + m.skipped.length + " saved item(s) that are "
                + "no save of this page: " + m.skipped.map((k) => JSON.stringify(k)).join(", ") + bad, true);
    } else {
      setStatus("Ready (" + m.version + ")." + bad, !!bad);
    }
  } else if (m.type === "lang") {
    helpLang = m.lang;
    dtc.lang = m.lang;
    showHelp();
  } else if (m.type === "error") {
    fail(m.message);
  }
};
device.onerror = (e) => fail(e.message || "the worker failed to start");

const saves = {};
try {
  for (const k of Object.keys(localStorage)) if (k.startsWith(SAVE_PREFIX)) saves[k] = localStorage.getItem(k);
} catch (_) { /* storage turned off: start without saves */ }
device.postMessage({ type: "init", saves, seed: new URLSearchParams(location.search).get("seed"),  // ?seed=N: fixed dice
                     page: location.origin + location.pathname });   // the device's QR codes lead here

// ---- Board Game Stats: the newest play of the plays log (plays.dat), once ---------------
const panel = document.getElementById("bgstats");
function storedItem(key) { try { return localStorage.getItem(key); } catch (_) { return null; } }

// The newest play of the log that has the documented shape; a play that has not is skipped
// and said on the page (dtc.badPlays), never thrown: the page's keys work whatever the log holds.
function offerPlay() {
  try {
    showPlay();
  } catch (e) {
    panel.hidden = true;
    dtc.bgstats = null;
    dtc.badPlays = [String(e && e.message || e)];
    setStatus(playsNote(), true);
  }
}
function playsNote() {
  return "Skipped " + dtc.badPlays.length + " play(s) of the plays log that BG Stats cannot be offered: "
    + dtc.badPlays.join("; ");
}
function showPlay() {
  const files = {};
  for (const ext of [".dat", ".tmp", ".bak"]) files[SAVE_PREFIX + "plays" + ext] = storedItem(SAVE_PREFIX + "plays" + ext);
  const bad = [];
  const log = playsLog(files, SAVE_PREFIX, bad);   // a log dropped for its device id: said too
  const good = [];
  for (const [i, p] of (log ? log.plays : []).entries()) {
    const why = checkPlay(p);
    if (why === null) good.push(p); else bad.push("play " + (Number.isInteger(p && p.n) ? p.n : "#" + (i + 1)) + ": " + why);
  }
  dtc.badPlays = bad;
  if (bad.length) setStatus(playsNote(), true);
  const play = good[good.length - 1];
  const id = play ? log.dev + "-" + play.n : null;
  if (!id || storedItem(LOGGED_KEY) === id) { panel.hidden = true; dtc.bgstats = null; return; }
  if (dtc.bgstats && dtc.bgstats.id === id) return;   // already shown
  const date = playDate(new Date());   // the page knows the date (the device has no clock)
  const link = playLink(play, log.dev, date, null);
  const qr = qrcode(0, "L");
  qr.addData(link);
  qr.make();   // throws for a link longer than any QR code holds: nothing is shown then
  dtc.bgstats = { id, link, date };
  document.getElementById("bgstats-link").href = link;
  document.getElementById("bgstats-what").textContent = "(" + GAMES[play.game][0] + ": " + who(play) + ")";
  document.getElementById("bgstats-qr").innerHTML = qr.createSvgTag({ cellSize: 2, margin: 4, scalable: true });
  panel.hidden = false;
}
function donePlay() {
  if (dtc.bgstats) { try { localStorage.setItem(LOGGED_KEY, dtc.bgstats.id); } catch (_) { /* storage off */ } }
  panel.hidden = true;
}
document.getElementById("bgstats-link").addEventListener("click", donePlay);
document.getElementById("bgstats-done").addEventListener("click", donePlay);

// ---- rules help: the firmware's text (help.json, made by tools/build_web.py) ---------------
// In the device's language (Settings, Language: the worker says which); the rest of the page stays English.
let help = null, helpLang = "en";
function showHelp() {
  if (!help) return;
  const box = document.getElementById("rules-text");
  const rules = document.getElementById("rules");
  rules.querySelector("summary").textContent = help.summary[helpLang] || help.summary.en;
  rules.lang = box.lang = helpLang;
  box.replaceChildren();
  for (const g of help.games) {
    const text = g[helpLang] || g;   // English: the entry itself
    const h = document.createElement("h3");
    h.textContent = text.label;
    box.append(h);
    for (const [title, body] of text.pages) {
      const t = document.createElement("h4"), p = document.createElement("p");
      t.textContent = title;
      p.textContent = body;
      box.append(t, p);
    }
  }
}
fetch("help.json").then((r) => r.json()).then((doc) => { help = doc; showHelp(); })
  .catch(() => { document.getElementById("rules").hidden = true; });

// ---- keys -------------------------------------------------------------------------
const press = (key, source) => device.postMessage({ type: "press", key, source });
const release = (key, source) => device.postMessage({ type: "release", key, source });

for (const btn of document.querySelectorAll("button[data-key]")) {
  const key = KEYS[btn.dataset.key];
  const up = (e) => { release(key, "p" + e.pointerId); btn.classList.remove("down-now"); };
  btn.addEventListener("pointerdown", (e) => {
    e.preventDefault();
    btn.setPointerCapture(e.pointerId);
    btn.classList.add("down-now");
    press(key, "p" + e.pointerId);
  });
  btn.addEventListener("pointerup", up);
  btn.addEventListener("pointercancel", up);
  btn.addEventListener("lostpointercapture", up);
  btn.addEventListener("contextmenu", (e) => e.preventDefault());   // a long touch is a long press
  btn.addEventListener("click", (e) => e.preventDefault());
}

window.addEventListener("keydown", (e) => {
  const name = KEYBOARD[e.key];
  if (!name || e.altKey || e.ctrlKey || e.metaKey) return;
  e.preventDefault();
  if (!e.repeat) press(KEYS[name], "k" + e.code);
});
window.addEventListener("keyup", (e) => {
  const name = KEYBOARD[e.key];
  if (name) release(KEYS[name], "k" + e.code);
});
window.addEventListener("blur", () => device.postMessage({ type: "releaseKeyboard" }));

document.getElementById("forget").addEventListener("click", () => {
  if (!confirm("Forget every saved game in this browser?")) return;
  device.terminate();   // no save may come in after this
  for (const k of Object.keys(localStorage)) if (k.startsWith(SAVE_PREFIX)) localStorage.removeItem(k);
  location.reload();
});

// ---- a play scanned from the device's QR code: the address's fragment (docs/phone.md) -------
// Shown above the device with its BG Stats link; a fragment that is cut short, altered, from
// newer firmware or too long is said there, and the page works on as ever.
function showScanned() {
  const box = document.getElementById("scanned"), err = document.getElementById("scanned-error");
  const link = document.getElementById("scanned-link"), what = document.getElementById("scanned-what");
  const help = document.getElementById("scanned-help");
  if (!location.hash || location.hash === "#") { box.hidden = true; dtc.scanned = null; return; }
  box.hidden = false;
  try {
    const got = decodePlay(location.hash);
    const date = got.date || playDate(new Date());   // the device has no clock: scanned at the table, now
    const p = got.play, url = playLink(p, got.dev, date, null);
    link.href = url;
    link.hidden = false;
    err.hidden = true;
    what.textContent = GAMES[p.game][0] + ", " + p.variant + (p.minutes ? ", " + p.minutes + " min" : "") + ": "
      + who(p) + "." + (got.cut ? " Names shortened to fit the code: check them in BG Stats." : "");
    help.hidden = false;
    dtc.scanned = { id: got.dev + "-" + p.n, link: url, date, play: p };
  } catch (e) {
    link.hidden = true;
    link.removeAttribute("href");
    what.textContent = "";
    err.hidden = false;
    err.textContent = "This address's play cannot be logged: " + String(e && e.message || e) + ".";
    help.hidden = true;   // it speaks of the button, hidden now
    dtc.scanned = { kind: (e && e.kind) || "error", error: err.textContent };
  }
}
window.addEventListener("hashchange", showScanned);
try { showScanned(); } catch (e) { console.error(e); }

offerPlay();   // last: whatever the plays log holds, the keys above are already answered
