/* mkdocs-tagindex: the audience switch and the card filters of tag pages.
 *
 * The pages are complete without this script: every card shows with its static number and the
 * full count, and the toolbars carry the `hidden` attribute. The script
 *   - shows the toolbars ([data-tagindex-toolbar]) and keeps aria-pressed of their buttons right;
 *   - on a tag page, shows only the cards whose data-tagindex-facets match every chosen facet
 *     (AND across facets; a card with no audience is for every audience), numbers the shown
 *     cards 01, 02, … and rewrites the count line (aria-live) from the labels; on a grouped
 *     page (group_by) a group ([data-tagindex-group]) with no card shown is hidden, heading
 *     and all, and the numbers run on across the groups;
 *   - on the all-tags page, shows each tag's count for the chosen audience from
 *     data-tagindex-counts, hides tags with none and counts the tags left in the header;
 *   - remembers the audience in localStorage ("tagindex.audience") and writes every choice to
 *     the URL (?audience=students&type=paper) with history.replaceState; a URL parameter wins
 *     over the stored audience (and does not overwrite it; only a click does). Other facets
 *     live in the URL only.
 * It works with Material's instant navigation: init() runs on every document$ emission, is
 * idempotent, and one delegated click listener on document serves every page.
 *
 * A tag split into pages (per_page) shows one page's cards. When a choice filters it, the
 * script reads the language's tags.json (the root's data-tagindex-index) to know every card's
 * facets and page, fetches the other pages that hold matching cards (same-origin HTML built
 * with the site), moves those cards into this page's list ([data-tagindex-list]) and hides the
 * pagination ([data-tagindex-pagination]) while the filter is on. These are the only requests
 * it makes (with explorer.json, for the counts of a tag page's "narrow with…" links); if they
 * fail, it filters the cards of this page. No framework.
 * Public: window.tagindex.init(), and state, matches, labels, label, cards (the count label of
 * articles and sections), json, explorer (explorer.json decoded: places per tag and per filter
 * value, and which items are sections), passing, and tally, hits, spread and shown (how a
 * choice of tags matches items, a section by its tags and its page's, shown only where its
 * page is not) for the tag explorer (tagindex-explorer.js), whose cards this script leaves
 * alone; a choice dispatches "tagindex:change" on the page's root.
 */
(function () {
  "use strict";

  // Loaded twice (a theme that also lists it in extra_javascript): one listener is enough.
  if (window.tagindex && typeof window.tagindex.init === "function") {
    window.tagindex.init();
    return;
  }

  const STORAGE_KEY = "tagindex.audience";
  const AUDIENCE = "audience";
  // Every element the script touches is found by a data-tagindex-* attribute; classes are for
  // styles only, so a restyled or rewritten template keeps working as long as it keeps these.
  const ROOT = "[data-tagindex]"; // the page's root: "tag" or "index"
  const GROUP = "[data-tagindex-facet]"; // one group of buttons: audience, type, member, category
  const BUTTON = "[data-tagindex-value]"; // a button; its value ("" = All)
  const TOOLBAR = "[data-tagindex-toolbar]"; // shown by the script, hidden without it
  const CARD = "[data-tagindex-facets]"; // a card, with what the filters match
  const CARD_NUMBER = "[data-tagindex-card-number]"; // the number shown on a card
  const TOTAL = "[data-tagindex-total]"; // the count line under the heading
  const ITEM = "[data-tagindex-counts]"; // an all-tags item, with its counts per audience
  const ITEM_COUNT = "[data-tagindex-count]"; // the count shown on an item
  const BAND = "[data-tagindex-band]"; // a band of the all-tags list, 60 tags to a grid
  const LIST = "[data-tagindex-list]"; // the list of cards of a tag page
  const PAGINATION = "[data-tagindex-pagination]"; // page links of a tag split into pages
  const INDEX_URL = "data-tagindex-index"; // on the root of a paginated tag: its tags.json
  const SECTION = "[data-tagindex-group]"; // a group of a grouped page: its heading and cards
  // The tag explorer of the all-tags page (tagindex-explorer.js): its cards are its own.
  const EXPLORER = "[data-tagindex-explorer]";
  // A tag page's "narrow with…" links (into the explorer), each with the count it leads to.
  const NARROW = "[data-tagindex-narrow]";
  const NARROW_LINK = "[data-tagindex-narrow-link]";
  const SHARED = "[data-tagindex-shared]";

  // tags.json per URL, and the cards of other pages per page URL: each fetched once.
  const fetched = new Map();
  // Cards brought in from the tag's other pages, per root.
  const imported = new WeakMap();
  // The group section each card fetched from another page stood in there (grouped pages).
  const sectionOf = new WeakMap();
  // The render each root has asked for last: a slow fetch never undoes a newer choice.
  const latest = new WeakMap();
  // The same for the counts of each "narrow with…" nav, and each link's href as built.
  const latestNarrow = new WeakMap();
  const builtHref = new WeakMap();

  // Text of the count lines and card numbers as the page was built, to restore on "All".
  const originals = new WeakMap();
  // Parsed data-tagindex-facets / data-tagindex-counts of each element.
  const parsed = new WeakMap();

  function parseJSON(text) {
    if (typeof text !== "string" || text.trim() === "") return null;
    try {
      const value = JSON.parse(text);
      return value && typeof value === "object" ? value : null;
    } catch (error) {
      return null;
    }
  }

  function dataOf(el, attribute) {
    if (!parsed.has(el)) parsed.set(el, new Map());
    const known = parsed.get(el); // an element may carry two (a tag's counts, its sections')
    if (!known.has(attribute)) known.set(attribute, parseJSON(el.getAttribute(attribute)) || {});
    return known.get(attribute);
  }

  function remember(el) {
    if (!originals.has(el)) originals.set(el, el.textContent);
    return originals.get(el);
  }

  function setText(el, text) {
    // Only a real change: a live region re-announces every write.
    if (el.textContent !== text) el.textContent = text;
  }

  // -- storage and URL ---------------------------------------------------------------------------

  function storedAudience() {
    try {
      return window.localStorage.getItem(STORAGE_KEY);
    } catch (error) {
      return null; // storage disabled
    }
  }

  function storeAudience(value) {
    try {
      if (value) window.localStorage.setItem(STORAGE_KEY, value);
      else window.localStorage.removeItem(STORAGE_KEY);
    } catch (error) {
      /* storage disabled or full: the choice lasts for this page */
    }
  }

  function writeURL(facet, value) {
    try {
      const url = new URL(window.location.href);
      if (value) url.searchParams.set(facet, value);
      else url.searchParams.delete(facet);
      const next = url.pathname + url.search + url.hash;
      const here = window.location.pathname + window.location.search + window.location.hash;
      // Keep history.state: Material's instant navigation keeps the scroll offset there.
      if (next !== here) window.history.replaceState(window.history.state, "", next);
    } catch (error) {
      /* an opaque origin or a sandbox: the filter still works */
    }
  }

  // -- labels ------------------------------------------------------------------------------------

  /** {lang, articles: {one, other, …}, tags: {…}} from the page's data-tagindex-labels
   *  attribute (an attribute, not a JSON <script>: Material's instant navigation re-runs every
   *  inline script of the new content, and JSON is not JavaScript).
   */
  function labelsOf(root) {
    const holder = root.hasAttribute("data-tagindex-labels")
      ? root
      : root.querySelector("[data-tagindex-labels]");
    return (holder && parseJSON(holder.getAttribute("data-tagindex-labels"))) || {};
  }

  // One Intl.PluralRules per language: making one costs far more than asking it (the explorer
  // labels thousands of "+" at a time).
  const pluralRules = new Map();

  function pluralForm(lang, n) {
    const key = lang || document.documentElement.lang || "";
    try {
      if (!pluralRules.has(key)) pluralRules.set(key, new Intl.PluralRules(key || undefined));
      return pluralRules.get(key).select(n);
    } catch (error) {
      return "other";
    }
  }

  function label(labels, key, n) {
    const forms = labels[key];
    if (!forms || typeof forms !== "object") return String(n);
    let template = forms[pluralForm(labels.lang, n)];
    if (typeof template !== "string") template = forms.other;
    if (typeof template !== "string") return String(n);
    return template.split("{count}").join(String(n));
  }

  // -- state -------------------------------------------------------------------------------------

  // A root's filter groups, found once: the root of the all-tags page holds every tag of the
  // site, and looking through it again at each change cost more than the change's own counting.
  // The groups are the page's own; a page swapped in (instant navigation) has a new root.
  const groupsFound = new WeakMap();

  function groupsOf(root) {
    const known = groupsFound.get(root);
    if (known && known.every((group) => root.contains(group))) return known;
    const groups = Array.from(root.querySelectorAll(GROUP));
    groupsFound.set(root, groups);
    return groups;
  }

  function buttonsOf(group) {
    return Array.from(group.querySelectorAll(BUTTON));
  }

  function valueOf(button) {
    return button.getAttribute("data-tagindex-value") || "";
  }

  function facetOf(group) {
    return group.getAttribute("data-tagindex-facet") || "";
  }

  /** The choice of each facet on the page: URL first, then (audience only) localStorage. */
  function initialState(root) {
    const params = new URLSearchParams(window.location.search);
    const state = {};
    for (const group of groupsOf(root)) {
      const facet = facetOf(group);
      const values = buttonsOf(group).map(valueOf);
      let value = "";
      if (params.has(facet) && values.includes(params.get(facet))) {
        value = params.get(facet);
      } else if (facet === AUDIENCE) {
        const stored = storedAudience();
        if (stored !== null && values.includes(stored)) value = stored;
      }
      state[facet] = value;
    }
    return state;
  }

  /** The choice of each facet as the buttons show it. */
  function currentState(root) {
    const state = {};
    for (const group of groupsOf(root)) {
      const pressed = buttonsOf(group).find((b) => b.getAttribute("aria-pressed") === "true");
      state[facetOf(group)] = pressed ? valueOf(pressed) : "";
    }
    return state;
  }

  // -- rendering ---------------------------------------------------------------------------------

  function matches(facets, facet, value) {
    const list = Array.isArray(facets[facet]) ? facets[facet].map(String) : [];
    // An article that names no audience is for everyone.
    if (facet === AUDIENCE && list.length === 0) return true;
    return list.includes(value);
  }

  // -- a tag split into pages -----------------------------------------------------------------

  function once(url, load) {
    if (!fetched.has(url)) {
      fetched.set(
        url,
        load(url).catch(() => {
          fetched.delete(url); // try again on the next choice
          return null;
        })
      );
    }
    return fetched.get(url);
  }

  function getJSON(url) {
    return fetch(url, { credentials: "same-origin" }).then((response) => {
      if (!response.ok) throw new Error(String(response.status));
      return response.json();
    });
  }

  // -- explorer.json: which tag and which filter value lists which article -------------------

  const decoded = new Map();

  /** Places from a list of gaps (explorer.json writes each ascending list as gaps); a place
   *  outside the file's articles is dropped. */
  function ungap(gaps, size) {
    const list = Array.isArray(gaps) ? gaps : [];
    const out = new Int32Array(list.length);
    let at = 0;
    let n = 0;
    for (let i = 0; i < list.length; i += 1) {
      at += Number(list[i]) || 0;
      if (at >= 0 && at < size) out[n++] = at;
    }
    return n === out.length ? out : out.slice(0, n);
  }

  /** FNV-1a (32 bits) over UTF-16 code units, as explorer.json's `check`. */
  function fnv(text) {
    let value = 0x811c9dc5;
    for (let i = 0; i < text.length; i += 1) {
      value = Math.imul(value ^ text.charCodeAt(i), 0x01000193) >>> 0;
    }
    return value.toString(16).padStart(8, "0");
  }

  /** Each value's articles (places) from each article's values (a bit mask, or a list). */
  function facetPlaces(facet, size) {
    const values = Array.isArray(facet && facet.values) ? facet.values.map(String) : [];
    const of = Array.isArray(facet && facet.of) ? facet.of : [];
    const lists = values.map(() => []);
    for (let place = 0; place < Math.min(size, of.length); place += 1) {
      const own = of[place];
      if (Array.isArray(own)) {
        for (const i of own) if (lists[i]) lists[i].push(place);
      } else {
        for (let i = 0; i < values.length; i += 1) if (own & (1 << i)) lists[i].push(place);
      }
    }
    return new Map(values.map((value, i) => [value, Int32Array.from(lists[i])]));
  }

  function decodeExplorer(data, slugs) {
    const size = data.size;
    const tags = new Map();
    data.tags.forEach((gaps, i) => tags.set(slugs[i], ungap(gaps, size)));
    const facets = new Map();
    for (const facet of Object.keys(data.facets || {})) {
      facets.set(facet, facetPlaces(data.facets[facet], size));
    }
    const piece = Number.isInteger(data.piece) && data.piece > 0 ? data.piece : 1;
    const pieces = Number.isInteger(data.pieces) ? data.pieces : 0;
    const found = { size: size, tags: tags, facets: facets, pieces: pieces, piece: piece, sections: null };
    if (Array.isArray(data.sections) && data.sections.length > 0) found.sections = sectionsOf(data.sections, size);
    return found;
  }

  /** The items that are sections (issue 41): their places, each one's page (the nearest item
   *  before it that is not a section), and 1 for each of them by place. */
  function sectionsOf(gaps, size) {
    const places = ungap(gaps, size);
    const is = new Uint8Array(size);
    for (const place of places) is[place] = 1;
    const of = new Int32Array(size).fill(-1); // place → its page, for a section
    let page = -1;
    for (let place = 0; place < size; place += 1) {
      if (!is[place]) page = place;
      else of[place] = page;
    }
    return { places: places, is: is, of: of };
  }

  /** How many of `slugs` each item has: a section has its own (those it adds to its page's,
   *  which explorer.json lists it under) and its page's. */
  function tally(data, slugs) {
    const counts = new Uint16Array(data.size);
    for (const slug of slugs) {
      for (const place of data.tags.get(slug) || []) counts[place] += 1;
    }
    const sections = data.sections;
    if (sections) {
      for (const place of sections.places) {
        if (sections.of[place] >= 0) counts[place] += counts[sections.of[place]];
      }
    }
    return counts;
  }

  /** 1 for each item a choice needing `need` of its tags shows: a section only where its page
   *  is not shown (an article with the tags at page level is one card, its sections in it). */
  function hits(data, counts, need) {
    const out = new Uint8Array(counts.length);
    for (let place = 0; place < counts.length; place += 1) out[place] = counts[place] >= need ? 1 : 0;
    const sections = data.sections;
    if (sections) {
      for (const place of sections.places) {
        if (sections.of[place] >= 0 && out[sections.of[place]]) out[place] = 0;
      }
    }
    return out;
  }

  /** A section passes only where its page does: it carries its page's tags, so a tag left out
   *  of its page leaves it out too (its facets are its page's already). */
  function spread(data, ok) {
    const sections = data.sections;
    if (!sections) return ok;
    for (const place of sections.places) {
      if (sections.of[place] >= 0) ok[place] &= ok[sections.of[place]];
    }
    return ok;
  }

  /** The cards a choice shows where `ok` says they pass: {all, sections}. */
  function shown(data, counts, need, ok) {
    const hit = hits(data, counts, need);
    const is = data.sections ? data.sections.is : null;
    let all = 0;
    let sections = 0;
    for (let place = 0; place < hit.length; place += 1) {
      if (hit[place] && ok[place]) {
        all += 1;
        if (is && is[place]) sections += 1;
      }
    }
    return { all: all, sections: sections };
  }

  /** The slugs of explorer.json's `tags`: the page's own (`slugs`, sorted) where they are its
   *  list's, else its `names` file. */
  function slugsOf(url, data, slugs) {
    const sorted = Array.isArray(slugs) ? slugs.slice().sort() : null;
    if (sorted && sorted.length === data.count && fnv(sorted.join("\n")) === data.check) {
      return Promise.resolve(sorted);
    }
    if (typeof data.names !== "string") return Promise.resolve(null);
    return once(new URL(data.names, url).href, getJSON).then((names) =>
      Array.isArray(names) && names.length === data.tags.length ? names.map(String) : null
    );
  }

  /** explorer.json of `url`, decoded once (a promise; null when it could not be had);
   *  `slugs`: the tags of the page's list, if it has one. */
  function explorerData(url, slugs) {
    if (!decoded.has(url)) {
      const promise = once(url, getJSON)
        .then((data) => {
          const usable = data && data.version === 1 && Number.isInteger(data.size);
          if (!usable || !Array.isArray(data.tags)) return null;
          return slugsOf(url, data, slugs).then((names) => (names ? decodeExplorer(data, names) : null));
        })
        .then((found) => {
          if (!found) decoded.delete(url);
          return found;
        });
      decoded.set(url, promise);
    }
    return decoded.get(url);
  }

  /** 1 for each article of `data` that passes every facet of `state` chosen, but `except`. */
  function passing(data, state, except) {
    const ok = new Uint8Array(data.size).fill(1);
    const hit = new Uint8Array(data.size);
    for (const facet of Object.keys(state)) {
      if (state[facet] === "" || facet === except) continue;
      const values = data.facets.get(facet);
      const places = values ? values.get(String(state[facet])) : null;
      hit.fill(0);
      for (const place of places || []) hit[place] = 1;
      for (let i = 0; i < ok.length; i += 1) ok[i] &= hit[i];
    }
    return spread(data, ok);
  }

  function getCards(url) {
    return fetch(url, { credentials: "same-origin" })
      .then((response) => {
        if (!response.ok) throw new Error(String(response.status));
        return response.text();
      })
      .then((html) => {
        const page = new DOMParser().parseFromString(html, "text/html");
        const cards = new Map();
        for (const card of page.querySelectorAll(`${LIST} ${CARD}`)) {
          // Links are relative to the page they come from: make them absolute here.
          for (const el of card.querySelectorAll("[href], [src]")) {
            for (const attribute of ["href", "src"]) {
              const value = el.getAttribute(attribute);
              if (value !== null) el.setAttribute(attribute, new URL(value, url).href);
            }
          }
          cards.set(card.getAttribute("data-tagindex-number"), card);
          const section = card.closest(SECTION);
          if (section) sectionOf.set(card, section);
        }
        return cards;
      });
  }

  /** Bring the cards of the tag's other pages that match `state` into this page's list, in
   *  card order; resolves when they are there (or could not be fetched). */
  function expand(root, state) {
    const source = root.getAttribute(INDEX_URL);
    const list = root.querySelector(LIST);
    if (!source || !list) return Promise.resolve();
    const jsonURL = new URL(source, window.location.href).href;
    return once(jsonURL, getJSON).then((data) => {
      const slug = root.getAttribute("data-tagindex-tag");
      const tag = data && Array.isArray(data.tags) ? data.tags.find((t) => t.slug === slug) : null;
      if (!tag || !Array.isArray(tag.cards) || !Array.isArray(tag.pages)) return;
      const here = new Set(
        Array.from(list.querySelectorAll(CARD)).map((c) => c.getAttribute("data-tagindex-number"))
      );
      const active = Object.keys(state).filter((facet) => state[facet] !== "");
      const wanted = tag.cards.filter(
        (card) =>
          !here.has(card.number) &&
          active.every((facet) => matches(card.facets || {}, facet, state[facet]))
      );
      const pages = Array.from(new Set(wanted.map((card) => card.page)));
      return Promise.all(
        pages.map((n) => {
          const rel = tag.pages[n - 1];
          return rel ? once(new URL(rel, jsonURL).href, getCards) : Promise.resolve(null);
        })
      ).then((found) => {
        const moved = imported.get(root) || new Set();
        const have = new Set(
          Array.from(moved).map((c) => c.getAttribute("data-tagindex-number"))
        );
        for (const cards of found) {
          if (!cards) continue;
          for (const [number, card] of cards) {
            if (here.has(number) || have.has(number)) continue;
            const copy = document.importNode(card, true);
            if (sectionOf.has(card)) sectionOf.set(copy, sectionOf.get(card));
            copy.hidden = true;
            moved.add(copy);
            have.add(number);
          }
        }
        imported.set(root, moved);
        // every card of the tag, this page's and the others', in card order
        const all = Array.from(list.querySelectorAll(CARD)).concat(
          Array.from(moved).filter((c) => !c.isConnected)
        );
        // numbers are zero-padded to one width per tag: text order is card order
        const number = (card) => card.getAttribute("data-tagindex-number") || "";
        all.sort((a, b) => (number(a) < number(b) ? -1 : number(a) > number(b) ? 1 : 0));
        for (const card of all) listFor(list, card).appendChild(card);
        orderSections(list, number);
      });
    });
  }

  /** Where a card goes in the list: on a grouped page, the list of its group's section (made
   *  from the section it stood in on its own page when this page has none); else the list. */
  function listFor(list, card) {
    const own = card.isConnected ? card.closest(SECTION) : null;
    const source = own || sectionOf.get(card);
    if (!source || list.querySelector(SECTION) === null) return list;
    const key = source.getAttribute("data-tagindex-group");
    let section = Array.from(list.querySelectorAll(SECTION)).find(
      (s) => s.getAttribute("data-tagindex-group") === key
    );
    if (!section) {
      section = document.importNode(source, false);
      for (const child of source.children) {
        if (!child.matches("ol")) section.appendChild(document.importNode(child, true));
      }
      section.removeAttribute("data-tagindex-continued");
      const heading = section.querySelector("[id]");
      if (heading) heading.removeAttribute("id"); // the anchor stays this page's own
      // the source group's own list, shallow: its attributes (styles) without its cards
      const own = source.querySelector("ol");
      const ol = own ? document.importNode(own, false) : document.createElement("ol");
      ol.removeAttribute("start");
      section.appendChild(ol);
      list.appendChild(section);
    }
    return section.querySelector("ol") || section;
  }

  /** Groups in the order of their first cards (numbers follow the groups' order). */
  function orderSections(list, number) {
    const sections = Array.from(list.querySelectorAll(SECTION));
    const first = (s) => {
      const card = s.querySelector(CARD);
      return card ? number(card) : "~";
    };
    sections.sort((a, b) => (first(a) < first(b) ? -1 : first(a) > first(b) ? 1 : 0));
    for (const section of sections) list.appendChild(section);
  }

  /** A group whose cards are all hidden hides its heading too. */
  function renderSections(root) {
    for (const section of root.querySelectorAll(SECTION)) {
      const empty = !Array.from(section.querySelectorAll(CARD)).some((card) => !card.hidden);
      if (section.hidden !== empty) section.hidden = empty;
    }
  }

  function paginated(root) {
    return root.hasAttribute(INDEX_URL) && root.querySelector(PAGINATION) !== null;
  }

  function renderCards(root, state, labels) {
    const moved = imported.get(root) || new Set();
    const active = Object.keys(state).filter((facet) => state[facet] !== "");
    // On a tag split into pages, cards of other pages show only while a filter is on.
    const cards = Array.from(root.querySelectorAll(CARD)).filter(
      (card) => (active.length > 0 || !moved.has(card)) && !card.closest(EXPLORER)
    );
    for (const card of moved) if (active.length === 0 && !card.hidden) card.hidden = true;
    const pagination = root.querySelector(PAGINATION);
    if (pagination && paginated(root)) pagination.hidden = active.length > 0;
    if (cards.length > 0) showCards(root, cards, active, state, labels);
    renderSections(root);
  }

  /** Show the cards that match, number the shown ones 01, 02, … down the page (across the
   *  groups of a grouped page) while a filter is on, and rewrite the count line. */
  function showCards(root, cards, active, state, labels) {
    const shown = [];
    for (const card of cards) {
      const facets = dataOf(card, "data-tagindex-facets");
      const visible = active.every((facet) => matches(facets, facet, state[facet]));
      if (card.hidden === visible) card.hidden = !visible;
      if (visible) shown.push(card);
      const number = card.querySelector(CARD_NUMBER);
      if (number) setText(number, remember(number));
    }
    if (active.length > 0) {
      const width = Math.max(2, String(shown.length).length);
      shown.forEach((card, i) => {
        const number = card.querySelector(CARD_NUMBER);
        if (number) setText(number, String(i + 1).padStart(width, "0"));
      });
    }
    const count = root.querySelector(TOTAL);
    if (count) {
      const built = remember(count);
      const sections = shown.filter((card) => card.hasAttribute("data-tagindex-section")).length;
      const text = cardsLabel(labels, shown.length - sections, sections);
      setText(count, active.length > 0 ? text : built);
    }
  }

  /** What some cards are (labels.cards in Python): "16 articles · 3 sections", "16 articles"
   *  with no section, "3 sections" with no article; a page without sections has no label. */
  function cardsLabel(labels, articles, sections) {
    if (!sections || !labels.sections) return label(labels, "articles", articles);
    if (!articles) return label(labels, "sections", sections);
    return label(labels, "articles", articles) + " · " + label(labels, "sections", sections);
  }

  function renderIndex(root, audience, labels) {
    const items = Array.from(root.querySelectorAll(ITEM));
    if (items.length === 0) return;
    let left = 0;
    for (const item of items) {
      const count = item.querySelector(ITEM_COUNT);
      const built = count ? remember(count) : "";
      const counts = dataOf(item, "data-tagindex-counts");
      const sectionCounts = dataOf(item, "data-tagindex-section-counts");
      const of = (table) => {
        const n = table ? Number(table[audience]) : 0;
        return Number.isFinite(n) && n > 0 ? n : 0;
      };
      const n = audience && counts ? of(counts) : null;
      const m = audience && sectionCounts ? of(sectionCounts) : 0;
      const visible = n === null || n + m > 0;
      if (item.hidden === visible) item.hidden = !visible;
      if (visible) left += 1;
      if (count) setText(count, n === null ? built : cardsLabel(labels, n, m));
    }
    refill(root, items);
    const header = root.querySelector(TOTAL);
    if (header) {
      const built = remember(header);
      // The audience's article total is not on the page: the filtered line counts tags only.
      setText(header, audience ? label(labels, "tags", left) : built);
    }
  }

  /** The list's bands (each a grid of 60 tags, tags.html) hold 60 shown tags each again once
   *  an audience hides some: a band ending in a part-filled row would leave a hole in the grid
   *  every 60 tags. Only bands whose tags change are rewritten; one left empty is hidden. */
  function refill(root, items) {
    const bands = Array.from(root.querySelectorAll(BAND));
    if (bands.length < 2) return;
    const size = Number(bands[0].parentElement.getAttribute("data-tagindex-bands")) || 60;
    const wanted = bands.map(() => []);
    const ours = new Set(bands);
    let shown = 0;
    for (const item of items) {
      if (!ours.has(item.parentElement)) return; // a list an override laid out otherwise
      wanted[Math.min(bands.length - 1, Math.floor(shown / size))].push(item);
      if (!item.hidden) shown += 1;
    }
    bands.forEach((band, i) => {
      const now = band.children;
      const same = now.length === wanted[i].length && wanted[i].every((item, k) => now[k] === item);
      if (!same) band.replaceChildren(...wanted[i]);
      const empty = wanted[i].length === 0;
      if (band.hidden !== empty) band.hidden = empty;
    });
  }

  /** A tag page's "narrow with…" links carry the audience and filters chosen here into the
   *  explorer's URL (which reads them as this script does), and each count follows them: the
   *  articles of both tags that pass, counted from explorer.json, the data the explorer counts
   *  from, so the count on the link is the count on arrival. */
  function renderNarrow(root, state, labels) {
    const nav = root.querySelector(NARROW);
    if (!nav) return;
    const active = Object.keys(state).filter((facet) => state[facet] !== "");
    const links = Array.from(nav.querySelectorAll(NARROW_LINK));
    for (const link of links) {
      if (!builtHref.has(link)) builtHref.set(link, link.getAttribute("href") || "");
      let href = builtHref.get(link);
      for (const facet of active) {
        const pair = encodeURIComponent(facet) + "=" + encodeURIComponent(state[facet]);
        href += (href.includes("?") ? "&" : "?") + pair;
      }
      if (link.getAttribute("href") !== href) link.setAttribute("href", href);
      const count = link.querySelector(SHARED);
      if (count) remember(count);
    }
    const token = {};
    latestNarrow.set(nav, token);
    const source = nav.getAttribute(INDEX_URL);
    if (active.length === 0 || !source) {
      for (const count of nav.querySelectorAll(SHARED)) setText(count, remember(count));
      return;
    }
    nav.setAttribute("aria-busy", "true"); // until its counts follow the choice
    explorerData(new URL(source, window.location.href).href).then((data) => {
      if (latestNarrow.get(nav) !== token) return;
      nav.removeAttribute("aria-busy");
      if (!data) return;
      const slug = root.getAttribute("data-tagindex-tag") || "";
      if (!data.tags.has(slug)) return;
      const ok = passing(data, state, null);
      for (const link of links) {
        const other = link.getAttribute("data-tagindex-narrow-link") || "";
        const count = link.querySelector(SHARED);
        if (!data.tags.has(other) || !count) continue;
        // counted as the explorer counts both tags (a section with its page's tags too)
        const found = shown(data, tally(data, [slug, other]), 2, ok);
        setText(count, cardsLabel(labels, found.all - found.sections, found.sections));
      }
    });
  }

  function render(root, state) {
    for (const group of groupsOf(root)) {
      const chosen = state[facetOf(group)] || "";
      for (const button of buttonsOf(group)) {
        const pressed = valueOf(button) === chosen ? "true" : "false";
        if (button.getAttribute("aria-pressed") !== pressed) {
          button.setAttribute("aria-pressed", pressed);
        }
      }
    }
    const labels = labelsOf(root);
    renderCards(root, state, labels);
    renderIndex(root, state[AUDIENCE] || "", labels);
    renderNarrow(root, state, labels);
    const filtering = Object.keys(state).some((facet) => state[facet] !== "");
    if (filtering && paginated(root)) {
      const token = {};
      latest.set(root, token);
      root.setAttribute("aria-busy", "true");
      expand(root, state)
        .catch(() => null)
        .then(() => {
          if (latest.get(root) !== token) return; // a newer choice renders itself
          root.removeAttribute("aria-busy");
          renderCards(root, currentState(root), labels);
        });
    }
  }

  // -- chips under tagged headings ---------------------------------------------------------------

  const SECTION_CHIPS = "[data-tagindex-section-tags]";

  function blankText(node) {
    return node && node.nodeType === Node.TEXT_NODE && !node.data.trim();
  }

  /** Heading id → the `<!-- tags: … -->` comment under it, for the headings without chips. */
  function taggedHeadings() {
    const found = new Map();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_COMMENT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!/^\s*tags\s*:/.test(node.data)) continue;
      let heading = node.previousSibling;
      while (blankText(heading)) heading = heading.previousSibling;
      let next = node.nextSibling;
      while (blankText(next)) next = next.nextSibling;
      const drawn = next instanceof Element && next.matches(SECTION_CHIPS); // by the host, or before
      if (heading instanceof Element && /^H[2-6]$/.test(heading.tagName) && heading.id && !drawn) {
        found.set(heading.id, node);
      }
    }
    return found;
  }

  /** A page's URL as one key, whether it ends in index.html or not. */
  function pathKey(url) {
    return url.origin + url.pathname.replace(/index\.html$/, "");
  }

  function samePage(url) {
    return pathKey(url) === pathKey(new URL(window.location.href));
  }

  /** The chips of one heading, in the markup tagindex/section-tags.html gives them on MkDocs. */
  function sectionChips(id, chips, root) {
    const box = document.createElement("div");
    box.setAttribute("class", "md-tags tagindex-section-tags"); // the theme's chips, for looks
    box.setAttribute("data-tagindex-section-tags", id);
    for (const chip of chips) {
      if (!chip || typeof chip.url !== "string" || typeof chip.name !== "string") continue;
      const link = document.createElement("a");
      link.setAttribute("class", "md-tag");
      link.setAttribute("href", new URL(chip.url, root).href);
      if (chip.slug) link.setAttribute("data-tagindex-slug", chip.slug);
      if (chip.title) {
        link.setAttribute("title", chip.title);
        link.setAttribute("aria-label", chip.title);
      }
      link.textContent = chip.name;
      box.appendChild(link);
    }
    return box;
  }

  /** Where the host renders article pages without us (Zensical), the chips under each tagged
   *  heading, from the language's sections.json (its URL on the page's chips, from the
   *  partial `tagindex init` places). Without JavaScript the heading shows no chips. */
  function drawSectionChips() {
    const source = document.querySelector("[data-tagindex-sections]");
    if (!source) return;
    const headings = taggedHeadings();
    if (headings.size === 0) return;
    const url = new URL(source.getAttribute("data-tagindex-sections") || "", window.location.href);
    once(url.href, getJSON).then((data) => {
      if (!data || data.version !== 1 || !data.pages || typeof data.pages !== "object") return;
      const root = new URL(typeof data.root === "string" ? data.root : "", url);
      const key = Object.keys(data.pages).find((page) => samePage(new URL(page, root)));
      const mine = key === undefined ? null : data.pages[key];
      if (!mine) return;
      let styled = false;
      // looked for again: an init that ran while the file was on its way may have drawn some
      for (const [id, comment] of taggedHeadings()) {
        const chips = mine[id];
        if (!Array.isArray(chips) || chips.length === 0 || !comment.parentNode) continue;
        const box = sectionChips(id, chips, root);
        comment.parentNode.insertBefore(box, comment.nextSibling);
        styled = styled || box.querySelector("[data-tagindex-slug]") !== null;
      }
      const styles = new URL("tags.css", url).href;
      const linked = Array.from(document.querySelectorAll('link[rel="stylesheet"]')).some((l) => l.href === styles);
      if (styled && !linked) {
        const link = document.createElement("link");
        link.rel = "stylesheet";
        link.href = styles;
        document.head.appendChild(link);
      }
    });
  }

  // -- section cards in Zensical's listings ---------------------------------------------------

  const LISTING = "[data-tagindex-listing]"; // a list of Zensical's listing.html: the tag's name
  const LISTING_TITLE = "H3"; // the element of a card's title there (listing.html)

  /** Zensical's listings in the tagindex layout (fragments/tags/tagindex/listing.html) hold the
   *  pages whose `tags:` have the tag; the cards of the sections that carry it on other pages
   *  join them from the tag page, where its order puts them (the language's listings.json),
   *  and the list is numbered again. Without JavaScript the list shows the pages. */
  function drawListingSections() {
    for (const listing of document.querySelectorAll(LISTING)) {
      const source = listing.getAttribute("data-tagindex-listings");
      if (!source || listing.hasAttribute("data-tagindex-listed")) continue;
      listing.setAttribute("data-tagindex-listed", "");
      const url = new URL(source, window.location.href);
      once(url.href, getJSON)
        .then((data) => listedSections(listing, data, url))
        .catch(() => null);
    }
  }

  /** The section cards of the listing's tag, each with the URL of the page it follows (null:
   *  the list's start), fetched from the tag pages that hold them; then merged. */
  function listedSections(listing, data, url) {
    if (!data || data.version !== 1 || !Array.isArray(data.tags)) return null;
    const name = listing.getAttribute("data-tagindex-listing");
    const entry = data.tags.find((e) => e && Array.isArray(e.names) && e.names.includes(name));
    if (!entry || !Array.isArray(entry.cards)) return null;
    const root = new URL(typeof data.root === "string" ? data.root : "", url);
    const wanted = entry.cards
      .filter((c) => Array.isArray(c) && c.length === 3)
      .map(([after, page, number]) => [
        after === null ? null : pathKey(new URL(String(after), root)),
        new URL(String(page), root).href,
        String(number),
      ]);
    const pages = Array.from(new Set(wanted.map(([, page]) => page)));
    if (pages.length === 0) return null;
    return Promise.all(pages.map((page) => once(page, getCards))).then((found) => {
      const byPage = new Map(pages.map((page, i) => [page, found[i]]));
      const placed = wanted.map(([after, page, number]) => {
        const cards = byPage.get(page);
        return [after, cards ? cards.get(number) : null];
      });
      mergeSections(listing, placed);
    });
  }

  /** Each section's card after the listed page it follows (after the sections placed there
   *  before it; where that page is not in this list, after the section placed before it),
   *  its title as the list's; then every card numbered in the list's order. */
  function mergeSections(listing, placed) {
    const list = listing.querySelector("ol");
    if (!list) return;
    const pages = new Map();
    for (const item of list.children) {
      const link = item.querySelector("a[href]");
      if (link) pages.set(pathKey(new URL(link.getAttribute("href"), window.location.href)), item);
    }
    let last = null; // the card the next one goes after; null: the list's start
    let lastAfter;
    for (const [after, card] of placed) {
      if (!card) continue;
      if (after !== lastAfter) {
        lastAfter = after;
        if (after === null) last = null;
        else if (pages.has(after)) last = pages.get(after);
      }
      const node = asListed(card);
      list.insertBefore(node, last ? last.nextSibling : list.firstChild);
      last = node;
    }
    const cards = Array.from(list.children);
    const width = Math.max(2, String(cards.length).length);
    cards.forEach((item, i) => {
      const number = String(i + 1).padStart(width, "0");
      item.setAttribute("data-tagindex-number", number);
      const spot = item.querySelector(CARD_NUMBER);
      if (spot) setText(spot, number);
    });
    if (cards.length > 0) listing.hidden = false;
  }

  /** A copy of a tag page's card for a listing: its title in the listing's heading element. */
  function asListed(card) {
    const node = card.cloneNode(true);
    const title = node.querySelector("h2, h3, h4, [role='heading']");
    if (title && title.tagName !== LISTING_TITLE) {
      const heading = document.createElement(LISTING_TITLE);
      for (const { name, value } of Array.from(title.attributes)) {
        if (name !== "role" && name !== "aria-level") heading.setAttribute(name, value);
      }
      heading.append(...Array.from(title.childNodes));
      title.replaceWith(heading);
    }
    return node;
  }

  // -- wiring ------------------------------------------------------------------------------------

  function init() {
    drawSectionChips();
    drawListingSections();
    for (const root of document.querySelectorAll(ROOT)) {
      if (groupsOf(root).length === 0) continue;
      for (const toolbar of root.querySelectorAll(TOOLBAR)) {
        const usable = Array.from(toolbar.querySelectorAll(GROUP)).some(
          (group) => buttonsOf(group).length > 1
        );
        if (usable) toolbar.hidden = false;
      }
      render(root, initialState(root));
    }
  }

  function onClick(event) {
    if (!(event.target instanceof Element)) return;
    const button = event.target.closest(BUTTON);
    const group = button && button.closest(GROUP);
    const root = group && group.closest(ROOT);
    // aria-disabled: a value the explorer found to lead to no article (it stays focusable)
    if (!root || button.disabled || button.getAttribute("aria-disabled") === "true") return;
    const facet = facetOf(group);
    const value = valueOf(button);
    const state = currentState(root);
    state[facet] = value;
    render(root, state);
    if (facet === AUDIENCE) storeAudience(value);
    writeURL(facet, value);
    // The explorer (tagindex-explorer.js) applies the same choice to its cards.
    root.dispatchEvent(new CustomEvent("tagindex:change", { bubbles: true }));
  }

  document.addEventListener("click", onClick);
  // Back/forward from the bfcache: the stored audience may have changed on another page.
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) init();
  });

  // init, and what tagindex-explorer.js shares: the choice of each facet as the buttons show
  // it, whether a card's facets match a choice, the count labels, and a JSON file fetched once
  // (a promise of its data, or of null when it could not be had).
  window.tagindex = {
    init: init,
    state: currentState,
    matches: matches,
    labels: labelsOf,
    label: label,
    json: (url) => once(url, getJSON),
    explorer: explorerData,
    passing: passing,
    tally: tally,
    hits: hits,
    spread: spread,
    shown: shown,
    cards: cardsLabel,
  };

  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(() => init());
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init, { once: true });
  } else {
    init();
  }
})();
