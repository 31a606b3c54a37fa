"""The `tagindex` command: a second host of the engine (`mkdocs_tagindex/core/`) for sites that
Zensical builds. It reads the site's pages itself, computes with the core, and writes Markdown
pages, feeds and `tags.json` into folders of its own under `docs_dir`; `zensical build` then builds
them like any page. It imports the core and never MkDocs' build machinery or `host/`.

Modules: `site` (configuration), `sources` (pages, `.meta.yml`, languages), `markup` (Markdown
rendering and the cache), `owned` (the folders it owns: marker, manifest, atomic writes),
`publish` (the engine's calls in order), `setup` (`tagindex init`), `check`, `watch`, `cli`.
"""
