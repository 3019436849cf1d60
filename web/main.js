// The page side of the browser board (boards/web/board.py): loads MicroPython
// WebAssembly, puts the compiled firmware (firmware.json) on its memory file system,
// boots the App and calls App.poll() from a timer, as the Pico's loop does.
import { loadMicroPython } from "./micropython.mjs";

const W = 128, H = 64;
const POLL_MS = 10;          // the Pico board's idle between polls
const HEAP = 256 * 1024;     // about the Pico's free heap, so a page that runs is a device that runs
// keys.py: UP 1, DOWN 2, OK 3, BACK 4, LEFT 5, RIGHT 6; the mask bit is 1 << key.
const KEYS = { UP: 1, DOWN: 2, OK: 3, BACK: 4, LEFT: 5, RIGHT: 6 };
const KEYBOARD = { ArrowUp: "UP", ArrowDown: "DOWN", ArrowLeft: "LEFT", ArrowRight: "RIGHT",
                   Enter: "OK", Backspace: "BACK", Escape: "BACK" };
// keys.Buttons ignores a change that lasts less than its 50 ms debounce; a quick tap
// or a keyboard press can be shorter.  Every press and every gap between presses of
// a key is therefore held for at least one poll past MIN_MS: no tap is lost, and a
// key held longer (long OK = BACK, auto-repeat) reaches the firmware as it is.
const MIN_MS = 60;
const LIT = [170, 220, 255], DARK = [8, 10, 16];   // the simulator's OLED colours

// State the tests and the bench read (window.dtc).
const dtc = window.dtc = { ready: false, readyMs: null, frames: 0, keys: 0, polls: 0,
                          keyMs: 0, maxKeyMs: 0, error: null };

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

// ---- the board's JS side -------------------------------------------------------
window.dtcShow = (hex) => {   // 1024 bytes MONO_VLSB: page p, column x -> bits of rows 8p..8p+7
  const px = image.data;
  for (let page = 0; page < 8; page++) {
    for (let x = 0; x < W; x++) {
      const i = page * W + x;
      const byte = parseInt(hex.substr(i * 2, 2), 16);
      for (let bit = 0; bit < 8; bit++) {
        const o = ((page * 8 + bit) * W + x) * 4;
        const c = (byte >> bit) & 1 ? LIT : DARK;
        px[o] = c[0]; px[o + 1] = c[1]; px[o + 2] = c[2]; px[o + 3] = 255;
      }
    }
  }
  ctx.putImageData(image, 0, 0);
  dtc.frames++;
};

const fixedSeed = new URLSearchParams(location.search).get("seed");   // tests: ?seed=N as in the golden scripts
window.dtcSeed = () => {
  if (fixedSeed !== null) return (Number(fixedSeed) >>> 0).toString(16);
  return crypto.getRandomValues(new Uint32Array(1))[0].toString(16);
};

window.dtcStore = (key, text) => {   // the save folder's mirror; false if the browser refuses
  try {
    if (text === null || text === undefined) localStorage.removeItem(key); else localStorage.setItem(key, text);
    return true;
  } catch (_) {
    return false;
  }
};

// ---- keys -------------------------------------------------------------------------
const phys = {};     // key -> set of sources (pointer ids, keyboard codes) holding it now
const state = {};    // key -> {down, since, seen, presses}
for (const k of Object.values(KEYS)) { phys[k] = new Set(); state[k] = { down: false, since: -1e9, seen: true, presses: 0 }; }

function press(key, source) {
  if (!phys[key].has(source)) { phys[key].add(source); state[key].presses++; }
}
function release(key, source) { phys[key].delete(source); }

function heldMask(now) {
  let mask = 0;
  for (const k of Object.values(KEYS)) {
    const s = state[k];
    if (s.seen) {
      if (!s.down && s.presses > 0) { s.down = true; s.presses--; s.since = now; s.seen = false; }
      else if (s.down && (phys[k].size === 0 || s.presses > 0)) { s.down = false; s.since = now; s.seen = false; }
    }
    if (s.down) mask |= 1 << k;
  }
  return mask;
}

function markSeen(now) {   // after a poll at `now`: a state older than MIN_MS has been seen past the debounce
  for (const k of Object.values(KEYS)) {
    const s = state[k];
    if (!s.seen && now - s.since >= MIN_MS) s.seen = true;
  }
}

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
window.addEventListener("blur", () => {   // a key released in another window must not stay held
  for (const k of Object.values(KEYS)) for (const s of [...phys[k]]) if (s[0] === "k") phys[k].delete(s);
});

document.getElementById("forget").addEventListener("click", () => {
  if (!confirm("Forget every saved game in this browser?")) return;
  for (const k of Object.keys(localStorage)) if (k.startsWith("dtc-save/")) localStorage.removeItem(k);
  location.reload();
});

// ---- boot and loop ------------------------------------------------------------------
function fail(e) {
  dtc.error = String(e && e.message || e);
  setStatus("The firmware stopped:\n" + dtc.error, true);
  console.error(e);
}

function writeBundle(mp, files) {
  for (const [path, b64] of Object.entries(files)) {
    const parts = ("/lib/" + path).split("/");
    for (let i = 2; i < parts.length; i++) {
      const dir = parts.slice(0, i).join("/");
      try { mp.FS.mkdir(dir); } catch (_) { /* exists */ }
    }
    const bin = atob(b64), bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    mp.FS.writeFile("/lib/" + path, bytes);
  }
}

async function boot() {
  const log = [];
  const [mp, bundle] = await Promise.all([
    loadMicroPython({ heapsize: HEAP, stdout: (s) => console.log(s), stderr: (s) => { log.push(s); console.error(s); } }),
    fetch("firmware.json").then((r) => { if (!r.ok) throw new Error("firmware.json: " + r.status); return r.json(); }),
  ]);
  writeBundle(mp, bundle.files);
  // brd.handled counts every key event the App handles (poll() may handle several at once).
  mp.runPython([
    "import board", "from app import App", "brd = board.Board()", "brd.handled = 0", "app = App(brd).boot()",
    "_handle = app.handle",
    "def _counted(k):", "    brd.handled += 1", "    _handle(k)",
    "app.handle = _counted",
  ].join("\n"));
  const brd = mp.globals.get("brd");
  const poll = mp.globals.get("app").poll;
  dtc.version = bundle.version;
  function tick() {
    const now = performance.now();
    try {
      brd.held = heldMask(now);
      const t = performance.now();
      const handled = poll();
      dtc.polls++;
      if (handled) {
        const ms = performance.now() - t;
        dtc.keys = brd.handled; dtc.keyMs += ms; dtc.maxKeyMs = Math.max(dtc.maxKeyMs, ms);
      }
    } catch (e) {
      fail(e.name === "PythonError" ? e.message + "\n" + log.join("\n") : e);
      return;
    }
    markSeen(now);
    if (!dtc.ready) {
      dtc.ready = true;
      dtc.readyMs = performance.now();
      setStatus("Ready (" + bundle.version + ").");
    }
    setTimeout(tick, POLL_MS);
  }
  tick();
}

boot().catch(fail);
