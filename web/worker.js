// The device, in a Web Worker: MicroPython WebAssembly with the compiled firmware
// (firmware.json) on its memory file system, the App booted on the browser board
// (boards/web/board.py) and App.poll() called from a timer, as the Pico's loop does.
// Running here and not on the page's thread, a long search (the Tholos opponent)
// never freezes the page: the "thinking" frame is painted while the search runs.
//
// Messages in:  {type: "init", saves: {key: text}, seed: string|null, page: the page's address}
//               {type: "press"|"release", key, source}, {type: "releaseKeyboard"}
//               {type: "stored", ok}: the page's answer to a "store" (false: localStorage refused it)
// Messages out: {type: "frame", hex}, {type: "store", key, text}, {type: "stats", ...},
//               {type: "ready", version, skipped: [keys]}, {type: "error", message},
//               {type: "lang", lang}: the device's language (lang.LANGS) at boot and on each change
import { loadMicroPython } from "./micropython.mjs";

const POLL_MS = 10;          // the Pico board's idle between polls
const HEAP = 256 * 1024;     // about the Pico's free heap, so a page that runs is a device that runs
const KEYS = [1, 2, 3, 4, 5, 6];   // keys.py: UP DOWN OK BACK LEFT RIGHT; the mask bit is 1 << key
// keys.Buttons ignores a change that lasts less than its 20 ms debounce (firmware/keys.py);
// a quick tap or a keyboard press can be shorter.  Every press and every gap between presses
// of a key is therefore held for at least one poll past MIN_MS (three times the debounce, so a
// busy worker's late poll still sees it): no tap is lost, and a
// key held longer (long OK = BACK, auto-repeat) reaches the firmware as it is.
const MIN_MS = 60;

// ---- the board's JS side (see boards/web/board.py) -------------------------------
const saves = new Map();    // the page's localStorage items of the save folder
globalThis.localStorage = {   // read by board.restore() before the App boots
  get length() { return saves.size; },
  key(i) { return [...saves.keys()][i] ?? null; },
  getItem(k) { return saves.has(k) ? saves.get(k) : null; },
  size(k) { return saves.has(k) ? saves.get(k).length : -1; },   // without copying it into the heap
};
// The worker has no localStorage: the page writes each item and answers ("stored").  Its
// answer comes after the save that asked, so a refusal is told to the firmware then (a
// message on the screen) and every write after it fails as on a full flash until the page
// keeps one again.  Over QUOTA characters in all (far above every save of every game) a
// write is refused here at once.
const QUOTA = 2 * 1024 * 1024;
let refused = false;
let onRefused = null;   // set once the App runs: tells the player
globalThis.dtcStore = (key, text) => {
  if (text === null || text === undefined) {
    saves.delete(key);
    postMessage({ type: "store", key, text: null });
    return true;   // a removal is never refused
  }
  let total = text.length;
  for (const [k, v] of saves) if (k !== key) total += v.length;
  if (total > QUOTA) return false;
  saves.set(key, text);
  postMessage({ type: "store", key, text });
  return !refused;
};
globalThis.dtcShow = (hex) => postMessage({ type: "frame", hex });
let fixedSeed = null;
globalThis.dtcRandom = () => crypto.getRandomValues(new Uint32Array(1))[0].toString(16);
globalThis.dtcSeed = () => {
  if (fixedSeed !== null) return (Number(fixedSeed) >>> 0).toString(16);
  return globalThis.dtcRandom();
};

// ---- keys ---------------------------------------------------------------------------
const phys = {};     // key -> set of sources (pointer ids, keyboard codes) holding it now
const state = {};    // key -> {down, since, seen, presses}
for (const k of KEYS) { phys[k] = new Set(); state[k] = { down: false, since: -1e9, seen: true, presses: 0 }; }

function heldMask(now) {
  let mask = 0;
  for (const k of KEYS) {
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
  for (const k of KEYS) {
    const s = state[k];
    if (!s.seen && now - s.since >= MIN_MS) s.seen = true;
  }
}

// ---- boot and loop --------------------------------------------------------------------
function writeBundle(mp, files) {
  for (const [path, b64] of Object.entries(files)) {
    const parts = ("/lib/" + path).split("/");
    for (let i = 2; i < parts.length; i++) {
      try { mp.FS.mkdir(parts.slice(0, i).join("/")); } catch (_) { /* exists */ }
    }
    const bin = atob(b64), bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    mp.FS.writeFile("/lib/" + path, bytes);
  }
}

async function boot(init) {
  for (const [k, v] of Object.entries(init.saves)) saves.set(k, v);
  fixedSeed = init.seed;
  const log = [];
  const [mp, bundle] = await Promise.all([
    loadMicroPython({ heapsize: HEAP, stdout: (s) => console.log(s), stderr: (s) => { log.push(s); console.error(s); } }),
    fetch("firmware.json").then((r) => { if (!r.ok) throw new Error("firmware.json: " + r.status); return r.json(); }),
  ]);
  writeBundle(mp, bundle.files);
  // brd.handled counts every key event the App handles (poll() may handle several at once).
  mp.runPython([
    "import board", "from app import App", "brd = board.Board()",
    // the page's own address for "Phone" (firmware/phone_ui.py reads board.page_url)
    "brd.page_url = " + JSON.stringify(String(init.page || "")), "brd.handled = 0", "app = App(brd).boot()",
    "_handle = app.handle",
    "def _counted(k):", "    brd.handled += 1", "    _handle(k)",
    "app.handle = _counted",
    "if brd.note:", "    app.toast(brd.note)",   // items of localStorage skipped: said on the screen
    "_skipped = ','.join(brd.skipped)",
    "def _refused():", "    app.toast('Browser storage full: last step not saved')",
    "import lang", "def _lang():", "    return lang.LANGS[lang.index]",   // Settings' Language line
  ].join("\n"));
  const skipped = mp.globals.get("_skipped");
  onRefused = mp.globals.get("_refused");
  const language = mp.globals.get("_lang");
  let langNow = null;
  const brd = mp.globals.get("brd");
  const app = mp.globals.get("app");
  const poll = app.poll;
  // working: the App's background job (the Tholos device's search) wants more passes; the page
  // is told when that changes too, so it knows when a key's work has reached its last frame
  let keys = 0, polls = 0, keyMs = 0, maxKeyMs = 0, ready = false, working = false;
  function tick() {
    const now = performance.now();
    try {
      brd.held = heldMask(now);
      const t = performance.now();
      const handled = poll();
      polls++;
      const busy = !!app.working;
      if (handled || busy !== working) {
        if (handled) {
          const ms = performance.now() - t;
          keys = brd.handled; keyMs += ms; maxKeyMs = Math.max(maxKeyMs, ms);
        }
        working = busy;
        postMessage({ type: "stats", keys, polls, keyMs, maxKeyMs, working });
      }
      if (handled || !ready) {   // the page's own text around the device follows its language
        const now = language();
        if (now !== langNow) { langNow = now; postMessage({ type: "lang", lang: now }); }
      }
    } catch (e) {
      postMessage({ type: "error", message: e.name === "PythonError" ? e.message + "\n" + log.join("\n") : String(e) });
      return;
    }
    markSeen(now);
    if (!ready) {
      ready = true;
      postMessage({ type: "ready", version: bundle.version, skipped: skipped ? skipped.split(",") : [] });
    }
    setTimeout(tick, POLL_MS);
  }
  tick();
}

onmessage = (e) => {
  const m = e.data;
  if (m.type === "init") {
    boot(m).catch((err) => postMessage({ type: "error", message: String(err && err.message || err) }));
  } else if (m.type === "press") {
    if (!phys[m.key].has(m.source)) { phys[m.key].add(m.source); state[m.key].presses++; }
  } else if (m.type === "release") {
    phys[m.key].delete(m.source);
  } else if (m.type === "stored") {
    const was = refused;
    refused = !m.ok;
    if (refused && !was && onRefused) onRefused();   // between polls: the next frame shows it
  } else if (m.type === "releaseKeyboard") {   // a key released in another window must not stay held
    for (const k of KEYS) for (const s of [...phys[k]]) if (s[0] === "k") phys[k].delete(s);
  }
};
