/* mkdocs-tagindex: the tag explorer of the all-tags page (tagindex/explorer.html).
 *
 * Readers combine tags: a "+" beside each tag of the list (or Enter in the find field) adds it,
 * all / any says whether an article needs every chosen tag or one of them, and the articles
 * that match show as the page's own cards, numbered 01, 02, … with their count. The audience
 * switch and the filters (tagindex.js) apply to them too.
 *
 * Which tag and which filter value lists which article comes from the language's explorer.json
 * (data-tagindex-index), read once, when a reader first picks or types, or at once when the URL
 * already holds a choice; every count is made from it. The cards are not in the page (it would
 * grow with the site): they come in pieces (explorer.json's `pieces`, each the results block of
 * tagindex/explorer.html rendered at build time with the page's own context, so a card here is
 * the card of a tag page, overrides included), fetched for the cards shown, a screenful at a
 * time: more are drawn as the reader nears the end of the list. The counts of the "+" on
 * screen change at once, the others in short tasks after.
 *
 * The choice lives in the URL: ?t=grpo+rl&match=all (slugs joined by "+", which the script
 * splits before decoding; slugs never hold "+"). Every change is a history entry, so the back
 * button steps through the choices; slugs this page does not know are dropped with a note.
 * The language switch (links with hreflang to the other languages' all-tags pages) carries
 * the choice over, with from=<lang> so that the other page says which tags it does not have.
 * Without JavaScript the section stays hidden and the page is the list of tags. It works with
 * Material's instant navigation (init() runs on every document$ emission and is idempotent).
 * Public: window.tagindexExplorer.init(). Needs tagindex.js (window.tagindex), loaded before.
 */
(function () {
  "use strict";

  if (window.tagindexExplorer && typeof window.tagindexExplorer.init === "function") {
    window.tagindexExplorer.init();
    return;
  }

  const EXPLORER = "[data-tagindex-explorer]";
  const ROOT = "[data-tagindex]";
  const ITEM = "[data-tagindex-tag]"; // a tag of the list, with its slug
  const BAND = "[data-tagindex-band]"; // a band of 60 tags of the list (tags.html)
  const CARD = "[data-tagindex-number]"; // a card, numbered by its place in explorer.json
  const CARD_NUMBER = "[data-tagindex-card-number]";
  const MATCH = "[data-tagindex-match] input[type=radio]";
  const FACET = "[data-tagindex-facet]"; // a filter group of tagindex.js (its buttons' values)
  const VALUE = "[data-tagindex-value]";
  const UNFOUND = "data-tagindex-unfound"; // an item the find field leaves out (CSS hides it)

  const BATCH = 16; // cards drawn at a time: two screenfuls on a desktop
  const SLICE = 8; // ms of work per task when counts are written after the visible ones
  const ALL_AT_ONCE = 400; // a list this long gets every "+" drawn in the choice's own task
  // the browser says when a band of the list is drawn (contentvisibilityautostatechange)
  const ON_DEMAND = "ContentVisibilityAutoStateChangeEvent" in window;

  // Per explorer element: its state and what it found on the page.
  const explorers = new WeakMap();
  // The explorers of the page init() last saw: scrolling and saving run often, and looking
  // them up again in a page of 12,000 tags cost milliseconds each time.
  let present = [];

  function live() {
    return present.filter((state) => state.section.isConnected);
  }
  // The pieces of cards, per URL: a promise of place → card element (fetched once).
  const pieces = new Map();
  // Each filter button's own text, before the count the explorer adds to it.
  const valueText = new WeakMap();

  function api() {
    return window.tagindex || null;
  }

  function text(el, value) {
    if (el && el.textContent !== value) el.textContent = value;
  }

  function fill(template, key, value) {
    return String(template || "").split("{" + key + "}").join(value);
  }

  // -- the URL -----------------------------------------------------------------------------------

  /** The raw value of each query parameter, not decoded (its "+" are separators here). */
  function rawParams(search) {
    const out = new Map();
    for (const part of search.replace(/^\?/, "").split("&")) {
      if (!part) continue;
      const at = part.indexOf("=");
      const key = at < 0 ? part : part.slice(0, at);
      if (!out.has(key)) out.set(key, at < 0 ? "" : part.slice(at + 1));
    }
    return out;
  }

  function decode(value) {
    try {
      return decodeURIComponent(value);
    } catch (error) {
      return value;
    }
  }

  function slugList(raw) {
    const slugs = [];
    for (const piece of (raw || "").split("+")) {
      const slug = decode(piece).trim();
      if (slug && !slugs.includes(slug)) slugs.push(slug);
    }
    return slugs;
  }

  /** {slugs, not, match, from} of a query string (`not`: the tags left out). */
  function readQuery(search) {
    const params = rawParams(search);
    const slugs = slugList(params.get("t"));
    const not = slugList(params.get("not")).filter((slug) => !slugs.includes(slug));
    const match = params.get("match") === "any" ? "any" : "all";
    return { slugs: slugs, not: not, match: match, from: decode(params.get("from") || "") };
  }

  function encodeSlug(slug) {
    return encodeURIComponent(slug).replace(/%2F/gi, "/");
  }

  /** The query of `search` with this choice in front and `from` dropped. */
  function writeQuery(search, slugs, match, not) {
    const kept = [];
    for (const part of search.replace(/^\?/, "").split("&")) {
      const key = part.split("=")[0];
      if (part && !["t", "match", "from", "not"].includes(key)) kept.push(part);
    }
    const ours = slugs.length ? ["t=" + slugs.map(encodeSlug).join("+"), "match=" + match] : [];
    if (slugs.length && not && not.length) ours.push("not=" + not.map(encodeSlug).join("+"));
    const all = ours.concat(kept);
    return all.length ? "?" + all.join("&") : "";
  }

  function go(query, push) {
    const next = window.location.pathname + query + window.location.hash;
    const here = window.location.pathname + window.location.search + window.location.hash;
    if (next === here) return;
    try {
      // A null state: Material's instant navigation leaves such entries to this script.
      if (push) window.history.pushState(null, "", next);
      else window.history.replaceState(window.history.state, "", next);
    } catch (error) {
      /* a sandbox: the choice lasts for this page */
    }
  }

  // -- data --------------------------------------------------------------------------------------

  /** The file of piece `n` (from 1), beside explorer.json, as the build names it. */
  function pieceName(n) {
    return "explorer-" + String(n).padStart(4, "0") + ".json";
  }

  /** The cards of one piece: place → card element, from its results list. */
  function loadPiece(url) {
    if (!pieces.has(url)) {
      const promise = fetch(url, { credentials: "same-origin" })
        .then((response) => {
          if (!response.ok) throw new Error(String(response.status));
          return response.json();
        })
        .then((data) => {
          const template = document.createElement("template");
          template.innerHTML = data && typeof data.html === "string" ? data.html : "";
          const list = template.content.querySelector("[data-tagindex-results]");
          const found = new Map();
          for (const card of (list || template.content).querySelectorAll(CARD)) {
            if (card.parentElement && card.parentElement.closest(CARD)) continue;
            const place = parseInt(card.getAttribute("data-tagindex-number") || "", 10) - 1;
            if (Number.isInteger(place) && place >= 0) found.set(place, document.importNode(card, true));
          }
          return found;
        })
        .catch(() => {
          pieces.delete(url); // try again on the next draw
          return new Map();
        });
      pieces.set(url, promise);
    }
    return pieces.get(url);
  }

  // -- the explorer ------------------------------------------------------------------------------

  function setUp(section) {
    const root = section.closest(ROOT) || document;
    const items = new Map();
    for (const item of root.querySelectorAll(ITEM)) {
      if (section.contains(item)) continue;
      items.set(item.getAttribute("data-tagindex-tag"), item);
    }
    const state = {
      section: section,
      root: root,
      items: items,
      order: Array.from(items.keys()), // the slugs in the list's order
      at: new Map(Array.from(items.keys(), (slug, i) => [slug, i])), // slug → its place there
      bands: Array.from(root.querySelectorAll(BAND)), // the list's bands (tags.html), if any
      picks: new Map(), // slug → {button, spot, painted: the render it shows}
      drawn: new Map(), // place → its card, once its piece has come
      results: new Int32Array(0), // the places the choice shows, in order
      limit: BATCH, // how many of them are drawn
      drawing: null, // the latest draw: an older one that ends later does nothing
      version: 0, // the latest render: the "+" show its counts
      numbers: new WeakMap(), // card → its number element
      slugs: [],
      not: [], // tags left out: an article with one of them is not shown
      match: "all",
      data: null,
      notes: [],
      title: document.title, // the page's own title: a choice's names go in front of it
      names: namesOf(root, items),
      restoring: false, // while true, the place is not saved (it is about to be restored)
      leads: new Map(),
      active: -1, // the option of Find's list box that ↑ / ↓ reached
    };
    explorers.set(section, state);
    addPicks(state);
    section.hidden = false;
    return state;
  }

  /** Each item's name as its link shows it ("#retrieval"); twins, tags of one name at two
   *  places of the tree (llm/retrieval and retrieval), are named by their path instead. */
  function namesOf(root, items) {
    const shown = new Map();
    const seen = new Map();
    for (const [slug, item] of items) {
      const link = item.querySelector(":scope > a");
      const name = link ? link.textContent.trim() : slug;
      shown.set(slug, name);
      seen.set(name, (seen.get(name) || 0) + 1);
    }
    for (const [slug, name] of shown) {
      if (seen.get(name) < 2) continue;
      const link = items.get(slug).querySelector(":scope > a");
      const path = (link && link.getAttribute("title")) || slug;
      const last = path.split("/").pop();
      const at = last ? name.lastIndexOf(last) : -1;
      shown.set(slug, at >= 0 ? name.slice(0, at) + path + name.slice(at + last.length) : name + " (" + path + ")");
    }
    return shown;
  }

  function nameOf(state, slug) {
    return state.names.has(slug) ? state.names.get(slug) : slug;
  }

  /** A "+" before each tag of the list, in short tasks from the top (a list of thousands of
   *  tags would otherwise hold the page for one long task); each drawn as the latest render
   *  says, once there is one. */
  function addPicks(state) {
    const template = state.section.querySelector("[data-tagindex-pick-template]");
    if (!template || !template.content) return;
    let at = 0;
    const step = () => {
      const until = performance.now() + SLICE;
      while (at < state.order.length && performance.now() < until) {
        const slug = state.order[at];
        at += 1;
        const item = state.items.get(slug);
        let button = item.querySelector(":scope > [data-tagindex-pick]");
        if (!button) {
          button = template.content.firstElementChild.cloneNode(true);
          button.setAttribute("data-tagindex-pick", slug);
          const label = button.getAttribute("data-tagindex-text-label");
          button.setAttribute("aria-label", fill(label, "name", nameOf(state, slug)));
          button.setAttribute("title", button.getAttribute("aria-label"));
          item.prepend(button);
        }
        const pick = { button: button, spot: button.querySelector("[data-tagindex-pick-count]"), painted: 0 };
        state.picks.set(slug, pick);
        if (state.version > 0) paintPick(state, slug, pick);
      }
      if (at < state.order.length) window.setTimeout(step, 0);
    };
    step();
  }

  /** Choose slugs and match; with `push`, a new history entry. Unknown slugs make a note.
   *  Returns a promise of the cards drawn. */
  function choose(state, slugs, match, options) {
    const opts = options || {};
    const known = [];
    const unknown = [];
    for (const slug of slugs) {
      const found = state.data ? state.data.tags.has(slug) : state.items.has(slug);
      (found ? known : unknown).push(slug);
    }
    const not = [];
    for (const slug of opts.not || state.not) {
      const found = state.data ? state.data.tags.has(slug) : state.items.has(slug);
      if (!found) unknown.push(slug);
      else if (!known.includes(slug)) not.push(slug);
    }
    state.slugs = known;
    state.not = known.length ? not : []; // left out of nothing: nothing to leave out
    state.match = match === "any" ? "any" : "all";
    state.notes = unknown.length ? [opts.from ? "dropped" : "not-found", unknown] : [];
    if (opts.write !== false) {
      const query = writeQuery(window.location.search, state.slugs, state.match, state.not);
      if (opts.push) savePlace(state); // the entry left keeps its place, for Back
      go(query, Boolean(opts.push));
    }
    const drawn = render(state);
    renderTitle(state);
    rewriteSwitch(state);
    return drawn;
  }

  /** The title names the choice ("#grpo + #rl · All tags"), so each history entry says which. */
  function renderTitle(state) {
    const names = state.slugs.map((slug) => nameOf(state, slug));
    const out = state.not.map((slug) => " − " + nameOf(state, slug)).join("");
    const joined = names.join(state.match === "all" ? " + " : " | ") + out;
    const title = names.length ? joined + " · " + state.title : state.title;
    if (document.title !== title) document.title = title;
  }

  /** Draw the choice of the URL; with `restore` (Back, Forward, reload), then go back to the
   *  place the reader left this URL at: the same scroll position, focus on the same element. */
  function fromURL(state, push, restore) {
    const query = readQuery(window.location.search);
    const lang = document.documentElement.getAttribute("lang") || "";
    const from = query.from && query.from !== lang ? query.from : "";
    if (restore) state.restoring = true;
    const place = restore ? savedPlace() : null;
    const apply = () => {
      // Back to card N: the cards up to N are drawn (their pieces fetched) first
      if (place && typeof place.limit === "number") state.keep = place.limit;
      const drawn = choose(state, query.slugs, query.match, { from: from, push: push, not: query.not });
      if (restore) drawn.then(() => restorePlace(state, place));
    };
    if (query.slugs.length === 0 && !state.data) {
      apply();
      return;
    }
    ensureData(state).then(apply);
  }

  function ensureData(state) {
    if (state.data) return Promise.resolve(state.data);
    const source = state.section.getAttribute("data-tagindex-index");
    if (!source) return Promise.resolve(null);
    state.section.setAttribute("aria-busy", "true");
    const url = new URL(source, window.location.href).href;
    const shared = api();
    const slugs = state.order;
    return (shared && shared.explorer ? shared.explorer(url, slugs) : Promise.resolve(null)).then((data) => {
      state.section.removeAttribute("aria-busy");
      if (data && !state.data) state.data = Object.assign({ url: url }, data);
      return state.data;
    });
  }

  // -- rendering ---------------------------------------------------------------------------------

  /** How many of the chosen tags each item has (a section: its own and its page's), how many
   *  it needs, and 1 for each item the choice shows before the filters (`hit`: a section only
   *  where its page is not). */
  function chosen(state) {
    if (!state.data) return { counts: new Uint16Array(0), need: Infinity, hit: new Uint8Array(0) };
    const shared = api();
    const counts = shared.tally(state.data, state.slugs);
    const need = state.match === "all" ? state.slugs.length : 1;
    return { counts: counts, need: need, hit: shared.hits(state.data, counts, need) };
  }

  /** 1 for each article that passes the audience and the filters (all but `except`) and has
   *  none of the tags left out. */
  function passing(state, facets, except) {
    if (!state.data) return new Uint8Array(0);
    const shared = api();
    const ok = shared.passing(state.data, facets, except);
    for (const slug of state.not) {
      for (const place of state.data.tags.get(slug) || []) ok[place] = 0;
    }
    return shared.spread(state.data, ok); // a section of a page left out is left out
  }

  const NONE = { all: 0, sections: 0 };

  /** What a choice of `slugs` and `match` shows where `ok` says it passes: {all, sections}. */
  function countFor(state, slugs, match, ok) {
    if (!state.data || slugs.length === 0) return NONE;
    const shared = api();
    const counts = shared.tally(state.data, slugs);
    return shared.shown(state.data, counts, match === "all" ? slugs.length : 1, ok);
  }

  /** Count, draw and label everything the choice changes; the cards it shows are drawn when
   *  their pieces are here (at once when they already are). Returns the draw's promise. */
  function render(state) {
    // what of the list is on screen, read before anything is written (a read after a write
    // lays the whole page out again)
    const onScreen = screenRange(state);
    const shared = api();
    const labels = shared ? shared.labels(state.root) : {};
    const facets = shared && state.root !== document ? shared.state(state.root) : {};
    const { counts, need, hit } = chosen(state);
    const ok = passing(state, facets, null);
    const any = state.slugs.length > 0 && Boolean(state.data);
    const results = [];
    let sections = 0;
    if (any) {
      const is = state.data.sections ? state.data.sections.is : null;
      for (let place = 0; place < hit.length; place += 1) {
        if (hit[place] && ok[place] === 1) {
          results.push(place);
          if (is && is[place]) sections += 1;
        }
      }
    }
    const same = results.length === state.results.length && results.every((p, i) => p === state.results[i]);
    if (!same) {
      state.results = Int32Array.from(results);
      state.limit = Math.max(BATCH, state.keep || 0);
    } else if ((state.keep || 0) > state.limit) {
      state.limit = state.keep;
    }
    state.keep = 0;
    const section = state.section;
    const list = section.querySelector("[data-tagindex-results]");
    const count = section.querySelector("[data-tagindex-results-count]");
    const hint = section.querySelector("[data-tagindex-hint]");
    if (list && list.hidden === any) list.hidden = !any;
    for (const el of section.querySelectorAll("[data-tagindex-when-chosen]")) {
      if (el.hidden === any) el.hidden = !any;
    }
    if (hint && hint.hidden !== any) hint.hidden = any;
    // the live region stays in the page from load; only its text changes
    const found = { all: results.length, sections: sections };
    if (count) text(count, any && shared ? cardsText({ labels: labels }, found) : "");
    for (const match of section.querySelectorAll(MATCH)) {
      const on = match.value === state.match;
      if (match.checked !== on) match.checked = on;
    }
    const view = { labels: labels, facets: facets, counts: counts, need: need, hit: hit, ok: ok };
    renderPicks(state, view, onScreen);
    renderFilters(state, view);
    renderOffers(state, view, results.length);
    const url = section.querySelector("[data-tagindex-url]");
    if (url && !url.hidden && url.value !== window.location.href) url.hidden = true;
    renderChips(state);
    renderExcludes(state, view);
    renderNote(state);
    const field = section.querySelector("[data-tagindex-find]");
    if (field && field.value.trim()) renderOptions(state, field.value);
    return draw(state);
  }

  // -- the cards ---------------------------------------------------------------------------------

  /** Draw the first `state.limit` cards of the results, fetching the pieces that hold them;
   *  for a new choice the focused element stays where it was on screen (`more`: cards added
   *  below those the reader is reading, which move nothing above them). */
  function draw(state, more) {
    const token = {};
    state.drawing = token;
    const data = state.data;
    const wanted = Array.from(state.results.subarray(0, state.limit));
    const missing = new Set();
    for (const place of wanted) {
      if (!state.drawn.has(place) && data) missing.add(Math.floor(place / data.piece));
    }
    const place = () => {
      if (state.drawing !== token) return; // a newer draw places its own
      state.pending = false;
      state.section.removeAttribute("aria-busy");
      if (more) {
        placeCards(state, wanted);
        return;
      }
      steady(state, () => placeCards(state, wanted));
      state.pinned = belowCards(state);
      state.scrolledTo = window.scrollY; // read after steady's layout: the browser's own
      // scroll anchoring, which also keeps that element in place, has moved the page by then
    };
    if (missing.size === 0) {
      place();
      return Promise.resolve();
    }
    // until the rest are here: the cards already here, up to the first missing one, so the
    // list never shows a card the choice has left out, nor skips one
    const ready = [];
    for (const place of wanted) {
      if (!state.drawn.has(place)) break;
      ready.push(place);
    }
    state.pending = true; // no more asked for until these are placed
    if (more) placeCards(state, ready);
    else steady(state, () => placeCards(state, ready));
    state.section.setAttribute("aria-busy", "true");
    const loads = Array.from(missing, (n) =>
      n < data.pieces ? loadPiece(new URL(pieceName(n + 1), data.url).href) : Promise.resolve(new Map())
    );
    return Promise.all(loads).then((found) => {
      for (const cards of found) for (const [at, card] of cards) if (!state.drawn.has(at)) state.drawn.set(at, card);
      place();
    });
  }

  function placeCards(state, wanted) {
    const list = state.section.querySelector("[data-tagindex-results]");
    if (!list) return;
    const cards = [];
    for (const place of wanted) {
      const card = state.drawn.get(place);
      if (card) cards.push(card);
    }
    const now = Array.from(list.children);
    const kept = now.length <= cards.length && now.every((card, i) => card === cards[i]);
    if (kept) {
      for (const card of cards.slice(now.length)) list.appendChild(card);
    } else {
      list.replaceChildren(...cards);
    }
    const width = Math.max(2, String(state.results.length).length);
    cards.forEach((card, i) => {
      if (card.hidden) card.hidden = false;
      if (!state.numbers.has(card)) state.numbers.set(card, card.querySelector(CARD_NUMBER));
      text(state.numbers.get(card), String(i + 1).padStart(width, "0"));
    });
    watchEnd(state, list);
  }

  /** The mark after the last card drawn, where more are drawn when the reader nears it. */
  function watchEnd(state, list) {
    if (!state.section.querySelector("[data-tagindex-end]")) {
      const end = document.createElement("div");
      end.setAttribute("data-tagindex-end", "");
      end.setAttribute("aria-hidden", "true");
      list.after(end);
    }
    window.requestAnimationFrame(() => nearEnd(state));
  }

  const AHEAD = 600; // px below the screen: the next screenful is drawn while this one is read

  /** Draw more when the end of the cards is near the screen from below, and the reader brought
   *  it there. A choice made from the list of tags under the cards keeps that "+" where it was
   *  (steady, and the browser's scroll anchoring): cards drawn above it leave the end where it
   *  was too, so drawing more until the reader scrolls would draw every card of the choice.
   *  And a reader in that list, the end above the screen, is not reading the cards. */
  function nearEnd(state) {
    if (!state.section.isConnected || state.pending || state.limit >= state.results.length) return;
    if (state.pinned && Math.abs(window.scrollY - state.scrolledTo) <= 1) return;
    state.pinned = false;
    const end = state.section.querySelector("[data-tagindex-end]");
    if (!end) return;
    const top = end.getBoundingClientRect().top;
    if (top >= 0 && top < window.innerHeight + AHEAD) more(state);
  }

  /** Whether the focused element comes after the cards (a "+" of the list of tags). */
  function belowCards(state) {
    const el = document.activeElement;
    const end = state.section.querySelector("[data-tagindex-end]");
    if (!end || !(el instanceof Element) || el === document.body) return false;
    return Boolean(end.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING);
  }

  let nearing = 0;

  function onScrollNearEnd() {
    if (nearing) return;
    nearing = window.requestAnimationFrame(() => {
      nearing = 0;
      for (const state of live()) {
        nearEnd(state);
        paintScreen(state);
      }
    });
  }

  /** The "+" scrolled onto the screen before the short tasks reached them, drawn now. */
  function paintScreen(state) {
    if (state.version === 0 || !state.section.isConnected) return;
    const [first, last] = screenRange(state);
    for (let at = first; at < last; at += 1) {
      const pick = state.picks.get(state.order[at]);
      if (pick && pick.painted !== state.version) paintPick(state, state.order[at], pick);
    }
  }

  function more(state) {
    state.limit = Math.min(state.results.length, state.limit + BATCH);
    draw(state, true);
  }

  /** What some cards are: "3 articles · 1 section" ({all, sections}). */
  function cardsText(view, found) {
    const shared = api();
    if (!shared) return String(found.all);
    return shared.cards(view.labels, found.all - found.sections, found.sections);
  }

  /** Mark a control that leads to `n` articles: with none it stays focusable, aria-disabled,
   *  and its name and tooltip say why; pressing it does nothing (onClick, tagindex.js). */
  function mark(state, el, name, n) {
    const zero = n === 0;
    const why = zero ? ". " + (state.section.getAttribute("data-tagindex-text-zero") || "") : "";
    const full = name + why;
    if (el.getAttribute("aria-label") !== full) el.setAttribute("aria-label", full);
    if (el.getAttribute("title") !== full) el.setAttribute("title", full);
    if (zero !== (el.getAttribute("aria-disabled") === "true")) {
      if (zero) el.setAttribute("aria-disabled", "true");
      else el.removeAttribute("aria-disabled");
    }
  }

  /** Each "+" says how many articles choosing it leads to, given the choice, the match, the
   *  audience and the filters; a chosen one says what removing it leaves ("Remove #grpo").
   *  The "+" on screen show theirs now. A list of up to ALL_AT_ONCE tags has every "+" drawn
   *  now too; a longer one draws the others as the browser draws their band (the list's bands
   *  are laid out only near the screen), as they are scrolled to or focused: drawing 12,000
   *  after each choice, in short tasks, cost more than the choice itself. A browser without
   *  the event that says a band is drawn gets them in short tasks after. */
  function renderPicks(state, view, onScreen) {
    const { ok } = view;
    state.version += 1;
    state.view = view;
    state.leads = new Map(); // slug → articles its "+" leads to, counted when first asked
    // what the choice shows (any): each "+" adds to it
    const current = { all: 0, sections: 0 };
    if (state.match === "any" && state.data) {
      const is = state.data.sections ? state.data.sections.is : null;
      for (let place = 0; place < view.hit.length; place += 1) {
        if (view.hit[place] && ok[place]) {
          current.all += 1;
          if (is && is[place]) current.sections += 1;
        }
      }
    }
    state.current = current;
    state.chosenSet = new Set(state.slugs);
    const version = state.version;
    const [first, last] = onScreen;
    for (let at = first; at < last; at += 1) {
      const pick = state.picks.get(state.order[at]);
      if (pick) paintPick(state, state.order[at], pick);
    }
    if (state.order.length <= ALL_AT_ONCE) {
      for (const [slug, pick] of state.picks) if (pick.painted !== version) paintPick(state, slug, pick);
      return;
    }
    if (ON_DEMAND && state.bands.length > 1) return;
    let rest = 0;
    const step = () => {
      if (state.version !== version) return; // a newer choice paints its own
      const until = performance.now() + SLICE;
      while (rest < state.order.length && performance.now() < until) {
        const slug = state.order[rest];
        rest += 1;
        const pick = state.picks.get(slug);
        if (pick && pick.painted !== version) paintPick(state, slug, pick);
      }
      if (rest < state.order.length) window.setTimeout(step, 0);
    };
    window.setTimeout(step, 0);
  }

  /** What the "+" of `slug` leads to under the latest render ({all, sections}; undefined: it
   *  shows no count, as the only tag chosen or one the data lacks); counted once per render. */
  function leadOf(state, slug) {
    if (!state.view) return undefined; // nothing rendered yet
    if (state.leads.has(slug)) return state.leads.get(slug);
    const places = state.data ? state.data.tags.get(slug) : null;
    const on = state.chosenSet.has(slug);
    let n;
    if (places && !(on && state.slugs.length === 1)) {
      if (on) n = countFor(state, state.slugs.filter((s) => s !== slug), state.match, state.view.ok);
      else n = state.match === "all" ? andOne(state, places) : orOne(state, places);
    }
    state.leads.set(slug, n);
    return n;
  }

  function count(found, n, section) {
    found.all += n;
    if (section) found.sections += n;
  }

  /** The choice (all) with one more tag, listed at `places`, from the render's counts: a page
   *  with the tag shows if it has the choice; a section that adds the tag shows if it has the
   *  choice; a section of a page with the tag shows if it has the choice and its page not.
   *  Items are each page followed by its sections, so a page's sections are the places after
   *  it, and no recount of every item is needed. */
  function andOne(state, places) {
    const { counts, need, ok } = state.view;
    const is = state.data.sections ? state.data.sections.is : null;
    const found = { all: 0, sections: 0 };
    for (const place of places) {
      if (is && is[place]) {
        if (counts[place] >= need && ok[place]) count(found, 1, true);
        continue;
      }
      const shows = counts[place] >= need;
      if (shows && ok[place]) count(found, 1, false);
      if (!is || shows) continue;
      for (let q = place + 1; q < is.length && is[q]; q += 1) {
        if (counts[q] >= need && ok[q]) count(found, 1, true);
      }
    }
    return found;
  }

  /** The choice (any) with one more tag, listed at `places`: what shows now, plus each page
   *  with the tag that shows only now (its sections shown until now go into its card), plus
   *  each section that adds the tag and shows only now (its page shows not). */
  function orOne(state, places) {
    const { counts, ok } = state.view;
    const sections = state.data.sections;
    const found = { all: state.current.all, sections: state.current.sections };
    for (const place of places) {
      if (counts[place] >= 1) continue; // shown now, or its page is
      if (sections && sections.is[place]) {
        if (counts[sections.of[place]] < 1 && ok[place]) count(found, 1, true);
        continue;
      }
      if (!ok[place]) continue; // and so its sections
      count(found, 1, false);
      if (!sections) continue;
      for (let q = place + 1; q < sections.is.length && sections.is[q]; q += 1) {
        if (counts[q] >= 1 && ok[q]) count(found, -1, true);
      }
    }
    return found;
  }

  /** A band of the list (or a top item of the tree) the browser now draws: its "+" say the
   *  latest render's counts before it is seen. */
  function onDrawn(event) {
    if (event.skipped) return;
    for (const state of live()) {
      if (state.version === 0 || !state.root.contains(event.target)) continue;
      const inside = event.target.querySelectorAll("[data-tagindex-pick]");
      for (const button of inside) fresh(state, button);
    }
  }

  /** [first, end) of the tags of the list on screen. */
  function screenRange(state) {
    const first = firstOnScreen(state);
    let last = first;
    while (last < state.order.length) {
      const item = state.items.get(state.order[last]);
      last += 1;
      if (!item.hidden && item.getBoundingClientRect().top > window.innerHeight) break;
    }
    return [first, last];
  }

  /** The first tag of the list on screen (or near it), found by halving the list: its items
   *  stand in the page in the list's order (a grid, a tree or a column). In a list of bands
   *  the band is found first, then the tag among its own: a tag's box in a band off screen
   *  would have the browser lay that band out. */
  function firstOnScreen(state) {
    let low = 0;
    let high = state.order.length - 1;
    const band = firstBandOnScreen(state);
    if (band && band.firstElementChild) {
      low = state.at.get(band.firstElementChild.getAttribute("data-tagindex-tag")) || 0;
      high = state.at.get(band.lastElementChild.getAttribute("data-tagindex-tag")) || high;
    }
    while (low < high) {
      const mid = (low + high) >> 1;
      let probe = mid;
      let box = null;
      while (probe <= high) {
        const item = state.items.get(state.order[probe]);
        box = item.hidden ? null : item.getBoundingClientRect();
        if (box && box.height > 0) break;
        probe += 1;
      }
      if (!box || box.height === 0) {
        high = mid; // all hidden from mid on: look before
        continue;
      }
      if (box.bottom < 0) low = probe + 1;
      else high = mid;
    }
    return Math.max(0, low);
  }

  /** The first band of the list whose end is below the top of the screen (null without
   *  bands); the bands an audience left empty, hidden, are the last ones. */
  function firstBandOnScreen(state) {
    const bands = state.bands;
    if (bands.length < 2) return null;
    let low = 0;
    let high = bands.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      const box = bands[mid].hidden ? null : bands[mid].getBoundingClientRect();
      if (box && box.height > 0 && box.bottom < 0) low = mid + 1;
      else high = mid;
    }
    return bands[low];
  }

  /** A "+" the short tasks after a choice have not reached yet, drawn now: pressed or
   *  focused, it says (and does) what the current choice gives. */
  function fresh(state, button) {
    const slug = button.getAttribute("data-tagindex-pick") || "";
    const pick = state.picks.get(slug);
    if (pick && pick.button === button && pick.painted !== state.version) paintPick(state, slug, pick);
  }

  /** Draw one "+" as the latest render says. */
  function paintPick(state, slug, pick) {
    pick.painted = state.version;
    const button = pick.button;
    const on = state.chosenSet ? state.chosenSet.has(slug) : false;
    // the name says what pressing does ("Remove #grpo" once chosen), so no aria-pressed:
    // "Remove #grpo, pressed" would say the state twice, and the opposite way
    if (button.hasAttribute("data-tagindex-picked") !== on) {
      button.toggleAttribute("data-tagindex-picked", on);
    }
    const key = on ? "data-tagindex-text-unlabel" : "data-tagindex-text-label";
    const name = fill(button.getAttribute(key) || "", "name", nameOf(state, slug));
    const n = state.version > 0 ? leadOf(state, slug) : undefined;
    const item = state.items.get(slug);
    if (n === undefined || item.hidden) {
      text(pick.spot, "");
      mark(state, button, name, -1);
      return;
    }
    text(pick.spot, String(n.all));
    mark(state, button, name + ", " + cardsText(state.view, n), on ? -1 : n.all);
  }

  /** Each filter value of the explorer says how many articles it leads to (the other facets
   *  as they are); a value leading to none is marked as a "+" is. */
  function renderFilters(state, view) {
    const chosenAny = state.slugs.length > 0 && state.data;
    const inChoice = view.hit;
    const is = chosenAny && state.data.sections ? state.data.sections.is : null;
    for (const group of state.section.querySelectorAll(FACET)) {
      const facet = group.getAttribute("data-tagindex-facet") || "";
      const ok = chosenAny ? passing(state, view.facets, facet) : null;
      const values = chosenAny ? state.data.facets.get(facet) : null;
      const all = { all: 0, sections: 0 };
      if (chosenAny) {
        for (let place = 0; place < ok.length; place += 1) {
          const one = inChoice[place] & ok[place];
          all.all += one;
          if (is) all.sections += one & is[place];
        }
      }
      for (const button of group.querySelectorAll(VALUE)) {
        if (!valueText.has(button)) valueText.set(button, button.textContent.trim());
        let spot = button.querySelector("[data-tagindex-value-count]");
        if (!spot) {
          spot = document.createElement("span");
          spot.className = "tagindex-filter__count";
          spot.setAttribute("data-tagindex-value-count", "");
          spot.setAttribute("aria-hidden", "true");
          button.appendChild(spot);
        }
        if (!chosenAny) {
          text(spot, "");
          mark(state, button, valueText.get(button), -1);
          continue;
        }
        const value = button.getAttribute("data-tagindex-value") || "";
        let n = all;
        if (value !== "") {
          n = { all: 0, sections: 0 };
          for (const place of (values && values.get(value)) || []) {
            const one = inChoice[place] & ok[place];
            n.all += one;
            if (is) n.sections += one & is[place];
          }
        }
        text(spot, String(n.all));
        const pressed = button.getAttribute("aria-pressed") === "true";
        const name = valueText.get(button) + ", " + cardsText(view, n);
        mark(state, button, name, pressed ? -1 : n.all);
      }
    }
  }

  /** When a choice shows nothing, what would give results, each with its count: any instead
   *  of all, each chosen tag dropped, each filter (or the audience) dropped. */
  function renderOffers(state, view, shown) {
    const box = state.section.querySelector("[data-tagindex-suggest]");
    const list = box && box.querySelector("[data-tagindex-offers]");
    if (!box || !list) return;
    const offers = [];
    if (state.slugs.length > 0 && shown === 0 && state.data) {
      const { ok } = view;
      if (state.match === "all" && state.slugs.length > 1) {
        const radio = state.section.querySelector(MATCH + '[value="any"]');
        const label = radio && radio.closest("label");
        offers.push(["any", label ? label.textContent.trim() : "any", countFor(state, state.slugs, "any", ok)]);
      }
      const unlabel = state.section.querySelector("[data-tagindex-chip-template]");
      const chip = unlabel && unlabel.content && unlabel.content.firstElementChild;
      const remove = chip ? chip.getAttribute("data-tagindex-text-label") || "{name}" : "{name}";
      if (state.slugs.length > 1) {
        for (const slug of state.slugs) {
          const rest = state.slugs.filter((s) => s !== slug);
          offers.push(["drop:" + slug, fill(remove, "name", nameOf(state, slug)), countFor(state, rest, state.match, ok)]);
        }
      }
      for (const facet of Object.keys(view.facets)) {
        if (view.facets[facet] === "") continue;
        const button = state.root.querySelector(
          '[data-tagindex-facet="' + facet + '"] [data-tagindex-value][aria-pressed="true"]'
        );
        const name = button ? valueText.get(button) || button.textContent.trim() : facet;
        const n = countFor(state, state.slugs, state.match, passing(state, view.facets, facet));
        offers.push(["facet:" + facet, fill(remove, "name", name), n]);
      }
    }
    const wanted = offers.filter((offer) => offer[2].all > 0);
    const key = wanted.map(([id, name, n]) => [id, name, n.all, n.sections].join("\t")).join("\n");
    if (list.getAttribute("data-tagindex-drawn") !== key) {
      list.setAttribute("data-tagindex-drawn", key);
      list.textContent = "";
      for (const [id, name, n] of wanted) {
        const item = document.createElement("li");
        const button = document.createElement("button");
        button.type = "button";
        button.className = "tagindex-explorer__chip tagindex-explorer__offer";
        button.setAttribute("data-tagindex-offer", id);
        button.textContent = name + " · " + cardsText(view, n);
        item.appendChild(button);
        list.appendChild(item);
      }
    }
    const hide = wanted.length === 0;
    if (box.hidden !== hide) box.hidden = hide;
  }

  /** The chosen tags as chips (× removes), each followed by a "−" that leaves it out instead;
   *  the tags left out as struck chips (× lets them back). */
  function renderChips(state) {
    const holder = state.section.querySelector("[data-tagindex-chosen]");
    const template = state.section.querySelector("[data-tagindex-chip-template]");
    const minus = state.section.querySelector("[data-tagindex-exclude-template]");
    if (!holder || !template || !template.content) return;
    const key = state.slugs.join("\n") + "\t" + state.not.join("\n");
    if (holder.getAttribute("data-tagindex-drawn") === key) return;
    const had = holder.hasAttribute("data-tagindex-drawn");
    holder.setAttribute("data-tagindex-drawn", key);
    const wanted = Array.from(holder.querySelectorAll("[data-tagindex-unpick]")).map((chip) =>
      chip.getAttribute("data-tagindex-unpick")
    );
    const active = holder.contains(document.activeElement) ? document.activeElement : null;
    const focused = active ? active.getAttribute("data-tagindex-unpick") : null;
    const excluding = active ? active.getAttribute("data-tagindex-exclude") : null;
    const all = state.slugs.concat(state.not);
    const gone = focused !== null && !all.includes(focused);
    const at = gone ? wanted.indexOf(focused) : -1;
    holder.textContent = "";
    for (const slug of all) {
      const out = state.not.includes(slug);
      const chip = template.content.firstElementChild.cloneNode(true);
      const name = nameOf(state, slug);
      const shown = out ? fill(state.section.getAttribute("data-tagindex-text-without"), "name", name) : name;
      chip.setAttribute("data-tagindex-unpick", slug);
      if (out) chip.setAttribute("data-tagindex-not", "");
      chip.setAttribute("aria-label", fill(chip.getAttribute("data-tagindex-text-label"), "name", shown));
      chip.setAttribute("title", name);
      const spot = chip.querySelector("[data-tagindex-chip-name]");
      text(spot, name);
      // the tag's colour and icon (tags file), as its item shows them
      const item = state.items.get(slug);
      const mark = item && item.querySelector(":scope > a [data-tagindex-slug]");
      if (mark && spot) spot.before(mark.cloneNode(true));
      holder.appendChild(chip);
      if (!out && minus && minus.content) {
        const button = minus.content.firstElementChild.cloneNode(true);
        button.setAttribute("data-tagindex-exclude", slug);
        holder.appendChild(button);
      }
    }
    if (!had) return;
    if (excluding !== null) {
      // left out: the focus goes to its struck chip
      const chip = holder.querySelector('[data-tagindex-unpick="' + CSS.escape(excluding) + '"]');
      if (chip) chip.focus();
    } else if (gone) {
      // Focus stays in the group: on the chip now at the removed one's place, or the field.
      const chips = holder.querySelectorAll("[data-tagindex-unpick]");
      const next = chips[Math.min(at, chips.length - 1)];
      const find = state.section.querySelector("[data-tagindex-find]");
      if (next) next.focus();
      else if (find) find.focus();
    }
  }

  /** Each "−" says what leaving its tag out leads to. */
  function renderExcludes(state, view) {
    const label = state.section.getAttribute("data-tagindex-text-without") || "{name}";
    for (const button of state.section.querySelectorAll("[data-tagindex-exclude]")) {
      const slug = button.getAttribute("data-tagindex-exclude") || "";
      const places = state.data && state.data.tags.get(slug);
      const name = fill(label, "name", nameOf(state, slug));
      if (!places) {
        mark(state, button, name, -1);
        continue;
      }
      const ok = view.ok.slice();
      for (const place of places) ok[place] = 0;
      api().spread(state.data, ok);
      const rest = state.slugs.filter((s) => s !== slug);
      const n = countFor(state, rest, state.match, ok);
      mark(state, button, name + ", " + cardsText(view, n), n.all);
    }
  }

  function renderNote(state) {
    const note = state.section.querySelector("[data-tagindex-note]");
    if (!note) return;
    if (state.notes.length === 0) {
      if (!note.hidden) note.hidden = true;
      text(note, "");
      return;
    }
    const [kind, slugs] = state.notes;
    const key = kind === "dropped" ? "data-tagindex-text-dropped" : "data-tagindex-text-not-found";
    text(note, fill(state.section.getAttribute(key), "names", slugs.join(", ")));
    note.hidden = false;
  }

  // -- finding a tag -----------------------------------------------------------------------------

  function fold(value) {
    return value.normalize("NFKC").toLowerCase().replace(/^#/, "").trim();
  }

  /** Leave out the tags whose name does not hold what is typed (a tree keeps the way down). */
  function find(state, query) {
    const wanted = fold(query);
    const found = [];
    const keep = new Set();
    state.found = [];
    for (const [slug, item] of state.items) {
      if (!wanted || fold(nameOf(state, slug)).includes(wanted) || slug.includes(wanted)) {
        found.push(item);
        state.found.push(slug);
        for (let up = item; up; up = up.parentElement && up.parentElement.closest(ITEM)) {
          keep.add(up);
        }
      }
    }
    for (const item of state.items.values()) {
      const out = !keep.has(item);
      if (item.hasAttribute(UNFOUND) !== out) item.toggleAttribute(UNFOUND, out);
    }
    const shared = api();
    const labels = shared ? shared.labels(state.root) : {};
    const says = state.section.querySelector("[data-tagindex-found]");
    text(says, wanted && shared ? shared.label(labels, "tags", found.length) : "");
    return found;
  }

  function firstFound(state) {
    for (const [slug, item] of state.items) {
      if (!item.hasAttribute(UNFOUND) && !item.hidden && !state.slugs.includes(slug)) return slug;
    }
    return null;
  }

  // -- events ------------------------------------------------------------------------------------

  function stateOf(target) {
    if (!(target instanceof Element)) return null;
    const root = target.closest(ROOT);
    const section = root ? root.querySelector(EXPLORER) : target.closest(EXPLORER);
    return section ? explorers.get(section) || null : null;
  }

  /** Add or remove a tag, against the choice as it is once the data is here: two "+" pressed
   *  while explorer.json is on its way both count (the second used to replace the first). */
  function toggle(state, slug) {
    ensureData(state).then(() =>
      steady(state, () => {
        const slugs = state.slugs.includes(slug)
          ? state.slugs.filter((s) => s !== slug)
          : state.slugs.concat([slug]);
        choose(state, slugs, state.match, { push: true });
      })
    );
  }

  /** Run a change, the focused element kept where it was on screen: a "+" of the list under
   *  the results stays in view however many cards appear above it; the "+" that scrolling
   *  brought on screen are drawn at once, before they are seen. */
  function steady(state, run) {
    const el = document.activeElement;
    const keep = el instanceof Element && el !== document.body;
    const before = keep ? el.getBoundingClientRect().top : 0;
    run();
    if (!keep || !el.isConnected || document.activeElement !== el) return;
    const moved = el.getBoundingClientRect().top - before;
    if (Math.abs(moved) <= 1) return;
    window.scrollBy(0, moved);
    paintScreen(state);
  }

  function onClick(event) {
    const state = stateOf(event.target);
    if (!state) return;
    const pick = event.target.closest("[data-tagindex-pick]");
    const unpick = event.target.closest("[data-tagindex-unpick]");
    const offer = event.target.closest("[data-tagindex-offer]");
    const option = event.target.closest("[data-tagindex-option]");
    if (option) {
      addFromFind(state, option.getAttribute("data-tagindex-option") || "");
      const field = state.section.querySelector("[data-tagindex-find]");
      if (field) field.focus({ preventScroll: true });
      return;
    }
    const exclude = event.target.closest("[data-tagindex-exclude]");
    if (pick) fresh(state, pick);
    if (pick && pick.getAttribute("aria-disabled") !== "true") {
      toggle(state, pick.getAttribute("data-tagindex-pick"));
    } else if (unpick && unpick.hasAttribute("data-tagindex-not")) {
      const slug = unpick.getAttribute("data-tagindex-unpick");
      const not = state.not.filter((s) => s !== slug);
      choose(state, state.slugs, state.match, { push: true, not: not });
    } else if (unpick) toggle(state, unpick.getAttribute("data-tagindex-unpick"));
    else if (exclude && exclude.getAttribute("aria-disabled") !== "true") {
      const slug = exclude.getAttribute("data-tagindex-exclude");
      const slugs = state.slugs.filter((s) => s !== slug);
      choose(state, slugs, state.match, { push: true, not: state.not.concat([slug]) });
    } else if (event.target.closest("[data-tagindex-copy]")) copyLink(state);
    else if (offer) take(state, offer.getAttribute("data-tagindex-offer") || "");
  }

  /** Copy the choice's link; where the Clipboard API is missing (http, file://) or refused,
   *  show the link in a field, selected, for the reader to copy. */
  function copyLink(state) {
    const field = state.section.querySelector("[data-tagindex-url]");
    const said = state.section.querySelector("[data-tagindex-copied]");
    const href = window.location.href;
    const done = () => text(said, said ? said.getAttribute("data-tagindex-text-copied") || "" : "");
    const fallback = () => {
      if (!field) return;
      field.value = href;
      field.hidden = false;
      field.focus();
      field.select();
    };
    text(said, "");
    const clipboard = window.navigator.clipboard;
    if (clipboard && window.isSecureContext && typeof clipboard.writeText === "function") {
      clipboard.writeText(href).then(done, fallback);
    } else {
      fallback();
    }
  }

  /** Follow an offer of an empty result: any instead of all, a tag or a filter dropped. */
  function take(state, offer) {
    const find = state.section.querySelector("[data-tagindex-find]");
    if (offer === "any") {
      choose(state, state.slugs, "any", { push: true });
    } else if (offer.startsWith("drop:")) {
      toggle(state, offer.slice(5));
    } else if (offer.startsWith("facet:")) {
      const facet = offer.slice(6);
      const all = state.root.querySelector('[data-tagindex-facet="' + facet + '"] [data-tagindex-value=""]');
      if (all) all.click(); // tagindex.js: the URL, the stored audience, then our render
    }
    if (find) find.focus({ preventScroll: true }); // the offer is gone: focus stays near
  }

  function onChange(event) {
    const state = stateOf(event.target);
    if (!state || !(event.target instanceof HTMLInputElement)) return;
    if (event.target.matches(MATCH) && event.target.checked) {
      const value = event.target.value;
      steady(state, () => choose(state, state.slugs, value, { push: true }));
    }
  }

  function onInput(event) {
    const state = stateOf(event.target);
    if (!state || !event.target.matches("[data-tagindex-find]")) return;
    const value = event.target.value;
    find(state, value);
    state.active = -1;
    renderOptions(state, value);
    // the counts come with tags.json: the options are drawn again with them
    ensureData(state).then(() => {
      render(state);
    });
  }

  const MAX_OPTIONS = 8;

  /** Find's list box: the tags the typed text finds (not yet chosen), each with how many
   *  articles it leads to, under the field, in the selection bar. */
  function renderOptions(state, query) {
    const field = state.section.querySelector("[data-tagindex-find]");
    const box = state.section.querySelector("[data-tagindex-options]");
    if (!field || !box) return;
    const slugs = query.trim() ? foundSlugs(state).slice(0, MAX_OPTIONS) : [];
    const shared = api();
    const labels = shared ? shared.labels(state.root) : {};
    box.textContent = "";
    slugs.forEach((slug, i) => {
      const option = document.createElement("li");
      option.setAttribute("role", "option");
      option.id = "tagindex-explorer-option-" + i;
      option.setAttribute("data-tagindex-option", slug);
      const n = leadOf(state, slug);
      const count = n !== undefined && shared ? " · " + cardsText({ labels: labels }, n) : "";
      option.textContent = nameOf(state, slug) + count;
      if (n !== undefined && n.all === 0) option.setAttribute("aria-disabled", "true");
      option.setAttribute("aria-selected", i === state.active ? "true" : "false");
      box.appendChild(option);
    });
    if (state.active >= slugs.length) state.active = slugs.length - 1;
    const open = slugs.length > 0;
    if (box.hidden === open) box.hidden = !open;
    field.setAttribute("aria-expanded", open ? "true" : "false");
    const active = state.active >= 0 ? box.children[state.active] : null;
    if (active) field.setAttribute("aria-activedescendant", active.id);
    else field.removeAttribute("aria-activedescendant");
  }

  /** The tags the typed text finds itself (not the tree's way down to them), not yet chosen,
   *  not left out by the audience. */
  function foundSlugs(state) {
    return (state.found || []).filter((slug) => {
      const item = state.items.get(slug);
      return item && !item.hidden && !state.slugs.includes(slug);
    });
  }

  function moveActive(state, step) {
    const box = state.section.querySelector("[data-tagindex-options]");
    const count = box ? box.children.length : 0;
    if (count === 0) return;
    state.active = Math.max(0, Math.min(count - 1, state.active + step));
    const field = state.section.querySelector("[data-tagindex-find]");
    renderOptions(state, field ? field.value : "");
    const active = box.children[state.active];
    if (active) active.scrollIntoView({ block: "nearest" });
  }

  function addFromFind(state, slug) {
    const field = state.section.querySelector("[data-tagindex-find]");
    const option = state.section.querySelector('[data-tagindex-option="' + CSS.escape(slug) + '"]');
    if (option && option.getAttribute("aria-disabled") === "true") return;
    if (field) field.value = "";
    find(state, "");
    state.active = -1;
    renderOptions(state, "");
    toggle(state, slug);
  }

  function onKeydown(event) {
    const state = stateOf(event.target);
    if (!state || !event.target.matches("[data-tagindex-find]")) return;
    const field = event.target;
    if (event.key === "Enter") {
      event.preventDefault();
      const box = state.section.querySelector("[data-tagindex-options]");
      const active = box && state.active >= 0 ? box.children[state.active] : null;
      const slug = active
        ? active.getAttribute("data-tagindex-option")
        : field.value.trim()
          ? firstFound(state)
          : null;
      if (slug) addFromFind(state, slug);
    } else if (event.key === "Escape" && field.value) {
      field.value = "";
      find(state, "");
      state.active = -1;
      renderOptions(state, "");
    } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (!field.value.trim()) return;
      event.preventDefault();
      moveActive(state, event.key === "ArrowDown" ? 1 : -1);
    }
  }

  // -- the selection bar -------------------------------------------------------------------------

  let watching = null;

  /** The bar sticks under the theme's sticky header (its height in --tagindex-sticky-top), and
   *  the page scrolls what gets focus clear of both (scroll-padding, WCAG 2.4.11). */
  function stick() {
    const root = document.documentElement;
    const bar = document.querySelector(EXPLORER + " [data-tagindex-bar]");
    if (!bar) {
      if (root.hasAttribute("data-tagindex-padded")) {
        root.style.scrollPaddingTop = "";
        root.removeAttribute("data-tagindex-padded");
      }
      return;
    }
    const measure = () => {
      const header = document.querySelector(".md-header, [data-md-component=header]");
      const style = header ? window.getComputedStyle(header) : null;
      const sticky = style && (style.position === "sticky" || style.position === "fixed");
      const top = sticky && style.display !== "none" ? header.getBoundingClientRect().height : 0;
      const section = bar.closest(EXPLORER);
      section.style.setProperty("--tagindex-sticky-top", Math.round(top) + "px");
      root.style.scrollPaddingTop = Math.ceil(top + bar.getBoundingClientRect().height + 8) + "px";
      root.setAttribute("data-tagindex-padded", "");
    };
    measure();
    if (typeof ResizeObserver === "function") {
      if (watching) watching.disconnect();
      watching = new ResizeObserver(measure);
      watching.observe(bar);
    }
  }

  // -- coming back -------------------------------------------------------------------------------
  //
  // The cards are drawn once explorer.json and their pieces have arrived, after the browser has
  // tried to restore the scroll position: so the place (scroll offset, what had focus, how many
  // cards were drawn) is kept per URL in sessionStorage while the reader is there, and restored
  // after the same cards are drawn again on Back,
  // Forward and reload (and Material's and Zensical's instant navigation back to the page).

  const PLACE = "tagindex.explorer.place:";

  function placeKey() {
    return PLACE + window.location.pathname + window.location.search;
  }

  /** What has focus, as something found again on a new copy of the page. */
  function focusOf(state) {
    const el = document.activeElement;
    if (!(el instanceof Element) || !state.root.contains(el)) return null;
    const card = el.closest(CARD);
    if (card && state.section.contains(card)) {
      const focusable = Array.from(card.querySelectorAll("a[href], button, input, [tabindex]"));
      return { card: card.getAttribute("data-tagindex-number"), at: focusable.indexOf(el) };
    }
    for (const attribute of ["data-tagindex-pick", "data-tagindex-unpick", "data-tagindex-offer"]) {
      if (el.hasAttribute(attribute)) return { attribute: attribute, value: el.getAttribute(attribute) };
    }
    if (el.matches("[data-tagindex-find]")) return { attribute: "data-tagindex-find", value: "" };
    return null;
  }

  function focusable(state, focus) {
    if (!focus) return null;
    if (focus.card) {
      const card = Array.from(state.section.querySelectorAll(CARD)).find(
        (c) => c.getAttribute("data-tagindex-number") === focus.card && !c.hidden
      );
      const all = card ? Array.from(card.querySelectorAll("a[href], button, input, [tabindex]")) : [];
      return all[focus.at] || all[0] || null;
    }
    return (
      Array.from(state.root.querySelectorAll("[" + focus.attribute + "]")).find(
        (el) => (el.getAttribute(focus.attribute) || "") === focus.value
      ) || null
    );
  }

  function savePlace(state) {
    if (state.restoring || !state.section.isConnected) return;
    const place = { y: Math.round(window.scrollY), focus: focusOf(state), limit: state.limit };
    try {
      window.sessionStorage.setItem(placeKey(), JSON.stringify(place));
    } catch (error) {
      /* storage disabled or full: Back shows the results from the top */
    }
  }

  function savedPlace() {
    try {
      return JSON.parse(window.sessionStorage.getItem(placeKey()) || "null");
    } catch (error) {
      return null;
    }
  }

  function restorePlace(state, place) {
    const done = () => {
      state.restoring = false;
    };
    if (!place || typeof place.y !== "number") {
      done();
      return;
    }
    const el = focusable(state, place.focus);
    const go = () => {
      if (el && document.activeElement !== el) el.focus({ preventScroll: true });
      window.scrollTo(0, place.y);
    };
    go();
    // the theme may scroll once more after swapping the page in (instant navigation)
    window.requestAnimationFrame(() => {
      go();
      window.setTimeout(() => {
        if (Math.abs(window.scrollY - place.y) > 2) go();
        done();
      }, 60);
    });
  }

  let saving = 0;

  function saveSoon() {
    if (saving) return;
    saving = window.setTimeout(() => {
      saving = 0;
      for (const state of live()) savePlace(state);
    }, 120);
  }

  function saveNow() {
    for (const state of live()) savePlace(state);
  }

  /** Whether this page was reached by Back, Forward or reload (the first init only). */
  function arrivedByHistory() {
    const entries = window.performance && performance.getEntriesByType
      ? performance.getEntriesByType("navigation")
      : [];
    const type = entries.length ? entries[0].type : "";
    return type === "back_forward" || type === "reload";
  }

  // -- the language switch -----------------------------------------------------------------------

  const originals = new WeakMap();
  // Links this script gave a choice to carry, and the href each should have.
  const carrying = new WeakSet();
  const intended = new WeakMap();
  // Zensical's language menu (zensical-i18n) sets its links again whenever the pointer or
  // focus enters it, and when its manifest arrives: a link that carries a choice gets ours back.
  let guard = null;

  function keep(link) {
    if (!guard && typeof MutationObserver === "function") {
      guard = new MutationObserver((records) => {
        for (const record of records) {
          const el = record.target;
          const want = intended.get(el);
          if (want && carrying.has(el) && el.getAttribute("href") !== want) el.setAttribute("href", want);
        }
      });
    }
    if (guard) guard.observe(link, { attributes: true, attributeFilter: ["href"] });
  }

  // The page's language links, found once per page: looking for them through a page that
  // lists every tag of the site, at each change, cost as much as the change's own counting.
  let switchFound = null;

  function switchLinks() {
    const body = document.body;
    if (!switchFound || switchFound.body !== body || !switchFound.links.every((l) => body.contains(l))) {
      switchFound = { body: body, links: Array.from(document.querySelectorAll("a[hreflang]")) };
    }
    return switchFound.links;
  }

  /** Links to this page in the other languages carry the choice (and where it comes from). */
  function rewriteSwitch(state) {
    const here = window.location.pathname.split("/").filter(Boolean);
    const last = here.length ? here[here.length - 1] : "";
    const lang = document.documentElement.getAttribute("lang") || "";
    for (const link of switchLinks()) {
      if (!originals.has(link)) originals.set(link, link.getAttribute("href") || "");
      const original = originals.get(link);
      let url;
      try {
        url = new URL(original, window.location.href);
      } catch (error) {
        continue;
      }
      const there = url.pathname.split("/").filter(Boolean);
      const same = there.length && there[there.length - 1] === last;
      if (url.origin !== window.location.origin || !same || url.pathname === window.location.pathname) {
        continue;
      }
      const query = writeQuery(url.search, state.slugs, state.match, state.not);
      const from = state.slugs.length && lang ? (query ? "&" : "?") + "from=" + encodeURIComponent(lang) : "";
      const href = state.slugs.length ? url.pathname + query + from + url.hash : original;
      // (the tags left out travel in `not`, written by writeQuery with the choice)
      if (state.slugs.length) {
        carrying.add(link);
        intended.set(link, href);
        keep(link);
      } else {
        carrying.delete(link);
        intended.delete(link);
      }
      if (link.getAttribute("href") !== href) link.setAttribute("href", href);
    }
  }

  // -- wiring ------------------------------------------------------------------------------------

  let waited = 0;
  let first = true; // the first init of this document
  let popped = 0; // when the last popstate came (instant navigation swaps the page after it)

  function init() {
    if (!api() && document.querySelector(EXPLORER) && waited < 100) {
      // Material's instant navigation inserts the two scripts at once and runs whichever
      // loads first: wait for tagindex.js (its labels and facets) a little.
      waited += 1;
      window.setTimeout(init, 50);
      return;
    }
    const back = first ? arrivedByHistory() : Date.now() - popped < 3000;
    first = false;
    if (document.querySelector(EXPLORER) && "scrollRestoration" in window.history) {
      // the cards come after the browser's own restoring: this script restores the place
      window.history.scrollRestoration = "manual";
    }
    stick();
    present = [];
    for (const section of document.querySelectorAll(EXPLORER)) {
      const known = explorers.has(section);
      const state = explorers.get(section) || setUp(section);
      present.push(state);
      fromURL(state, false, back && !known);
    }
  }

  document.addEventListener("click", onClick);
  // Material (and Zensical) send a click on a language link to the same page in the other
  // language, the query left behind; a link that carries a choice is followed as written.
  document.addEventListener(
    "click",
    (event) => {
      const link = event.target instanceof Element ? event.target.closest("a[hreflang]") : null;
      if (link && carrying.has(link) && !event.defaultPrevented) {
        const want = intended.get(link);
        if (want && link.getAttribute("href") !== want) link.setAttribute("href", want);
        event.stopPropagation();
      }
      // leaving by a link (a card's, say): the place is kept for Back
      if (event.target instanceof Element && event.target.closest("a[href]")) saveNow();
    },
    true
  );
  document.addEventListener("change", onChange);
  // an option pressed keeps the focus in Find
  document.addEventListener("mousedown", (event) => {
    if (event.target instanceof Element && event.target.closest("[data-tagindex-option]")) {
      event.preventDefault();
    }
  });
  // Find's options close when the focus leaves it
  document.addEventListener("focusout", (event) => {
    if (!(event.target instanceof Element) || !event.target.matches("[data-tagindex-find]")) return;
    const state = stateOf(event.target);
    if (state) {
      state.active = -1;
      renderOptions(state, "");
    }
  });
  document.addEventListener("input", onInput);
  document.addEventListener("keydown", onKeydown);
  // The audience switch and the filters of tagindex.js.
  document.addEventListener("tagindex:change", (event) => {
    const state = stateOf(event.target);
    if (state) render(state);
  });
  // Back and forward between choices (entries this script pushed; Material's instant
  // navigation swaps the page for its own entries, and init() reads the URL then).
  window.addEventListener("popstate", () => {
    popped = Date.now();
    for (const state of live()) fromURL(state, false, true);
  });
  window.addEventListener("scroll", saveSoon, { passive: true });
  // not bubbling: heard on its way down
  document.addEventListener("contentvisibilityautostatechange", onDrawn, true);
  window.addEventListener("scroll", onScrollNearEnd, { passive: true });
  document.addEventListener("focusin", saveSoon);
  document.addEventListener("focusin", (event) => {
    const pick = event.target instanceof Element ? event.target.closest("[data-tagindex-pick]") : null;
    const state = pick && stateOf(pick);
    if (state) fresh(state, pick);
  });
  window.addEventListener("pagehide", saveNow);
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) init();
  });

  window.tagindexExplorer = { init: init };

  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(() => init());
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init, { once: true });
  } else {
    init();
  }
})();
