"""The MkDocs host: MkDocs' files, pages, nav and Jinja environment translated into the engine's
inputs (`mkdocs_tagindex.core`), and its outputs back into MkDocs. `plugin.py` wires the events."""
