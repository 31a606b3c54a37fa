"""mkdocs-tagindex: tag index pages of numbered article cards for MkDocs + Material."""

__version__ = "0.1.0"
