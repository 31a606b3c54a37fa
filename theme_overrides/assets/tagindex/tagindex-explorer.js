/* mkdocs-tagindex: the tag explorer of the all-tags page (tagindex/explorer.html).
 *
 * Readers combine tags: a "+" beside each tag of the list (or Enter in the find field) adds it,
 * all / any says whether an article needs every chosen tag or one of them, and the articles
 * that match show as the page's own cards, numbered 01, 02, … with their count. The audience
 * switch and the filters (tagindex.js) apply to them too.
 *
 * The page carries every article's card once, rendered by the site's templates like the cards
 * of tag pages and hidden; this script shows and hides them, so a card here is the card of a
 * tag page, overrides included. Which tag lists which article comes from the language's
 * tags.json (its cards' `article`), read once, when a reader first picks or types, or at once
 * when the URL already holds a choice.
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
  const CARD = "[data-tagindex-facets]";
  const CARD_NUMBER = "[data-tagindex-card-number]";
  const MATCH = "[data-tagindex-match] input[type=radio]";
  const UNFOUND = "data-tagindex-unfound"; // an item the find field leaves out (CSS hides it)

  // Per explorer element: its state and what it found on the page.
  const explorers = new WeakMap();
  // What tags.json says, per URL, indexed once (tagindex.js fetches the file once).
  const indexed = new Map();

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

  /** {slugs, match, from} of a query string. */
  function readQuery(search) {
    const params = rawParams(search);
    const raw = params.get("t") || "";
    const slugs = [];
    for (const piece of raw.split("+")) {
      const slug = decode(piece).trim();
      if (slug && !slugs.includes(slug)) slugs.push(slug);
    }
    const match = params.get("match") === "any" ? "any" : "all";
    return { slugs: slugs, match: match, from: decode(params.get("from") || "") };
  }

  function encodeSlug(slug) {
    return encodeURIComponent(slug).replace(/%2F/gi, "/");
  }

  /** The query of `search` with this choice in front and `from` dropped. */
  function writeQuery(search, slugs, match) {
    const kept = [];
    for (const part of search.replace(/^\?/, "").split("&")) {
      const key = part.split("=")[0];
      if (part && key !== "t" && key !== "match" && key !== "from") kept.push(part);
    }
    const ours = slugs.length ? ["t=" + slugs.map(encodeSlug).join("+"), "match=" + match] : [];
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

  function load(url) {
    if (!indexed.has(url)) {
      const shared = api();
      const promise = (shared ? shared.json(url) : Promise.resolve(null)).then((data) => {
        const found = index(data);
        if (!found) indexed.delete(url); // try again on the next choice
        return found;
      });
      indexed.set(url, promise);
    }
    return indexed.get(url);
  }

  /** slug → {name, articles: Int32Array of places in `articles`}, from tags.json (v2+). */
  function index(data) {
    if (!data || !Array.isArray(data.tags) || !Array.isArray(data.articles)) return null;
    const tags = new Map();
    for (const tag of data.tags) {
      const cards = Array.isArray(tag.cards) ? tag.cards : [];
      const places = new Int32Array(cards.length);
      cards.forEach((card, i) => {
        places[i] = Number.isInteger(card.article) ? card.article : -1;
      });
      tags.set(String(tag.slug), { name: String(tag.name), articles: places });
    }
    return { tags: tags, size: data.articles.length };
  }

  // -- the explorer ------------------------------------------------------------------------------

  function setUp(section) {
    const root = section.closest(ROOT) || document;
    const items = new Map();
    for (const item of root.querySelectorAll(ITEM)) {
      if (section.contains(item)) continue;
      items.set(item.getAttribute("data-tagindex-tag"), item);
    }
    const cards = [];
    for (const card of section.querySelectorAll("[data-tagindex-results] " + CARD)) {
      const place = parseInt(card.getAttribute("data-tagindex-number") || "", 10) - 1;
      cards[Number.isInteger(place) && place >= 0 ? place : cards.length] = card;
      card.hidden = true;
    }
    const state = {
      section: section,
      root: root,
      items: items,
      cards: cards,
      numbers: new Map(), // card → its number element and built text
      facets: new Map(),
      slugs: [],
      match: "all",
      data: null,
      notes: [],
    };
    explorers.set(section, state);
    addPicks(state);
    section.hidden = false;
    return state;
  }

  function nameOf(state, slug) {
    const item = state.items.get(slug);
    const link = item && item.querySelector("a");
    if (link) return link.textContent.trim();
    const tag = state.data && state.data.tags.get(slug);
    return tag ? tag.name : slug;
  }

  function addPicks(state) {
    const template = state.section.querySelector("[data-tagindex-pick-template]");
    if (!template || !template.content) return;
    for (const [slug, item] of state.items) {
      if (item.querySelector(":scope > [data-tagindex-pick]")) continue;
      const button = template.content.firstElementChild.cloneNode(true);
      button.setAttribute("data-tagindex-pick", slug);
      const label = button.getAttribute("data-tagindex-text-label");
      button.setAttribute("aria-label", fill(label, "name", nameOf(state, slug)));
      item.prepend(button);
    }
  }

  /** Choose slugs and match; with `push`, a new history entry. Unknown slugs make a note. */
  function choose(state, slugs, match, options) {
    const opts = options || {};
    const known = [];
    const unknown = [];
    for (const slug of slugs) {
      const found = state.data ? state.data.tags.has(slug) : state.items.has(slug);
      (found ? known : unknown).push(slug);
    }
    state.slugs = known;
    state.match = match === "any" ? "any" : "all";
    state.notes = unknown.length ? [opts.from ? "dropped" : "not-found", unknown] : [];
    if (opts.write !== false) {
      go(writeQuery(window.location.search, state.slugs, state.match), Boolean(opts.push));
    }
    render(state);
    rewriteSwitch(state);
  }

  function fromURL(state, push) {
    const query = readQuery(window.location.search);
    const lang = document.documentElement.getAttribute("lang") || "";
    const from = query.from && query.from !== lang ? query.from : "";
    const apply = () => choose(state, query.slugs, query.match, { from: from, push: push });
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
    return load(new URL(source, window.location.href).href).then((data) => {
      state.section.removeAttribute("aria-busy");
      if (data && data.size === state.cards.length) state.data = data;
      return state.data;
    });
  }

  // -- rendering ---------------------------------------------------------------------------------

  function facetsOf(state, card) {
    if (!state.facets.has(card)) {
      let value = {};
      try {
        value = JSON.parse(card.getAttribute("data-tagindex-facets") || "{}") || {};
      } catch (error) {
        value = {};
      }
      state.facets.set(card, value);
    }
    return state.facets.get(card);
  }

  /** Places of the articles that have all (or any) of the chosen tags, as a mask. */
  function chosen(state) {
    const size = state.cards.length;
    const counts = new Uint16Array(size);
    if (!state.data) return { counts: counts, need: Infinity };
    for (const slug of state.slugs) {
      const tag = state.data.tags.get(slug);
      if (!tag) continue;
      for (const place of tag.articles) if (place >= 0 && place < size) counts[place] += 1;
    }
    return { counts: counts, need: state.match === "all" ? state.slugs.length : 1 };
  }

  function render(state) {
    const shared = api();
    const labels = shared ? shared.labels(state.root) : {};
    const facets = shared && state.root !== document ? shared.state(state.root) : {};
    const active = Object.keys(facets).filter((facet) => facets[facet] !== "");
    const { counts, need } = chosen(state);
    const any = state.slugs.length > 0;
    const shown = [];
    state.cards.forEach((card, place) => {
      if (!card) return;
      let visible = any && counts[place] >= need;
      if (visible && active.length) {
        const own = facetsOf(state, card);
        visible = active.every((facet) => shared.matches(own, facet, facets[facet]));
      }
      if (card.hidden === visible) card.hidden = !visible;
      if (visible) shown.push(card);
    });
    const width = Math.max(2, String(shown.length).length);
    shown.forEach((card, i) => {
      if (!state.numbers.has(card)) state.numbers.set(card, card.querySelector(CARD_NUMBER));
      text(state.numbers.get(card), String(i + 1).padStart(width, "0"));
    });
    const section = state.section;
    const list = section.querySelector("[data-tagindex-results]");
    const count = section.querySelector("[data-tagindex-results-count]");
    const hint = section.querySelector("[data-tagindex-hint]");
    if (list && list.hidden === any) list.hidden = !any;
    for (const el of section.querySelectorAll("[data-tagindex-when-chosen]")) {
      if (el.hidden === any) el.hidden = !any;
    }
    if (hint && hint.hidden !== any) hint.hidden = any;
    if (count) {
      if (count.hidden === any) count.hidden = !any;
      text(count, any && shared ? shared.label(labels, "articles", shown.length) : "");
    }
    for (const match of section.querySelectorAll(MATCH)) {
      const on = match.value === state.match;
      if (match.checked !== on) match.checked = on;
    }
    renderPicks(state);
    renderChips(state);
    renderNote(state);
  }

  function renderPicks(state) {
    for (const [slug, item] of state.items) {
      const button = item.querySelector(":scope > [data-tagindex-pick]");
      const on = state.slugs.includes(slug) ? "true" : "false";
      if (button && button.getAttribute("aria-pressed") !== on) {
        button.setAttribute("aria-pressed", on);
      }
    }
  }

  function renderChips(state) {
    const holder = state.section.querySelector("[data-tagindex-chosen]");
    const template = state.section.querySelector("[data-tagindex-chip-template]");
    if (!holder || !template || !template.content) return;
    const have = Array.from(holder.querySelectorAll("[data-tagindex-unpick]"));
    const wanted = have.map((chip) => chip.getAttribute("data-tagindex-unpick"));
    if (wanted.join("\n") === state.slugs.join("\n")) return;
    const focused = holder.contains(document.activeElement)
      ? document.activeElement.getAttribute("data-tagindex-unpick")
      : null;
    const gone = focused !== null && !state.slugs.includes(focused);
    const at = gone ? wanted.indexOf(focused) : -1;
    holder.textContent = "";
    for (const slug of state.slugs) {
      const chip = template.content.firstElementChild.cloneNode(true);
      const name = nameOf(state, slug);
      chip.setAttribute("data-tagindex-unpick", slug);
      chip.setAttribute("aria-label", fill(chip.getAttribute("data-tagindex-text-label"), "name", name));
      const spot = chip.querySelector("[data-tagindex-chip-name]");
      text(spot, name);
      // the tag's colour and icon (tags file), as its item shows them
      const item = state.items.get(slug);
      const mark = item && item.querySelector(":scope > a [data-tagindex-slug]");
      if (mark && spot) spot.before(mark.cloneNode(true));
      holder.appendChild(chip);
    }
    if (gone) {
      // Focus stays in the group: on the chip now at the removed one's place, or the field.
      const chips = holder.querySelectorAll("[data-tagindex-unpick]");
      const next = chips[Math.min(at, chips.length - 1)];
      const find = state.section.querySelector("[data-tagindex-find]");
      if (next) next.focus();
      else if (find) find.focus();
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
    for (const [slug, item] of state.items) {
      if (!wanted || fold(nameOf(state, slug)).includes(wanted) || slug.includes(wanted)) {
        found.push(item);
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

  function toggle(state, slug) {
    const slugs = state.slugs.includes(slug)
      ? state.slugs.filter((s) => s !== slug)
      : state.slugs.concat([slug]);
    ensureData(state).then(() => choose(state, slugs, state.match, { push: true }));
  }

  function onClick(event) {
    const state = stateOf(event.target);
    if (!state) return;
    const pick = event.target.closest("[data-tagindex-pick]");
    const unpick = event.target.closest("[data-tagindex-unpick]");
    if (pick) toggle(state, pick.getAttribute("data-tagindex-pick"));
    else if (unpick) toggle(state, unpick.getAttribute("data-tagindex-unpick"));
  }

  function onChange(event) {
    const state = stateOf(event.target);
    if (!state || !(event.target instanceof HTMLInputElement)) return;
    if (event.target.matches(MATCH) && event.target.checked) {
      choose(state, state.slugs, event.target.value, { push: true });
    }
  }

  function onInput(event) {
    const state = stateOf(event.target);
    if (!state || !event.target.matches("[data-tagindex-find]")) return;
    find(state, event.target.value);
    ensureData(state);
  }

  function onKeydown(event) {
    const state = stateOf(event.target);
    if (!state || !event.target.matches("[data-tagindex-find]")) return;
    const field = event.target;
    if (event.key === "Enter") {
      event.preventDefault();
      const slug = field.value.trim() ? firstFound(state) : null;
      if (slug) {
        field.value = "";
        find(state, "");
        toggle(state, slug);
      }
    } else if (event.key === "Escape" && field.value) {
      field.value = "";
      find(state, "");
    } else if (event.key === "ArrowDown") {
      const slug = firstFound(state);
      const item = slug && state.items.get(slug);
      const button = item && item.querySelector(":scope > [data-tagindex-pick]");
      if (button) {
        event.preventDefault();
        button.focus();
      }
    }
  }

  // -- the language switch -----------------------------------------------------------------------

  const originals = new WeakMap();
  // Links this script gave a choice to carry.
  const carrying = new WeakSet();

  /** Links to this page in the other languages carry the choice (and where it comes from). */
  function rewriteSwitch(state) {
    const here = window.location.pathname.split("/").filter(Boolean);
    const last = here.length ? here[here.length - 1] : "";
    const lang = document.documentElement.getAttribute("lang") || "";
    for (const link of document.querySelectorAll("a[hreflang]")) {
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
      const query = writeQuery(url.search, state.slugs, state.match);
      const from = state.slugs.length && lang ? (query ? "&" : "?") + "from=" + encodeURIComponent(lang) : "";
      const href = state.slugs.length ? url.pathname + query + from + url.hash : original;
      if (link.getAttribute("href") !== href) link.setAttribute("href", href);
      if (state.slugs.length) carrying.add(link);
      else carrying.delete(link);
    }
  }

  // -- wiring ------------------------------------------------------------------------------------

  let waited = 0;

  function init() {
    if (!api() && document.querySelector(EXPLORER) && waited < 100) {
      // Material's instant navigation inserts the two scripts at once and runs whichever
      // loads first: wait for tagindex.js (its labels and facets) a little.
      waited += 1;
      window.setTimeout(init, 50);
      return;
    }
    for (const section of document.querySelectorAll(EXPLORER)) {
      const state = explorers.get(section) || setUp(section);
      fromURL(state, false);
    }
  }

  document.addEventListener("click", onClick);
  // Material (and Zensical) send a click on a language link to the same page in the other
  // language, the query left behind; a link that carries a choice is followed as written.
  document.addEventListener(
    "click",
    (event) => {
      const link = event.target instanceof Element ? event.target.closest("a[hreflang]") : null;
      if (link && carrying.has(link) && !event.defaultPrevented) event.stopPropagation();
    },
    true
  );
  document.addEventListener("change", onChange);
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
    for (const section of document.querySelectorAll(EXPLORER)) {
      const state = explorers.get(section);
      if (state) fromURL(state, false);
    }
  });
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
