"""`python -m mkdocs_tagindex`: the `tagindex` command."""

from mkdocs_tagindex.command.cli import entry

entry()
