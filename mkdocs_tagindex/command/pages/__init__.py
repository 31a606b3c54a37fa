"""The pages as Zensical publishes and renders them: which are published, their meta, their
Markdown, blog posts' URLs and read times, and what Zensical refuses."""
