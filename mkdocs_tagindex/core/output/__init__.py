"""Outputs: `tags.json`, feeds, `<head>` data, template contexts, and rendering without a theme."""
