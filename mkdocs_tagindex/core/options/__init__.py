"""Options: the plugin's typed options, the types they share with front matter,
and the tags file."""
