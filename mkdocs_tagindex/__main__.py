"""`python -m mkdocs_tagindex`: the `tagindex` command."""

from mkdocs_tagindex.command.cli import main

raise SystemExit(main())
