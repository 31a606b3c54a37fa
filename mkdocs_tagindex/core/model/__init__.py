"""The model: a site build's run, each language's articles and tags, the edition."""
